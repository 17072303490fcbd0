/**
 * Pure legacy Endpoints computation (pkg/controller/endpoint): one address per selected pod,
 * ready ones in `addresses`, others in `notReadyAddresses`, repacked into subsets by port set,
 * truncated to 1000 addresses with the over-capacity annotation.
 */
import type { EndpointAddress, EndpointSubset, Endpoints } from '../../k8s/types/discovery';
import type { Pod } from '../../k8s/types/pod';
import type { Service } from '../../k8s/types/service';
import { parseIPSloppy } from '../../k8s/validation/ip';
import { endpointPortsFor, LAST_CHANGE_TRIGGER_TIME } from './endpoint-slices';
import { endpointsFamily, inheritedLabels, isHeadlessService, isPodReady, podIPOfFamily, shouldPodBeInEndpoints, shouldSetHostname } from './pod-endpoints';

export const MAX_ENDPOINTS_CAPACITY = 1000;
export const OVER_CAPACITY_ANNOTATION = 'endpoints.kubernetes.io/over-capacity';

type SubsetPort = NonNullable<EndpointSubset['ports']>[number];

function address(pod: Pod, svc: Service): EndpointAddress {
  const a: EndpointAddress = { ip: podIPOfFamily(pod, endpointsFamily(svc, pod)) ?? '' };
  if (shouldSetHostname(pod, svc)) a.hostname = pod.spec?.hostname;
  if (pod.spec?.nodeName) a.nodeName = pod.spec.nodeName;
  a.targetRef = { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid };
  return a;
}

/** bytes.Compare of the parsed addresses (IPv4 or IPv6). */
function compareIp(a: string, b: string): number {
  const pa = parseIPSloppy(a) ?? new Uint8Array(16);
  const pb = parseIPSloppy(b) ?? new Uint8Array(16);
  for (let i = 0; i < 16; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

function byIp(a: EndpointAddress, b: EndpointAddress): number {
  return compareIp(a.ip, b.ip) || (a.targetRef?.name ?? '').localeCompare(b.targetRef?.name ?? '');
}

/** The subsets of a Service's selected pods, repacked by port set (RepackSubsets), addresses sorted by IP. */
export function computeSubsets(svc: Service, pods: readonly Pod[]): EndpointSubset[] {
  const tolerateUnready = svc.spec?.publishNotReadyAddresses ?? false;
  const groups = new Map<string, { ports: SubsetPort[]; ready: EndpointAddress[]; notReady: EndpointAddress[] }>();
  const headlessNoPorts = isHeadlessService(svc) && (svc.spec?.ports?.length ?? 0) === 0;
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod, tolerateUnready) || !podIPOfFamily(pod, endpointsFamily(svc, pod))) continue;
    const ports: SubsetPort[] = endpointPortsFor(svc, pod).map((p) => {
      // EndpointPort.name is omitempty (unlike EndpointSlice ports, where "" is kept).
      const sp: SubsetPort = p.name ? { name: p.name, port: p.port ?? 0, protocol: p.protocol } : { port: p.port ?? 0, protocol: p.protocol };
      if (p.appProtocol !== undefined) sp.appProtocol = p.appProtocol;
      return sp;
    });
    if (ports.length === 0 && !headlessNoPorts) continue;
    const key = JSON.stringify([...ports].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.port - b.port));
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ports, ready: [], notReady: [] }));
    if (tolerateUnready || isPodReady(pod)) g.ready.push(address(pod, svc));
    else g.notReady.push(address(pod, svc));
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, g]) => {
      const subset: EndpointSubset = {};
      if (g.ready.length) subset.addresses = g.ready.sort(byIp);
      if (g.notReady.length) subset.notReadyAddresses = g.notReady.sort(byIp);
      if (g.ports.length) subset.ports = g.ports;
      return subset;
    });
}

/**
 * truncateEndpoints: keeps at most `max` addresses, ready ones first, each subset keeping its
 * proportional share (rounded up). Returns whether anything was cut. Mutates subsets.
 */
export function truncateSubsets(subsets: EndpointSubset[], max = MAX_ENDPOINTS_CAPACITY): boolean {
  let totalReady = 0;
  let totalNotReady = 0;
  for (const s of subsets) {
    totalReady += s.addresses?.length ?? 0;
    totalNotReady += s.notReadyAddresses?.length ?? 0;
  }
  if (totalReady + totalNotReady <= max) return false;
  const truncateReady = totalReady > max;
  const budget = truncateReady ? max : max - totalReady;
  const numTotal = truncateReady ? totalReady : totalNotReady;
  let canBeAdded = budget;
  for (const s of subsets) {
    const inSubset = truncateReady ? (s.addresses?.length ?? 0) : (s.notReadyAddresses?.length ?? 0);
    let toBeAdded = Math.ceil((inSubset / numTotal) * budget);
    if (toBeAdded > canBeAdded) toBeAdded = canBeAdded;
    canBeAdded -= toBeAdded;
    if (truncateReady) {
      s.addresses = (s.addresses ?? []).slice(0, toBeAdded);
      delete s.notReadyAddresses;
      if (s.addresses.length === 0) delete s.addresses;
    } else {
      s.notReadyAddresses = (s.notReadyAddresses ?? []).slice(0, toBeAdded);
      if (s.notReadyAddresses.length === 0) delete s.notReadyAddresses;
    }
  }
  return true;
}

/** The Endpoints object a Service with a selector should have (keeps `current`'s metadata). */
export function desiredEndpoints(svc: Service, pods: readonly Pod[], current: Endpoints | undefined, now: string): Endpoints {
  const subsets = computeSubsets(svc, pods);
  const truncated = truncateSubsets(subsets);
  // Shallow copies: stored objects are frozen and only labels, annotations and subsets change.
  const base: Endpoints = current
    ? { ...current, metadata: { ...current.metadata } }
    : { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: svc.metadata.name, namespace: svc.metadata.namespace } };
  base.metadata.labels = inheritedLabels(svc, []);
  const annotations = { ...(base.metadata.annotations ?? {}) };
  if (truncated) annotations[OVER_CAPACITY_ANNOTATION] = 'truncated';
  else delete annotations[OVER_CAPACITY_ANNOTATION];
  annotations[LAST_CHANGE_TRIGGER_TIME] = now;
  base.metadata.annotations = annotations;
  if (subsets.length) base.subsets = subsets;
  else delete base.subsets;
  return base;
}

/** Whether `next` differs from `current` in what the controller owns (trigger time aside). */
export function endpointsChanged(current: Endpoints, next: Endpoints): boolean {
  const strip = (e: Endpoints) => {
    const a = { ...(e.metadata.annotations ?? {}) };
    delete a[LAST_CHANGE_TRIGGER_TIME];
    return JSON.stringify([e.subsets ?? [], e.metadata.labels ?? {}, a]);
  };
  return strip(current) !== strip(next);
}
