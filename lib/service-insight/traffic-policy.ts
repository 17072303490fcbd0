/** The traffic-policy diagnosis rule (see diagnosis.ts). Pure. */
import type { Node, Service } from '../k8s/types';
import type { Finding } from './diagnosis';
import type { EndpointView } from './endpoints';

/**
 * Traffic policy Local: kube-proxy sends traffic only to endpoints on the node it arrived at.
 * internalTrafficPolicy Local drops in-cluster traffic from nodes without a ready endpoint;
 * externalTrafficPolicy Local drops NodePort traffic there (load balancers skip those nodes through
 * the health-check node port).
 */
export function trafficPolicyRules(svc: Service, endpoints: readonly EndpointView[], nodes: readonly Node[]): Finding[] {
  const spec = svc.spec ?? {};
  if (nodes.length === 0) return [];
  const withEndpoint = new Set(endpoints.filter((e) => e.ready && e.nodeName).map((e) => e.nodeName as string));
  const without = nodes.map((n) => n.metadata.name ?? '').filter((n) => n && !withEndpoint.has(n)).sort();
  if (without.length === 0) return [];
  const out: Finding[] = [];
  const list = without.join(', ');
  if (spec.internalTrafficPolicy === 'Local') {
    out.push({
      id: 'internal-traffic-local',
      severity: withEndpoint.size === 0 ? 'error' : 'warning',
      title: `internalTrafficPolicy Local: clients on ${without.length} of ${nodes.length} nodes have no local endpoint`,
      explanation: `With internalTrafficPolicy: Local, a connection from a pod goes only to a ready endpoint on the same node; there is no fallback to other nodes. Pods on ${list} cannot reach this Service.`,
      fix: 'Run a backing pod on every node that has clients (e.g. a DaemonSet), or set internalTrafficPolicy: Cluster.',
      items: without,
    });
  }
  const external = spec.type === 'NodePort' || spec.type === 'LoadBalancer';
  if (spec.externalTrafficPolicy === 'Local' && external) {
    out.push({
      id: 'external-traffic-local',
      severity: withEndpoint.size === 0 ? 'error' : 'info',
      affects: { kind: 'external', what: `external traffic is dropped on ${withEndpoint.size === 0 ? 'every node' : list} (externalTrafficPolicy: Local, no local endpoint)` },
      title: `externalTrafficPolicy Local: ${without.length} of ${nodes.length} nodes have no local endpoint`,
      explanation: `External traffic is delivered only to ready endpoints on the node it arrives at (and keeps the client's source IP). Node ports on ${list} drop it${spec.type === 'LoadBalancer' ? `; the load balancer leaves those nodes out because their health check (port ${spec.healthCheckNodePort ?? '?'}) fails` : ''}.`,
      fix: 'Expected when not every node runs a backing pod. Send NodePort traffic only to nodes with endpoints, or set externalTrafficPolicy: Cluster (the source IP is then lost).',
      items: without,
    });
  }
  return out;
}
