/** Small object builders for the storage tests. */
import type { KubeObject } from '../../k8s/types/meta';

export function svc(name: string, namespace = 'default', extra: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace }, spec: { ports: [{ port: 80 }] }, ...extra } as KubeObject;
}

export function node(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name } };
}

export function names(objects: readonly KubeObject[]): string[] {
  return objects.map((o) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`);
}
