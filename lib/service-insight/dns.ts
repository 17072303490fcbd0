/**
 * The DNS names cluster DNS (CoreDNS's kubernetes plugin, per the Kubernetes DNS specification)
 * serves for a Service: the A/AAAA (or CNAME) name and its short forms, SRV records for named ports,
 * and for headless Services one record per ready endpoint. Pure, browser-safe.
 */
import type { Protocol, Service } from '../k8s/types';
import { isHeadless } from '../service/helpers';
import type { EndpointView } from './endpoints';

export const DEFAULT_CLUSTER_DOMAIN = 'cluster.local';

export interface DnsName {
  name: string;
  /** Who can resolve this form (search-path expansion in a pod's resolv.conf). */
  scope: string;
}

/** `name.namespace.svc.<cluster-domain>`. */
export function serviceFqdn(svc: Service, clusterDomain = DEFAULT_CLUSTER_DOMAIN): string {
  return `${svc.metadata.name ?? ''}.${svc.metadata.namespace ?? 'default'}.svc.${clusterDomain}`;
}

/** The FQDN and the short forms a pod's DNS search path expands. */
export function serviceDnsNames(svc: Service, clusterDomain = DEFAULT_CLUSTER_DOMAIN): DnsName[] {
  const name = svc.metadata.name ?? '';
  const ns = svc.metadata.namespace ?? 'default';
  return [
    { name, scope: `pods in namespace ${ns}` },
    { name: `${name}.${ns}`, scope: 'pods in any namespace' },
    { name: `${name}.${ns}.svc`, scope: 'pods in any namespace' },
    { name: serviceFqdn(svc, clusterDomain), scope: 'fully qualified: anywhere cluster DNS answers' },
  ];
}

/** What the Service's own name resolves to. */
export type DnsAnswer =
  | { kind: 'A'; addresses: string[] }
  | { kind: 'CNAME'; target: string }
  | { kind: 'endpoints'; note: string };

export function serviceDnsAnswer(svc: Service): DnsAnswer {
  if (svc.spec?.type === 'ExternalName') return { kind: 'CNAME', target: svc.spec.externalName ?? '' };
  if (isHeadless(svc) || svc.spec?.clusterIP === 'None') {
    return {
      kind: 'endpoints',
      note: svc.spec?.publishNotReadyAddresses
        ? 'one A/AAAA record per endpoint, ready or not (publishNotReadyAddresses)'
        : 'one A/AAAA record per ready endpoint (no virtual IP)',
    };
  }
  const ips = svc.spec?.clusterIPs?.length ? svc.spec.clusterIPs : svc.spec?.clusterIP ? [svc.spec.clusterIP] : [];
  return { kind: 'A', addresses: ips };
}

export interface SrvRecord {
  /** `_http._tcp.name.namespace.svc.cluster.local` */
  query: string;
  portName: string;
  protocol: Protocol;
  /** The port in the answer: the Service port, or for headless Services the endpoint's port. */
  port: number;
  /** The host in the answer. */
  target: string;
}

/** The SRV record name of a named port. */
export function srvName(svc: Service, portName: string, protocol: Protocol = 'TCP', clusterDomain = DEFAULT_CLUSTER_DOMAIN): string {
  return `_${portName}._${protocol.toLowerCase()}.${serviceFqdn(svc, clusterDomain)}`;
}

/**
 * SRV records for named ports. A Service with a virtual IP answers with its own name and port;
 * a headless Service answers one record per ready endpoint, pointing at the endpoint's own name and
 * the endpoint's port. ExternalName Services have none.
 */
export function srvRecords(svc: Service, endpoints: readonly EndpointView[] = [], clusterDomain = DEFAULT_CLUSTER_DOMAIN): SrvRecord[] {
  if (svc.spec?.type === 'ExternalName') return [];
  const headless = isHeadless(svc) || svc.spec?.clusterIP === 'None';
  const out: SrvRecord[] = [];
  for (const p of svc.spec?.ports ?? []) {
    if (!p.name) continue;
    const protocol = p.protocol ?? 'TCP';
    const query = srvName(svc, p.name, protocol, clusterDomain);
    if (!headless) {
      out.push({ query, portName: p.name, protocol, port: p.port, target: serviceFqdn(svc, clusterDomain) });
      continue;
    }
    for (const rec of headlessEndpointRecords(svc, endpoints, clusterDomain)) {
      if (!rec.published) continue;
      const epPort = rec.ports.find((ep) => ep.name === p.name && (ep.protocol ?? 'TCP') === protocol);
      if (epPort?.port === undefined) continue;
      out.push({ query, portName: p.name, protocol, port: epPort.port, target: rec.name });
    }
  }
  return out;
}

/** `10.244.1.5` → `10-244-1-5`; IPv6 `fd00::5` → `fd00--5` (CoreDNS endpoint names). */
export function dashedAddress(ip: string): string {
  return ip.includes(':') ? ip.replace(/:/g, '-') : ip.replace(/\./g, '-');
}

export interface EndpointDnsRecord {
  /** `postgres-0.postgres.demo.svc.cluster.local` or `10-244-1-5.postgres.demo.svc.cluster.local` */
  name: string;
  address: string;
  /** Named by the pod's hostname (hostname + subdomain = Service name) or by its dashed address. */
  by: 'hostname' | 'address';
  podName?: string;
  /** Cluster DNS serves only ready endpoints (publishNotReadyAddresses makes every endpoint ready). */
  published: boolean;
  ports: EndpointView['ports'];
}

/** Per-endpoint records of a headless Service (none for a Service with a virtual IP). */
export function headlessEndpointRecords(svc: Service, endpoints: readonly EndpointView[], clusterDomain = DEFAULT_CLUSTER_DOMAIN): EndpointDnsRecord[] {
  if (svc.spec?.type === 'ExternalName') return [];
  if (!(isHeadless(svc) || svc.spec?.clusterIP === 'None')) return [];
  const fqdn = serviceFqdn(svc, clusterDomain);
  const out: EndpointDnsRecord[] = [];
  const seen = new Set<string>();
  for (const ep of endpoints) {
    if (ep.addressType === 'FQDN') continue;
    for (const address of ep.addresses) {
      const label = ep.hostname ?? dashedAddress(address);
      const name = `${label}.${fqdn}`;
      const key = `${name} ${address}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ name, address, by: ep.hostname ? 'hostname' : 'address', podName: ep.podName, published: ep.ready, ports: ep.ports });
    }
  }
  return out;
}

/** A pod's own name under its namespace (`10-244-1-5.demo.pod.cluster.local`). */
export function podDnsName(ip: string, namespace: string, clusterDomain = DEFAULT_CLUSTER_DOMAIN): string {
  return `${dashedAddress(ip)}.${namespace}.pod.${clusterDomain}`;
}
