/** Builders for the service-insight tests (not used by production code). */
import type { ContainerPort, Endpoint, EndpointSlice, Event, Pod, Service, ServiceSpec } from '../k8s/types';

export function svc(name: string, spec: ServiceSpec, namespace = 'shop'): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace, uid: `uid-${name}`, resourceVersion: '10' },
    spec: {
      type: 'ClusterIP',
      sessionAffinity: 'None',
      internalTrafficPolicy: 'Cluster',
      ...(spec.type === 'ExternalName' || spec.clusterIP === 'None'
        ? {}
        : { clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], ipFamilies: ['IPv4' as const], ipFamilyPolicy: 'SingleStack' as const }),
      ...spec,
      ...(spec.clusterIP === 'None' ? { clusterIPs: ['None'] } : {}),
    },
  };
}

export interface PodOpts {
  labels: Record<string, string>;
  ports?: ContainerPort[];
  ready?: boolean;
  ip?: string;
  namespace?: string;
  hostname?: string;
  subdomain?: string;
  phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed';
}

export function pod(name: string, o: PodOpts): Pod {
  const ready = o.ready ?? true;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: o.namespace ?? 'shop', labels: o.labels },
    spec: { containers: [{ name: 'main', image: 'x', ports: o.ports }], hostname: o.hostname, subdomain: o.subdomain },
    status: {
      phase: o.phase ?? 'Running',
      podIP: o.ip ?? '10.244.1.5',
      conditions: [
        ready
          ? { type: 'Ready', status: 'True' }
          : { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [main]' },
      ],
      containerStatuses: [{ name: 'main', ready, restartCount: 2, image: 'x', imageID: '' }],
    },
  };
}

export function slice(name: string, service: string, endpoints: Endpoint[], o: { managedBy?: string; addressType?: 'IPv4' | 'IPv6' | 'FQDN'; ports?: EndpointSlice['ports'] } = {}): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name,
      namespace: 'shop',
      labels: { 'kubernetes.io/service-name': service, 'endpointslice.kubernetes.io/managed-by': o.managedBy ?? 'endpointslice-controller.k8s.io' },
    },
    addressType: o.addressType ?? 'IPv4',
    endpoints,
    ports: o.ports ?? [{ name: 'http', port: 8080, protocol: 'TCP' }],
  };
}

export function event(reason: string, message: string, o: { type?: 'Normal' | 'Warning'; at?: string; rv?: string } = {}): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `e-${reason}-${o.rv ?? '1'}`, namespace: 'shop', resourceVersion: o.rv ?? '1' },
    involvedObject: { kind: 'Service', name: 'x', namespace: 'shop' },
    reason,
    message,
    type: o.type ?? 'Normal',
    lastTimestamp: o.at ?? '2026-01-01T00:00:00Z',
    source: { component: 'service-controller' },
  };
}
