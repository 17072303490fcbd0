/**
 * Per-resource field selector support, as the real API server has it:
 * - which field labels a `fieldSelector` may name (the field label conversion funcs registered in
 *   kubernetes `pkg/apis/core/v1/conversion.go`; kinds without one get runtime's
 *   DefaultMetaV1FieldSelectorConversion: only metadata.name and metadata.namespace), and
 * - the field set each object offers to a selector (`GetAttrs` / `ToSelectableFields` in
 *   `pkg/registry/core/<resource>/strategy.go`).
 * A label the conversion accepts but the field set lacks (pods' `status.podIPs`) reads as "".
 */
import type { KubeObject, ObjectMeta } from '../../k8s/types/meta';
import type { StoredResource } from '../storage/types';

/** A conversion that accepts a label (possibly renaming it) or returns the error message. */
type Conversion = (label: string) => { label: string } | { error: string };

function only(labels: readonly string[], renames: Readonly<Record<string, string>> = {}): Conversion {
  const accepted = new Set(labels);
  return (label) => {
    if (accepted.has(label)) return { label };
    if (Object.prototype.hasOwnProperty.call(renames, label)) return { label: renames[label] };
    return { error: `field label not supported: ${label}` };
  };
}

/** runtime.DefaultMetaV1FieldSelectorConversion (Endpoints, EndpointSlice: no registered func). */
const defaultConversion: Conversion = (label) =>
  label === 'metadata.name' || label === 'metadata.namespace'
    ? { label }
    : { error: `"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"` };

const CONVERSIONS: Record<StoredResource, Conversion> = {
  namespaces: only(['status.phase', 'metadata.name']),
  services: only(['metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type']),
  endpoints: defaultConversion,
  endpointslices: defaultConversion,
  leases: defaultConversion,
  pods: only(
    [
      'metadata.name',
      'metadata.namespace',
      'spec.nodeName',
      'spec.restartPolicy',
      'spec.schedulerName',
      'spec.serviceAccountName',
      'spec.hostNetwork',
      'status.phase',
      'status.podIP',
      'status.podIPs',
      'status.nominatedNodeName',
    ],
    // Backwards compatibility with old v1 clients which send spec.host.
    { 'spec.host': 'spec.nodeName' },
  ),
  nodes: only(['metadata.name', 'spec.unschedulable']),
  events: only([
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
    'metadata.namespace',
    'metadata.name',
  ]),
};

/** The field label conversion of `resource`: the label to match on, or the real error message. */
export function convertFieldLabel(resource: StoredResource, label: string): { label: string } | { error: string } {
  return CONVERSIONS[resource](label);
}

/** Reads a nested string-ish field; missing or non-scalar values read as "". */
function at(obj: unknown, ...path: string[]): string {
  let cur: unknown = obj;
  for (const p of path) {
    if (typeof cur !== 'object' || cur === null) return '';
    cur = (cur as Record<string, unknown>)[p];
  }
  if (typeof cur === 'string') return cur;
  if (typeof cur === 'number' || typeof cur === 'boolean') return String(cur);
  return '';
}

function metaFields(meta: ObjectMeta, namespaced: boolean): Record<string, string> {
  const set: Record<string, string> = { 'metadata.name': meta.name ?? '' };
  if (namespaced) set['metadata.namespace'] = meta.namespace ?? '';
  return set;
}

function podFields(pod: KubeObject): Record<string, string> {
  const podIPs = (pod as { status?: { podIPs?: unknown } }).status?.podIPs;
  let podIP = Array.isArray(podIPs) && podIPs.length > 0 ? at(podIPs[0], 'ip') : '';
  // v1 → internal conversion: a lone status.podIP becomes podIPs[0].
  if (!podIP && !(Array.isArray(podIPs) && podIPs.length > 0)) podIP = at(pod, 'status', 'podIP');
  const hostNetwork = (pod as { spec?: { hostNetwork?: unknown } }).spec?.hostNetwork === true;
  return {
    'spec.nodeName': at(pod, 'spec', 'nodeName'),
    'spec.restartPolicy': at(pod, 'spec', 'restartPolicy'),
    'spec.schedulerName': at(pod, 'spec', 'schedulerName'),
    'spec.serviceAccountName': at(pod, 'spec', 'serviceAccountName'),
    'spec.hostNetwork': String(hostNetwork),
    'status.phase': at(pod, 'status', 'phase'),
    'status.podIP': podIP,
    'status.nominatedNodeName': at(pod, 'status', 'nominatedNodeName'),
    ...metaFields(pod.metadata, true),
  };
}

function eventFields(ev: KubeObject): Record<string, string> {
  const component = at(ev, 'source', 'component');
  const reportingComponent = at(ev, 'reportingComponent');
  return {
    'involvedObject.kind': at(ev, 'involvedObject', 'kind'),
    'involvedObject.namespace': at(ev, 'involvedObject', 'namespace'),
    'involvedObject.name': at(ev, 'involvedObject', 'name'),
    'involvedObject.uid': at(ev, 'involvedObject', 'uid'),
    'involvedObject.apiVersion': at(ev, 'involvedObject', 'apiVersion'),
    'involvedObject.resourceVersion': at(ev, 'involvedObject', 'resourceVersion'),
    'involvedObject.fieldPath': at(ev, 'involvedObject', 'fieldPath'),
    reason: at(ev, 'reason'),
    reportingComponent,
    source: component || reportingComponent,
    type: at(ev, 'type'),
    ...metaFields(ev.metadata, true),
  };
}

/** The selectable fields of `obj` (GetAttrs' fields.Set), as the real registry computes them. */
export function fieldSetFor(resource: StoredResource, obj: KubeObject): Record<string, string> {
  switch (resource) {
    case 'namespaces':
      // `name` is a historical bug the real server keeps for compatibility (not selectable though).
      return { ...metaFields(obj.metadata, false), 'status.phase': at(obj, 'status', 'phase'), name: obj.metadata.name ?? '' };
    case 'services':
      return { ...metaFields(obj.metadata, true), 'spec.clusterIP': at(obj, 'spec', 'clusterIP'), 'spec.type': at(obj, 'spec', 'type') };
    case 'endpoints':
    case 'endpointslices':
    case 'leases':
      return metaFields(obj.metadata, true);
    case 'pods':
      return podFields(obj);
    case 'nodes':
      return {
        ...metaFields(obj.metadata, false),
        'spec.unschedulable': String((obj as { spec?: { unschedulable?: unknown } }).spec?.unschedulable === true),
      };
    case 'events':
      return eventFields(obj);
  }
}
