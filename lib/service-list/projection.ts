/**
 * The Service list's projection of a Service: only what the list shows and decides with (name,
 * namespace, identity and version, age, labels, type, cluster IPs, external addresses, ports,
 * selector, the load balancer's class and ingress), none of managedFields, annotations or the
 * other spec fields. Porthole's server computes it for the list and for the list's live updates
 * (about a third of the bytes of whole objects); the detail page always fetches the whole object,
 * under a different query key (its watch id differs). Pure.
 */
import type { LoadBalancerIngress, Service, ServicePort, ServiceSpec } from '../k8s/types';

/** A Service cut down to the list's fields: the same wire shape, so every list helper takes it. */
export type ListedService = Service;

function port(p: ServicePort): ServicePort {
  return { name: p.name, protocol: p.protocol, port: p.port, targetPort: p.targetPort, nodePort: p.nodePort };
}

function ingress(i: LoadBalancerIngress): LoadBalancerIngress {
  return { ip: i.ip, hostname: i.hostname };
}

/** Undefined values are left out of the JSON, so absent fields stay absent. */
export function projectService(svc: Service): ListedService {
  const m = svc.metadata;
  const s: ServiceSpec = svc.spec ?? {};
  const lbIngress = svc.status?.loadBalancer?.ingress;
  return {
    metadata: {
      name: m.name,
      namespace: m.namespace,
      uid: m.uid,
      resourceVersion: m.resourceVersion,
      creationTimestamp: m.creationTimestamp,
      labels: m.labels,
    },
    spec: {
      type: s.type,
      clusterIP: s.clusterIP,
      clusterIPs: s.clusterIPs,
      externalIPs: s.externalIPs,
      externalName: s.externalName,
      ports: s.ports?.map(port),
      selector: s.selector,
      publishNotReadyAddresses: s.publishNotReadyAddresses,
      allocateLoadBalancerNodePorts: s.allocateLoadBalancerNodePorts,
      loadBalancerClass: s.loadBalancerClass,
    },
    ...(lbIngress ? { status: { loadBalancer: { ingress: lbIngress.map(ingress) } } } : {}),
  };
}
