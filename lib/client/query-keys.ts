/**
 * The one query-key factory. Live lists are keyed by their watch id, so the live-update manager can
 * find the cache entry of any watch without knowing what it holds. When Porthole knows several
 * clusters every key ends with the document's cluster (cluster-scope.ts): two clusters' data never
 * share a cache entry.
 */
import { watchId, type WatchSpec } from '../live/protocol';
import { clusterScope } from '../contract/cluster-scope';

const scoped = <K extends readonly unknown[]>(key: K): K | readonly [...K, { cluster: string }] => {
  const cluster = clusterScope();
  return cluster ? ([...key, { cluster }] as const) : key;
};

export const queryKeys = {
  all: ['porthole'] as const,
  /** A watched collection (the cache value is a ListSnapshot). */
  list: (spec: WatchSpec) => scoped(['porthole', 'list', watchId(spec)] as const),
  accessReview: (attrs: Record<string, string | undefined>) => scoped(['porthole', 'access-review', attrs] as const),
  serviceOpenApi: (cluster = '') => scoped(['porthole', 'openapi', 'services', cluster] as const),
  identity: () => scoped(['porthole', 'identity'] as const),
  /** The identity's local port forwards. */
  forwards: () => scoped(['porthole', 'forwards'] as const),
  /** The cluster picker's list (all clusters: not scoped). */
  clusters: () => ['porthole', 'clusters'] as const,
  /** Recorded history (lib/client/service-history.ts): a Service's timeline, one version, a namespace's deleted Services. */
  serviceHistory: (namespace: string, name: string) => scoped(['porthole', 'history', namespace, name] as const),
  serviceHistoryVersion: (namespace: string, name: string, id: string) => scoped(['porthole', 'history', namespace, name, 'version', id] as const),
  deletedServices: (namespace: string) => scoped(['porthole', 'history-deleted', namespace] as const),
};

/** Whether a query holds data read from the cluster (the watched lists), not permissions or schema. */
export function isClusterDataKey(key: readonly unknown[]): boolean {
  return key[0] === 'porthole' && key[1] === 'list';
}
