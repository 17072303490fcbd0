/** Compact builders for the demo objects (plain wire objects; the API fills in the rest). */
import type { Namespace } from '../../k8s/types/cluster';
import type { EndpointSlice, Endpoints } from '../../k8s/types/discovery';
import type { ContainerPort, Pod, PodSpec } from '../../k8s/types/pod';
import type { Service, ServiceSpec } from '../../k8s/types/service';

export function namespace(name: string, labels: Record<string, string> = {}): Namespace {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } };
}

export interface ServiceMeta {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export function service(ns: string, name: string, spec: ServiceSpec, meta: ServiceMeta = {}): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: ns, labels: meta.labels ?? { 'app.kubernetes.io/name': name }, ...(meta.annotations ? { annotations: meta.annotations } : {}) },
    spec,
  };
}

export interface PodTemplate {
  labels: Record<string, string>;
  image: string;
  container?: string;
  ports?: ContainerPort[];
  annotations?: Record<string, string>;
  spec?: Partial<PodSpec>;
}

export function pod(ns: string, name: string, t: PodTemplate): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: ns, labels: t.labels, ...(t.annotations ? { annotations: t.annotations } : {}) },
    spec: {
      containers: [
        {
          name: t.container ?? 'main',
          image: t.image,
          ports: t.ports,
          resources: { requests: { cpu: '50m', memory: '64Mi' } },
        },
      ],
      restartPolicy: 'Always',
      ...(t.spec ?? {}),
    },
  };
}

/** `count` replicas named like a Deployment's pods: `<name>-<hash>-<suffix>`. */
export function replicas(ns: string, name: string, hash: string, suffixes: readonly string[], t: PodTemplate): Pod[] {
  return suffixes.map((s) => pod(ns, `${name}-${hash}-${s}`, t));
}

/** A StatefulSet-like set: `<name>-0..n-1`, each with hostname and the governing Service as subdomain. */
export function statefulPods(ns: string, name: string, count: number, serviceName: string, t: PodTemplate): Pod[] {
  return Array.from({ length: count }, (_, i) =>
    pod(ns, `${name}-${i}`, {
      ...t,
      labels: { ...t.labels, 'statefulset.kubernetes.io/pod-name': `${name}-${i}`, 'apps.kubernetes.io/pod-index': String(i) },
      spec: { ...(t.spec ?? {}), hostname: `${name}-${i}`, subdomain: serviceName },
    }),
  );
}

export function endpoints(ns: string, name: string, ips: readonly string[], ports: Endpoints['subsets']): Endpoints {
  return {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name, namespace: ns },
    subsets: [{ addresses: ips.map((ip) => ({ ip })), ports: ports?.[0]?.ports }],
  };
}

/** An EndpointSlice for a selectorless Service, maintained by some controller other than Kubernetes'. */
export function externalSlice(ns: string, service: string, managedBy: string, ips: readonly string[], port: { name: string; port: number }): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name: `${service}-1`,
      namespace: ns,
      labels: { 'kubernetes.io/service-name': service, 'endpointslice.kubernetes.io/managed-by': managedBy },
    },
    addressType: 'IPv4',
    endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } })),
    ports: [{ name: port.name, protocol: 'TCP', port: port.port }],
  };
}
