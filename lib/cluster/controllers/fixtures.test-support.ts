/** Small object builders shared by the controllers' unit tests. */
import type { Node } from '../../k8s/types/cluster';
import type { Pod } from '../../k8s/types/pod';
import type { Service, ServiceSpec } from '../../k8s/types/service';

export function service(name: string, spec: ServiceSpec, extra: Partial<Service['metadata']> = {}): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'demo', uid: `uid-${name}`, ...extra },
    spec: { type: 'ClusterIP', ...spec, ports: spec.ports?.map((p) => ({ protocol: 'TCP', ...p })) },
  };
}

export interface PodOptions {
  labels?: Record<string, string>;
  ip?: string;
  ready?: boolean;
  node?: string;
  ports?: { name?: string; containerPort: number; protocol?: 'TCP' | 'UDP' }[];
  hostname?: string;
  subdomain?: string;
  deleting?: boolean;
  phase?: 'Running' | 'Succeeded' | 'Failed' | 'Pending';
}

export function pod(name: string, o: PodOptions = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'demo',
      uid: `uid-${name}`,
      labels: o.labels ?? { app: 'web' },
      ...(o.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    spec: {
      containers: [{ name: 'main', image: 'nginx:1.27', ports: o.ports ?? [{ name: 'http', containerPort: 8080 }] }],
      nodeName: o.node ?? 'node-1',
      ...(o.hostname ? { hostname: o.hostname } : {}),
      ...(o.subdomain ? { subdomain: o.subdomain } : {}),
    },
    status: {
      phase: o.phase ?? 'Running',
      ...(o.ip === '' ? {} : { podIP: o.ip ?? '10.244.1.10', podIPs: [{ ip: o.ip ?? '10.244.1.10' }] }),
      conditions: [{ type: 'Ready', status: o.ready === false ? 'False' : 'True' }],
    },
  };
}

export function node(name: string, zone: string): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'topology.kubernetes.io/zone': zone } } };
}
