/** core/v1 pods (+ status): defaults, Pending on create, spec mostly immutable, status via /status. */
import { fieldError, type FieldError } from '../../k8s/field-errors';
import type { Container, Pod } from '../../k8s/types/pod';
import { isDNS1123Label, isValidPortName, nameIsDNSSubdomain } from '../../k8s/validation/names';
import { deepEqual } from '../schema/deep-equal';
import type { ResourceDefinition } from './types';
import { ALL_VERBS, copy, isPort, metaCreateErrors, metaUpdateErrors, takeStatusOnly } from './common';

const PHASES = ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'];

function defaultContainer(c: Container): Container {
  const out = { ...c } as Container & Record<string, unknown>;
  const image = c.image ?? '';
  const tag = image.includes('@') ? 'digest' : (image.split('/').pop() ?? '').split(':')[1];
  out.imagePullPolicy ??= !tag || tag === 'latest' ? 'Always' : 'IfNotPresent';
  out.terminationMessagePath ??= '/dev/termination-log';
  out.terminationMessagePolicy ??= 'File';
  out.resources ??= {};
  if (c.ports) out.ports = c.ports.map((p) => ({ ...p, protocol: p.protocol ?? 'TCP' }));
  return out;
}

function qosClass(pod: Pod): string {
  const all = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  const any = all.some((c) => Object.keys(c.resources?.requests ?? {}).length || Object.keys(c.resources?.limits ?? {}).length);
  if (!any) return 'BestEffort';
  const guaranteed = all.every((c) => {
    const l = c.resources?.limits ?? {};
    const r = c.resources?.requests ?? {};
    return l.cpu && l.memory && (r.cpu ?? l.cpu) === l.cpu && (r.memory ?? l.memory) === l.memory;
  });
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

function validateContainers(list: Container[] | undefined, path: string, required: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (!list || list.length === 0) {
    if (required) errs.push(fieldError.required(path));
    return errs;
  }
  const names = new Set<string>();
  list.forEach((c, i) => {
    const p = `${path}[${i}]`;
    if (!c.name) errs.push(fieldError.required(`${p}.name`));
    else {
      for (const m of isDNS1123Label(c.name)) errs.push(fieldError.invalid(`${p}.name`, c.name, m));
      if (names.has(c.name)) errs.push(fieldError.duplicate(`${p}.name`, c.name));
      names.add(c.name);
    }
    if (!c.image) errs.push(fieldError.required(`${p}.image`));
    const portNames = new Set<string>();
    (c.ports ?? []).forEach((port, j) => {
      const pp = `${p}.ports[${j}]`;
      if (port.name) {
        for (const m of isValidPortName(port.name)) errs.push(fieldError.invalid(`${pp}.name`, port.name, m));
        if (portNames.has(port.name)) errs.push(fieldError.duplicate(`${pp}.name`, port.name));
        portNames.add(port.name);
      }
      if (port.containerPort === undefined || port.containerPort === 0) errs.push(fieldError.required(`${pp}.containerPort`));
      else if (!isPort(port.containerPort)) errs.push(fieldError.invalid(`${pp}.containerPort`, port.containerPort, 'must be between 1 and 65535, inclusive'));
      if (port.protocol && !['TCP', 'UDP', 'SCTP'].includes(port.protocol)) {
        errs.push(fieldError.notSupported(`${pp}.protocol`, port.protocol, ['SCTP', 'TCP', 'UDP']));
      }
    });
  });
  return errs;
}

function validatePod(pod: Pod): FieldError[] {
  return [
    ...validateContainers(pod.spec?.containers, 'spec.containers', true),
    ...validateContainers(pod.spec?.initContainers, 'spec.initContainers', false),
  ];
}

/** The spec fields a pod update may change (image, activeDeadlineSeconds, tolerations; binding nodeName once). */
function mutableView(pod: Pod): unknown {
  const spec = copy(pod.spec ?? { containers: [] }) as Record<string, unknown> & { containers?: Container[]; initContainers?: Container[] };
  for (const c of spec.containers ?? []) c.image = '';
  for (const c of spec.initContainers ?? []) c.image = '';
  delete spec.activeDeadlineSeconds;
  delete spec.tolerations;
  delete spec.nodeName;
  return spec;
}

interface Toleration {
  key?: string;
  operator?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** The DefaultTolerationSeconds admission plugin: NoExecute tolerations for not-ready/unreachable nodes. */
function addDefaultTolerations(pod: Pod): void {
  if (!pod.spec) return;
  const spec = pod.spec as NonNullable<Pod['spec']> & { tolerations?: Toleration[] };
  const tolerations = spec.tolerations ?? [];
  for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
    const covered = tolerations.some((t) => (t.key === key || (!t.key && t.operator === 'Exists')) && (!t.effect || t.effect === 'NoExecute'));
    if (!covered) tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
  }
  spec.tolerations = tolerations;
}

export const podDefinition: ResourceDefinition<Pod> = {
  resource: 'pods',
  group: '',
  version: 'v1',
  kind: 'Pod',
  listKind: 'PodList',
  singular: 'pod',
  namespaced: true,
  shortNames: ['po'],
  categories: ['all'],
  verbs: ALL_VERBS,
  hasStatus: true,
  tracksGeneration: false,

  applyDefaults(pod) {
    const out = copy(pod);
    if (!out.spec) return out;
    const spec = out.spec as NonNullable<Pod['spec']> & Record<string, unknown>;
    spec.restartPolicy ??= 'Always';
    spec.terminationGracePeriodSeconds ??= 30;
    spec.dnsPolicy ??= 'ClusterFirst';
    spec.schedulerName ??= 'default-scheduler';
    spec.serviceAccountName ??= 'default';
    spec.securityContext ??= {};
    spec.enableServiceLinks ??= true;
    spec.preemptionPolicy ??= 'PreemptLowerPriority';
    spec.priority ??= 0;
    spec.containers = (spec.containers ?? []).map(defaultContainer);
    if (spec.initContainers) spec.initContainers = spec.initContainers.map(defaultContainer);
    return out;
  },
  prepareForCreate(pod) {
    const out = copy(pod);
    out.status = { phase: 'Pending', qosClass: qosClass(out) };
    addDefaultTolerations(out);
    return out;
  },
  validateCreate: (pod) => [...metaCreateErrors(pod, true, nameIsDNSSubdomain), ...validatePod(pod)],
  prepareForUpdate(next, prev) {
    const out = copy(next);
    if (prev.status === undefined) delete out.status;
    else out.status = copy(prev.status);
    return out;
  },
  validateUpdate(next, prev) {
    const errs = [...metaUpdateErrors(next, prev), ...validatePod(next)];
    const prevNode = prev.spec?.nodeName ?? '';
    const nodeChanged = prevNode !== '' && (next.spec?.nodeName ?? '') !== prevNode;
    if (nodeChanged || !deepEqual(mutableView(next), mutableView(prev))) {
      errs.push(
        fieldError.forbidden(
          'spec',
          'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
        ),
      );
    }
    return errs;
  },
  prepareForStatusUpdate(next, prev) {
    // podStatusStrategy: old kubelets corrupt ownerReferences, so /status never changes them.
    const out = takeStatusOnly(next, prev);
    if (prev.metadata.ownerReferences) out.metadata.ownerReferences = copy(prev.metadata.ownerReferences);
    else delete out.metadata.ownerReferences;
    return out;
  },
  validateStatusUpdate(next, prev) {
    const errs = metaUpdateErrors(next, prev);
    const phase = next.status?.phase;
    if (phase && !PHASES.includes(phase)) errs.push(fieldError.notSupported('status.phase', phase, PHASES));
    return errs;
  },
};
