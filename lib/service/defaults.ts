/**
 * Service defaulting exactly as the v1 API applies it on decode (pkg/apis/core/v1/defaults.go
 * SetDefaults_Service, v1.32 with LoadBalancerIPMode GA). Pure: returns a copy.
 */
import type { Service, ServicePort } from '../k8s/types';
import { DEFAULT_CLIENT_IP_SERVICE_AFFINITY_SECONDS, cloneService, externallyAccessible } from './helpers';

function defaultPort(p: ServicePort): void {
  if (!p.protocol) p.protocol = 'TCP';
  if (p.targetPort === undefined || p.targetPort === null || p.targetPort === 0 || p.targetPort === '') {
    p.targetPort = p.port;
  }
}

/** Apply SetDefaults_Service to a copy of `svc`. */
export function applyServiceDefaults(svc: Service): Service {
  const out = cloneService(svc);
  const spec = (out.spec ??= {});
  if (!spec.sessionAffinity) spec.sessionAffinity = 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP') {
    const t = spec.sessionAffinityConfig?.clientIP?.timeoutSeconds;
    if (t === undefined || t === null) {
      spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: DEFAULT_CLIENT_IP_SERVICE_AFFINITY_SECONDS } };
    }
  }
  if (!spec.type) spec.type = 'ClusterIP';
  for (const p of spec.ports ?? []) defaultPort(p);
  if (externallyAccessible(out) && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
  if (spec.internalTrafficPolicy === undefined || spec.internalTrafficPolicy === null) {
    if (spec.type === 'NodePort' || spec.type === 'LoadBalancer' || spec.type === 'ClusterIP') {
      spec.internalTrafficPolicy = 'Cluster';
    }
  }
  if (spec.type === 'LoadBalancer') {
    if (spec.allocateLoadBalancerNodePorts === undefined || spec.allocateLoadBalancerNodePorts === null) {
      spec.allocateLoadBalancerNodePorts = true;
    }
    for (const ing of out.status?.loadBalancer?.ingress ?? []) {
      if (ing.ip && !ing.ipMode) ing.ipMode = 'VIP';
    }
  }
  return out;
}
