/**
 * Ready/total endpoints per Service, from ONE list of EndpointSlices (no request per row). An
 * endpoint counts once even when it appears in several slices (IPv4 + IPv6 of a dual-stack Service).
 * Pure.
 */
import type { EndpointSlice } from '../k8s/types';
import { SERVICE_NAME_LABEL } from '../k8s/well-known-labels';

export interface EndpointCount {
  ready: number;
  total: number;
  /**
   * Set when the Service's EndpointSlices hold endpoints but list no port (e.g. a named targetPort no
   * pod declares): kube-proxy forwards nothing to them.
   */
  noPorts?: true;
}

export function serviceKey(namespace: string | undefined, name: string | undefined): string {
  return `${namespace ?? ''}/${name ?? ''}`;
}

export function countEndpoints(slices: readonly EndpointSlice[]): Map<string, EndpointCount> {
  const seen = new Map<string, Map<string, boolean>>();
  const withPorts = new Set<string>();
  for (const slice of slices) {
    const service = slice.metadata.labels?.[SERVICE_NAME_LABEL];
    if (!service) continue;
    const key = serviceKey(slice.metadata.namespace, service);
    let endpoints = seen.get(key);
    if (!endpoints) seen.set(key, (endpoints = new Map()));
    if ((slice.ports?.length ?? 0) > 0 && (slice.endpoints?.length ?? 0) > 0) withPorts.add(key);
    for (const ep of slice.endpoints ?? []) {
      const ref = ep.targetRef;
      const id = ref?.name ? `${ref.kind ?? ''}/${ref.namespace ?? ''}/${ref.name}` : `${slice.addressType}/${ep.addresses[0] ?? ''}`;
      // "ready" unset means ready (EndpointConditions: nil should be interpreted as true).
      const ready = ep.conditions?.ready !== false;
      endpoints.set(id, (endpoints.get(id) ?? false) || ready);
    }
  }
  const counts = new Map<string, EndpointCount>();
  for (const [key, endpoints] of seen) {
    let ready = 0;
    for (const r of endpoints.values()) if (r) ready++;
    const count: EndpointCount = { ready, total: endpoints.size };
    if (endpoints.size > 0 && !withPorts.has(key)) count.noPorts = true;
    counts.set(key, count);
  }
  return counts;
}

/** The EndpointSlices of each Service (by `namespace/name`), for the rules that read the slices themselves. */
export function slicesByService(slices: readonly EndpointSlice[]): Map<string, EndpointSlice[]> {
  const out = new Map<string, EndpointSlice[]>();
  for (const slice of slices) {
    const service = slice.metadata.labels?.[SERVICE_NAME_LABEL];
    if (!service) continue;
    const key = serviceKey(slice.metadata.namespace, service);
    const list = out.get(key);
    if (list) list.push(slice);
    else out.set(key, [slice]);
  }
  return out;
}
