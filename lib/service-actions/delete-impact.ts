/**
 * What stops working when a Service is deleted, in words the delete dialog shows: its DNS names,
 * its virtual IPs, and for NodePort/LoadBalancer Services the node ports and load-balancer addresses
 * that go away. Plus which Services need their name typed to confirm. Pure, browser-safe.
 */
import type { Service } from '../k8s/types';
import { isHeadless } from '../service/helpers';
import { serviceFqdn } from '../service-insight/dns';

/** Namespaces whose Services need the name typed before deletion (the cluster's own plumbing lives there). */
export const PROTECTED_NAMESPACES: readonly string[] = ['kube-system', 'default'];

export function needsTypedConfirmation(svc: Service): boolean {
  return PROTECTED_NAMESPACES.includes(svc.metadata.namespace ?? 'default');
}

/** `default/kubernetes`: the API server's own Service; in-cluster clients reach the API through it. */
export function isApiServerService(svc: Service): boolean {
  return (svc.metadata.namespace ?? 'default') === 'default' && svc.metadata.name === 'kubernetes';
}

export interface DeleteImpact {
  /** `name.namespace.svc.cluster.local` stops resolving. */
  dnsName: string;
  /** What the name answers now (virtual IPs, a CNAME, or per-pod records). */
  dnsAnswer: string;
  /** Virtual IPs released (clients holding them get connection errors). */
  clusterIPs: string[];
  /** `30080/TCP` on every node (NodePort and LoadBalancer). */
  nodePorts: string[];
  /** The healthCheckNodePort (externalTrafficPolicy Local) that is released too. */
  healthCheckNodePort?: number;
  /** Load-balancer ingress addresses (IP or hostname) that are released. */
  loadBalancerAddresses: string[];
  /** spec.externalIPs no longer routed to the Service. */
  externalIPs: string[];
  /** Extra sentences for special Services. */
  notes: string[];
}

export function deleteImpact(svc: Service): DeleteImpact {
  const spec = svc.spec ?? {};
  const external = spec.type === 'ExternalName';
  const headless = isHeadless(svc) || spec.clusterIP === 'None';
  const clusterIPs = external || headless ? [] : (spec.clusterIPs?.length ? spec.clusterIPs : spec.clusterIP ? [spec.clusterIP] : []).filter((ip) => ip && ip !== 'None');
  const dnsAnswer = external
    ? `a CNAME to ${spec.externalName ?? ''}`
    : headless
      ? 'the addresses of its ready pods'
      : clusterIPs.length
        ? clusterIPs.join(', ')
        : 'its cluster IP';
  const nodePorts =
    spec.type === 'NodePort' || spec.type === 'LoadBalancer'
      ? (spec.ports ?? []).filter((p) => p.nodePort).map((p) => `${p.nodePort}/${p.protocol ?? 'TCP'}`)
      : [];
  const loadBalancerAddresses =
    spec.type === 'LoadBalancer'
      ? (svc.status?.loadBalancer?.ingress ?? []).map((i) => i.ip ?? i.hostname ?? '').filter((a) => a !== '')
      : [];
  const notes: string[] = [];
  if (isApiServerService(svc)) {
    notes.push(
      'This is the API server’s own Service: pods reach the Kubernetes API through kubernetes.default.svc. The API server re-creates it, but until then in-cluster clients (controllers, operators, kubectl in pods) lose the API.',
    );
  } else if ((svc.metadata.namespace ?? '') === 'kube-system') {
    notes.push('Services in kube-system usually belong to the cluster itself (cluster DNS, metrics): deleting one can break the whole cluster.');
  }
  return {
    dnsName: serviceFqdn(svc),
    dnsAnswer,
    clusterIPs,
    nodePorts,
    healthCheckNodePort: spec.type === 'LoadBalancer' || spec.type === 'NodePort' ? spec.healthCheckNodePort || undefined : undefined,
    loadBalancerAddresses,
    externalIPs: external ? [] : [...(spec.externalIPs ?? [])],
    notes,
  };
}
