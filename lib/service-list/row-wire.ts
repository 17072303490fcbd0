/**
 * The compact wire form of the Service list (`/api/service-rows`): one array per Service instead of
 * an object, namespaces and types as small numbers, creation time in epoch seconds, the rare fields
 * (external names and IPs, load balancer ingress and class...) only when set. About 130 bytes per
 * Service instead of ~390 for the projection as objects and ~1,000 for whole objects, so 10,000
 * Services are ~1.3 MB on the wire and parse quickly. `decodeServiceRows` gives back the projection
 * (lib/service-list/projection.ts) without `uid`, which the list does not use. Pure.
 */
import type { ServicePort, ServiceSpec, ServiceType } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import type { ListedService } from './projection';

export interface ServiceRowList {
  kind: 'ServiceRowList';
  resourceVersion: string;
  namespaces: string[];
  items: WireService[];
}

/** [name, namespace index, resourceVersion, created (epoch s, 0 = none), labels|0, type code, clusterIPs|0, ports|0, selector|0, extra?] */
export type WireService = [string, number, string, number, Record<string, string> | 0, number, string[] | 0, WirePort[] | 0, Record<string, string> | 0, Extra?];
/** [port, name|0, protocol|0 (TCP), targetPort|0 (= port), nodePort|0] */
type WirePort = [number, string | 0, string | 0, number | string | 0, number | 0];
type Extra = Pick<ServiceSpec, 'clusterIP' | 'externalIPs' | 'externalName' | 'publishNotReadyAddresses' | 'allocateLoadBalancerNodePorts' | 'loadBalancerClass'> & {
  ingress?: { ip?: string; hostname?: string }[];
};

const TYPES: (ServiceType | undefined)[] = [undefined, 'ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'];

function encodePort(p: ServicePort): WirePort {
  return [p.port, p.name ?? 0, p.protocol === 'TCP' || !p.protocol ? 0 : p.protocol, p.targetPort === undefined || p.targetPort === p.port ? 0 : p.targetPort, p.nodePort ?? 0];
}

function decodePort(w: WirePort): ServicePort {
  const p: ServicePort = { port: w[0], protocol: (w[2] || 'TCP') as ServicePort['protocol'], targetPort: w[3] === 0 ? w[0] : w[3] };
  if (w[1]) p.name = w[1];
  if (w[4]) p.nodePort = w[4];
  return p;
}

function encodeOne(svc: ListedService, nsIndex: (ns: string) => number): WireService {
  const m = svc.metadata;
  const s = svc.spec ?? {};
  const created = m.creationTimestamp ? Math.floor(Date.parse(m.creationTimestamp) / 1000) : 0;
  const ips = s.clusterIPs?.length ? s.clusterIPs : undefined;
  const extra: Extra = {};
  let hasExtra = false;
  const add = <K extends keyof Extra>(k: K, v: Extra[K] | undefined) => {
    if (v === undefined) return;
    extra[k] = v;
    hasExtra = true;
  };
  if (s.clusterIP !== undefined && s.clusterIP !== ips?.[0]) add('clusterIP', s.clusterIP);
  add('externalIPs', s.externalIPs);
  add('externalName', s.externalName);
  add('publishNotReadyAddresses', s.publishNotReadyAddresses);
  add('allocateLoadBalancerNodePorts', s.allocateLoadBalancerNodePorts);
  add('loadBalancerClass', s.loadBalancerClass);
  add('ingress', svc.status?.loadBalancer?.ingress?.map((i) => ({ ip: i.ip, hostname: i.hostname })));
  const wire: WireService = [
    m.name ?? '',
    nsIndex(m.namespace ?? ''),
    m.resourceVersion ?? '',
    Number.isNaN(created) ? 0 : created,
    m.labels ?? 0,
    Math.max(0, TYPES.indexOf(s.type)),
    ips ?? 0,
    s.ports ? s.ports.map(encodePort) : 0,
    s.selector ?? 0,
  ];
  if (hasExtra) wire.push(extra);
  return wire;
}

export function encodeServiceRows(snapshot: ListSnapshot<ListedService>): ServiceRowList {
  const namespaces: string[] = [];
  const index = new Map<string, number>();
  const nsIndex = (ns: string) => {
    let i = index.get(ns);
    if (i === undefined) {
      i = namespaces.push(ns) - 1;
      index.set(ns, i);
    }
    return i;
  };
  return { kind: 'ServiceRowList', resourceVersion: snapshot.resourceVersion, namespaces, items: snapshot.items.map((s) => encodeOne(s, nsIndex)) };
}

/** Creation times cluster (Services made together): format each distinct second once per decode. */
function isoSeconds(cache: Map<number, string>, s: number): string {
  let text = cache.get(s);
  if (text === undefined) {
    text = new Date(s * 1000).toISOString().replace('.000Z', 'Z');
    cache.set(s, text);
  }
  return text;
}

export function decodeServiceRows(list: ServiceRowList): ListSnapshot<ListedService> {
  const items: ListedService[] = new Array(list.items.length);
  const times = new Map<number, string>();
  for (let i = 0; i < list.items.length; i++) {
    const [name, ns, resourceVersion, created, labels, type, ips, ports, selector, extra] = list.items[i];
    const spec: ServiceSpec = {};
    if (TYPES[type]) spec.type = TYPES[type];
    if (ips) {
      spec.clusterIPs = ips;
      spec.clusterIP = ips[0];
    }
    if (ports) spec.ports = ports.map(decodePort);
    if (selector) spec.selector = selector;
    const svc: ListedService = { metadata: { name, namespace: list.namespaces[ns], resourceVersion }, spec };
    if (created) svc.metadata.creationTimestamp = isoSeconds(times, created);
    if (labels) svc.metadata.labels = labels;
    if (extra) {
      const { ingress, ...rest } = extra;
      Object.assign(spec, rest);
      if (ingress) svc.status = { loadBalancer: { ingress } };
    }
    items[i] = svc;
  }
  return { resourceVersion: list.resourceVersion, items };
}
