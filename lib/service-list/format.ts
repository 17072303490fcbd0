/**
 * How the Service list shows a Service: type (headless as such), addresses, ports, selector, age.
 * Pure; mirrors kubectl's column conventions where kubectl has one.
 */
import type { Service, ServicePort } from '../k8s/types';


/** Cluster IPs as shown: every family's IP, "None" for headless, empty for ExternalName. */
export function clusterIPText(svc: Service): string {
  if (svc.spec?.type === 'ExternalName') return '';
  const ips = svc.spec?.clusterIPs?.length ? svc.spec.clusterIPs : svc.spec?.clusterIP ? [svc.spec.clusterIP] : [];
  return ips.join(', ');
}

export type ExternalKind = 'none' | 'pending' | 'address' | 'dns';

/** LB ingress (+ externalIPs), the ExternalName target, externalIPs, or "pending" for an LB without ingress. */
export function externalAddress(svc: Service): { kind: ExternalKind; text: string; values: string[] } {
  const spec = svc.spec ?? {};
  if (spec.type === 'ExternalName') {
    const name = spec.externalName ?? '';
    return name ? { kind: 'dns', text: name, values: [name] } : { kind: 'none', text: '', values: [] };
  }
  const externalIPs = spec.externalIPs ?? [];
  if (spec.type === 'LoadBalancer') {
    const ingress = (svc.status?.loadBalancer?.ingress ?? []).map((i) => i.ip ?? i.hostname ?? '').filter(Boolean);
    const values = [...ingress, ...externalIPs.filter((ip) => !ingress.includes(ip))];
    if (ingress.length === 0) return { kind: 'pending', text: values.length ? `${values.join(', ')} (pending)` : 'pending', values };
    return { kind: 'address', text: values.join(', '), values };
  }
  if (externalIPs.length) return { kind: 'address', text: externalIPs.join(', '), values: externalIPs };
  return { kind: 'none', text: '', values: [] };
}

/** `port[:nodePort]/protocol → targetPort`, e.g. `80:30080/TCP → http`. */
export function formatPort(p: ServicePort): string {
  const node = p.nodePort ? `:${p.nodePort}` : '';
  const target = p.targetPort ?? p.port;
  return `${p.port}${node}/${p.protocol ?? 'TCP'} → ${target}`;
}

export function portTexts(svc: Service): string[] {
  return (svc.spec?.ports ?? []).map(formatPort);
}

