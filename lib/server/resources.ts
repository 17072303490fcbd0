import 'server-only';
import type { WatchableResource } from '../live/protocol';

/** API paths of the resources Porthole reads. The only place that spells them. */
const BASE: Record<WatchableResource, { prefix: string; plural: string; namespaced: boolean }> = {
  services: { prefix: '/api/v1', plural: 'services', namespaced: true },
  endpoints: { prefix: '/api/v1', plural: 'endpoints', namespaced: true },
  pods: { prefix: '/api/v1', plural: 'pods', namespaced: true },
  events: { prefix: '/api/v1', plural: 'events', namespaced: true },
  namespaces: { prefix: '/api/v1', plural: 'namespaces', namespaced: false },
  nodes: { prefix: '/api/v1', plural: 'nodes', namespaced: false },
  endpointslices: { prefix: '/apis/discovery.k8s.io/v1', plural: 'endpointslices', namespaced: true },
};

/** Collection path; `namespace` undefined = all namespaces. Segments must already be validated. */
export function collectionPath(resource: WatchableResource, namespace?: string): string {
  const b = BASE[resource];
  if (b.namespaced && namespace) return `${b.prefix}/namespaces/${namespace}/${b.plural}`;
  return `${b.prefix}/${b.plural}`;
}

export function objectPath(resource: WatchableResource, namespace: string | undefined, name: string): string {
  return `${collectionPath(resource, namespace)}/${name}`;
}
