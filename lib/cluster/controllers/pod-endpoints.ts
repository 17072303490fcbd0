/**
 * Pure pod helpers the endpoint controllers share (pkg/api/v1/pod, pkg/controller/util/endpoint):
 * readiness, whether a pod belongs in endpoints, named targetPort resolution, hostname rules.
 */
import type { Pod } from '../../k8s/types/pod';
import type { AddressType } from '../../k8s/types/discovery';
import type { IPFamily, Service, ServicePort } from '../../k8s/types/service';
import { isIPv6String } from '../../k8s/validation/ip';

export function isPodReady(pod: Pod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

export function isPodTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded';
}

/** The pod's first address of `family` (status.podIPs, else status.podIP). */
export function podIPOfFamily(pod: Pod, family: IPFamily): string | undefined {
  const ips = pod.status?.podIPs?.map((p) => p.ip) ?? [];
  if (pod.status?.podIP) ips.push(pod.status.podIP);
  return ips.find((ip) => ip !== '' && isIPv6String(ip) === (family === 'IPv6'));
}

/**
 * getAddressTypesForService: one EndpointSlice address type per ipFamilies entry; without
 * families, the clusterIP's family, or both for a headless Service.
 */
export function serviceAddressTypes(svc: Service): AddressType[] {
  const families = svc.spec?.ipFamilies ?? [];
  if (families.length) return [...new Set(families)];
  const ip = svc.spec?.clusterIP ?? '';
  if (ip !== '' && ip !== 'None') return [isIPv6String(ip) ? 'IPv6' : 'IPv4'];
  return ['IPv4', 'IPv6'];
}

/**
 * The family of a Service's legacy Endpoints addresses (podToEndpointAddressForService): its
 * primary family; without families, the clusterIP's, or for headless the pod's own.
 */
export function endpointsFamily(svc: Service, pod: Pod): IPFamily {
  const primary = svc.spec?.ipFamilies?.[0];
  if (primary) return primary;
  const ip = svc.spec?.clusterIP ?? '';
  if (ip !== '' && ip !== 'None') return isIPv6String(ip) ? 'IPv6' : 'IPv4';
  return isIPv6String(pod.status?.podIP ?? '') ? 'IPv6' : 'IPv4';
}

/** ShouldPodBeInEndpoints: has an IP, is not terminal, and (unless included) is not terminating. */
export function shouldPodBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  if (!pod.status?.podIP && !(pod.status?.podIPs?.length ?? 0)) return false;
  if (!includeTerminating && pod.metadata.deletionTimestamp) return false;
  return !isPodTerminal(pod);
}

/** FindPort: a numeric targetPort as is; a named one through the containers' named ports (same protocol). */
export function findPort(pod: Pod, port: ServicePort): number | undefined {
  const target = port.targetPort ?? port.port;
  if (typeof target === 'number') return target;
  if (/^\d+$/.test(target)) return Number(target);
  const protocol = port.protocol ?? 'TCP';
  for (const c of pod.spec?.containers ?? []) {
    for (const cp of c.ports ?? []) {
      if (cp.name === target && (cp.protocol ?? 'TCP') === protocol) return cp.containerPort;
    }
  }
  return undefined;
}

/** ShouldSetHostname: the pod has a hostname and its subdomain is this Service (same namespace). */
export function shouldSetHostname(pod: Pod, svc: Service): boolean {
  return (
    !!pod.spec?.hostname &&
    pod.spec.subdomain === svc.metadata.name &&
    (pod.metadata.namespace ?? '') === (svc.metadata.namespace ?? '')
  );
}

export function hasSelector(svc: Service): boolean {
  return Object.keys(svc.spec?.selector ?? {}).length > 0;
}

export function isHeadlessService(svc: Service): boolean {
  return svc.spec?.clusterIP === 'None';
}

/** Labels copied from the Service to its Endpoints / EndpointSlices, minus reserved keys, plus headless. */
export function inheritedLabels(svc: Service, reserved: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(svc.metadata.labels ?? {})) if (!reserved.includes(k)) out[k] = v;
  if (isHeadlessService(svc)) out['service.kubernetes.io/headless'] = '';
  return out;
}

/** What of a pod the endpoint controllers read; equal keys mean a pod event changes no endpoint. */
export function endpointRelevantState(pod: Pod | undefined): string {
  if (!pod || (!pod.status?.podIP && !(pod.status?.podIPs?.length ?? 0))) return '';
  return JSON.stringify([
    pod.metadata.labels,
    pod.metadata.deletionTimestamp,
    pod.status?.podIP,
    pod.status?.podIPs,
    pod.status?.phase,
    isPodReady(pod),
    pod.spec?.nodeName,
    pod.spec?.hostname,
    pod.spec?.subdomain,
    (pod.spec?.containers ?? []).map((c) => c.ports),
  ]);
}

/** What of a Service the endpoint controllers read; equal keys mean a Service event changes no endpoint. */
export function serviceEndpointState(svc: Service | undefined): string {
  if (!svc) return '';
  const s = svc.spec ?? {};
  return JSON.stringify([svc.metadata.uid, svc.metadata.labels, s.selector, s.ports, s.type, s.clusterIP, s.publishNotReadyAddresses, s.trafficDistribution]);
}
