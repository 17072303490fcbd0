/**
 * Pure EndpointSlice computation (pkg/controller/endpointslice reconciler): the endpoints of a
 * Service's selected pods, grouped by their resolved port set, at most 100 to a slice, and the
 * create/update/delete plan against the slices that exist (updated only when content changes).
 */
import type { Node } from '../../k8s/types/cluster';
import type { AddressType, Endpoint, EndpointPort, EndpointSlice } from '../../k8s/types/discovery';
import type { OwnerReference } from '../../k8s/types/meta';
import type { Pod } from '../../k8s/types/pod';
import type { Service } from '../../k8s/types/service';
import { SERVICE_NAME_LABEL } from '../../k8s/well-known-labels';
import {
  findPort,
  inheritedLabels,
  isPodReady,
  podIPOfFamily,
  shouldPodBeInEndpoints,
  shouldSetHostname,
} from './pod-endpoints';

export { SERVICE_NAME_LABEL };
export const MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';
export const ENDPOINTSLICE_CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
export const LAST_CHANGE_TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';
export const ZONE_LABEL = 'topology.kubernetes.io/zone';
export const MAX_ENDPOINTS_PER_SLICE = 100;

export interface SliceContent {
  ports: EndpointPort[];
  endpoints: Endpoint[];
  /** IPv4 unless given (one set of slices per address type of the Service). */
  addressType?: AddressType;
}

/** getEndpointPorts: every Service port the pod resolves (unresolved named ports are left out). */
export function endpointPortsFor(svc: Service, pod: Pod): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of svc.spec?.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: sp.name ?? '', protocol: sp.protocol ?? 'TCP', port };
    if (sp.appProtocol !== undefined) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

/** podToEndpoint: the pod's address of the slice's type, conditions, hostname, targetRef, nodeName and zone. */
export function podToEndpoint(pod: Pod, svc: Service, node: Node | undefined, addressType: AddressType = 'IPv4'): Endpoint {
  const serving = isPodReady(pod);
  const terminating = !!pod.metadata.deletionTimestamp;
  const ready = (svc.spec?.publishNotReadyAddresses ?? false) || (serving && !terminating);
  const ep: Endpoint = {
    addresses: [podIPOfFamily(pod, addressType === 'IPv6' ? 'IPv6' : 'IPv4') ?? ''],
    conditions: { ready, serving, terminating },
  };
  if (shouldSetHostname(pod, svc)) ep.hostname = pod.spec?.hostname;
  ep.targetRef = { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid };
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  const zone = node?.metadata.labels?.[ZONE_LABEL];
  if (zone) ep.zone = zone;
  // trafficDistribution PreferClose: ready endpoints hint their own zone (trafficdist heuristic).
  if (svc.spec?.trafficDistribution === 'PreferClose' && zone && ready) ep.hints = { forZones: [{ name: zone }] };
  return ep;
}

function portsKey(ports: readonly EndpointPort[] | null | undefined): string {
  return JSON.stringify(ports ?? []);
}

/**
 * The slices' contents of one address type a Service should have: pods with an address of that
 * type grouped by port set (Service port order), endpoints ordered by pod name, chunked by
 * `maxPerSlice`; one empty placeholder when nothing matches (per address type, as the reconciler).
 */
export function desiredSliceContents(
  svc: Service,
  pods: readonly Pod[],
  nodes: ReadonlyMap<string, Node>,
  maxPerSlice = MAX_ENDPOINTS_PER_SLICE,
  addressType: AddressType = 'IPv4',
): SliceContent[] {
  const family = addressType === 'IPv6' ? 'IPv6' : 'IPv4';
  const groups = new Map<string, SliceContent>();
  const sorted = [...pods]
    .filter((p) => shouldPodBeInEndpoints(p, true) && podIPOfFamily(p, family) !== undefined)
    .sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
  for (const pod of sorted) {
    const ports = endpointPortsFor(svc, pod);
    const key = portsKey(ports);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ports, endpoints: [], addressType }));
    g.endpoints.push(podToEndpoint(pod, svc, nodes.get(pod.spec?.nodeName ?? ''), addressType));
  }
  const out: SliceContent[] = [];
  for (const g of groups.values()) {
    for (let i = 0; i < g.endpoints.length; i += maxPerSlice) {
      out.push({ ports: g.ports, endpoints: g.endpoints.slice(i, i + maxPerSlice), addressType });
    }
  }
  if (out.length === 0) out.push({ ports: [], endpoints: [], addressType });
  return out;
}

export function sliceLabels(svc: Service): Record<string, string> {
  return {
    ...inheritedLabels(svc, [SERVICE_NAME_LABEL, MANAGED_BY_LABEL]),
    [SERVICE_NAME_LABEL]: svc.metadata.name ?? '',
    [MANAGED_BY_LABEL]: ENDPOINTSLICE_CONTROLLER_NAME,
  };
}

export function serviceOwnerReference(svc: Service): OwnerReference {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    name: svc.metadata.name ?? '',
    uid: svc.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Who a slice belongs to: its labels, owner and name prefix. */
export interface SliceIdentity {
  labels: Record<string, string>;
  owner: OwnerReference;
  generateName: string;
  namespace: string | undefined;
}

export function serviceSliceIdentity(svc: Service): SliceIdentity {
  return {
    labels: sliceLabels(svc),
    owner: serviceOwnerReference(svc),
    generateName: `${svc.metadata.name ?? ''}-`,
    namespace: svc.metadata.namespace,
  };
}

function withContent(base: EndpointSlice, id: SliceIdentity, content: SliceContent, now: string): EndpointSlice {
  // Shallow copies: stored objects are frozen and only these fields change.
  return {
    ...base,
    metadata: {
      ...base.metadata,
      labels: { ...id.labels },
      annotations: { ...(base.metadata.annotations ?? {}), [LAST_CHANGE_TRIGGER_TIME]: now },
      ownerReferences: [id.owner],
    },
    addressType: content.addressType ?? 'IPv4',
    endpoints: content.endpoints.length ? content.endpoints : null,
    ports: content.ports.length ? content.ports : null,
  };
}

function unchanged(existing: EndpointSlice, id: SliceIdentity, content: SliceContent): boolean {
  return (
    sameJson(existing.endpoints ?? [], content.endpoints) &&
    sameJson(existing.ports ?? [], content.ports) &&
    existing.addressType === (content.addressType ?? 'IPv4') &&
    sameJson(existing.metadata.labels ?? {}, id.labels) &&
    sameJson(existing.metadata.ownerReferences ?? [], [id.owner])
  );
}

export interface SlicePlan {
  create: EndpointSlice[];
  update: EndpointSlice[];
  delete: EndpointSlice[];
}

/** Slices are reused only within their address type (immutable): the key groups by both. */
function sliceKey(addressType: AddressType | undefined, ports: readonly EndpointPort[] | null | undefined): string {
  return `${addressType ?? 'IPv4'}|${portsKey(ports)}`;
}

/**
 * Matches desired contents to the Service's existing managed slices (same address type and port
 * set first, by name), so unchanged slices are left alone, changed ones updated, extra ones
 * (and those of address types the Service no longer has) deleted.
 */
export function planSlices(
  svc: Service,
  desired: readonly SliceContent[],
  existing: readonly EndpointSlice[],
  now: string,
  id: SliceIdentity = serviceSliceIdentity(svc),
): SlicePlan {
  const plan: SlicePlan = { create: [], update: [], delete: [] };
  const byPorts = new Map<string, EndpointSlice[]>();
  for (const s of [...existing].sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''))) {
    const key = sliceKey(s.addressType, s.ports);
    const list = byPorts.get(key) ?? [];
    list.push(s);
    byPorts.set(key, list);
  }
  const unmatched: SliceContent[] = [];
  for (const content of desired) {
    const candidates = byPorts.get(sliceKey(content.addressType, content.ports));
    const reuse = candidates?.shift();
    if (!reuse) {
      unmatched.push(content);
      continue;
    }
    if (!unchanged(reuse, id, content)) plan.update.push(withContent(reuse, id, content, now));
  }
  const leftovers = [...byPorts.values()].flat();
  for (const content of unmatched) {
    const at = leftovers.findIndex((s) => s.addressType === (content.addressType ?? 'IPv4'));
    const reuse = at >= 0 ? leftovers.splice(at, 1)[0] : undefined;
    if (reuse) {
      plan.update.push(withContent(reuse, id, content, now));
    } else {
      const fresh: EndpointSlice = {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { generateName: id.generateName, namespace: id.namespace },
        addressType: content.addressType ?? 'IPv4',
        endpoints: null,
      };
      plan.create.push(withContent(fresh, id, content, now));
    }
  }
  plan.delete.push(...leftovers);
  return plan;
}
