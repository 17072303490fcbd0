/** One full draft of each kind, for the type-switch tests (not used by production code). */
import type { Service, ServiceSpec } from '../k8s/types';
import type { ServiceKind } from '../service';

const base = (spec: ServiceSpec): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'shop', annotations: { 'example.com/keep': 'yes' } },
  spec: { selector: { app: 'web' }, ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080 }], sessionAffinity: 'None', ...spec },
});

const ip = { clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], ipFamilies: ['IPv4' as const], ipFamilyPolicy: 'SingleStack' as const };

export const FULL_DRAFTS: Record<ServiceKind, () => Service> = {
  ClusterIP: () => base({ type: 'ClusterIP', ...ip, internalTrafficPolicy: 'Cluster' }),
  headless: () => base({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack', internalTrafficPolicy: 'Cluster' }),
  NodePort: () =>
    base({ type: 'NodePort', ...ip, ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30080 }], externalTrafficPolicy: 'Cluster', internalTrafficPolicy: 'Cluster' }),
  LoadBalancer: () =>
    base({
      type: 'LoadBalancer',
      ...ip,
      ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30080 }],
      externalTrafficPolicy: 'Local',
      healthCheckNodePort: 32000,
      internalTrafficPolicy: 'Cluster',
      allocateLoadBalancerNodePorts: true,
      loadBalancerClass: 'example.com/lb',
      loadBalancerSourceRanges: ['10.0.0.0/8'],
    }),
  ExternalName: () => base({ type: 'ExternalName', externalName: 'db.example.com' }),
};
