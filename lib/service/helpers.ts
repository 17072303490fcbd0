/**
 * Predicates over a Service that defaulting, validation, the update strategy, the allocators
 * and the forms all share (pkg/api/service/util.go, pkg/registry/core/service). Pure.
 */
import type { Service } from '../k8s/types';

export const CLUSTER_IP_NONE = 'None';

/** Maximum and default ClientIP session affinity timeouts (seconds). */
export const MAX_CLIENT_IP_SERVICE_AFFINITY_SECONDS = 86400;
export const DEFAULT_CLIENT_IP_SERVICE_AFFINITY_SECONDS = 10800;

export const ANNOTATION_LOAD_BALANCER_SOURCE_RANGES = 'service.beta.kubernetes.io/load-balancer-source-ranges';
export const ANNOTATION_TOPOLOGY_MODE = 'service.kubernetes.io/topology-mode';
export const DEPRECATED_ANNOTATION_TOPOLOGY_AWARE_HINTS = 'service.kubernetes.io/topology-aware-hints';

/** Headless: clusterIPs is exactly ["None"]. */
export function isHeadless(svc: Service): boolean {
  const ips = svc.spec?.clusterIPs;
  return ips !== undefined && ips.length === 1 && ips[0] === CLUSTER_IP_NONE;
}

/** apiservice.ExternallyAccessible: NodePort, LoadBalancer, or ClusterIP with externalIPs. */
export function externallyAccessible(svc: Service): boolean {
  const t = svc.spec?.type;
  return t === 'LoadBalancer' || t === 'NodePort' || (t === 'ClusterIP' && (svc.spec?.externalIPs?.length ?? 0) > 0);
}

/** apiservice.NeedsHealthCheck: a LoadBalancer with externalTrafficPolicy Local. */
export function needsHealthCheck(svc: Service): boolean {
  return svc.spec?.type === 'LoadBalancer' && svc.spec?.externalTrafficPolicy === 'Local';
}

/** Every type but ExternalName holds a value in clusterIP/clusterIPs ("None" counts). */
export function needsClusterIP(svc: Service): boolean {
  return svc.spec?.type !== 'ExternalName';
}

/** NodePort and LoadBalancer Services may carry node ports. */
export function needsNodePorts(svc: Service): boolean {
  const t = svc.spec?.type;
  return t === 'NodePort' || t === 'LoadBalancer';
}

/** A LoadBalancer with externalTrafficPolicy Local gets a health-check node port. */
export function needsHealthCheckNodePort(svc: Service): boolean {
  return needsHealthCheck(svc);
}

/** Whether node ports are allocated: NodePort, or LoadBalancer unless allocateLoadBalancerNodePorts is false. */
export function shouldAllocateNodePorts(svc: Service): boolean {
  const t = svc.spec?.type;
  if (t === 'NodePort') return true;
  if (t === 'LoadBalancer') return svc.spec?.allocateLoadBalancerNodePorts !== false;
  return false;
}

/** A ClusterIP is set and is not "None" (helper.IsServiceIPSet). */
export function isServiceIPSet(svc: Service): boolean {
  const ip = svc.spec?.clusterIP ?? '';
  return ip !== '' && ip !== CLUSTER_IP_NONE;
}

/** A deep copy through JSON (Services are JSON values). */
export function cloneService<T extends Service>(svc: T): T {
  return JSON.parse(JSON.stringify(svc)) as T;
}
