/**
 * The one query-key factory. Live lists are keyed by their watch id, so the live-update manager can
 * find the cache entry of any watch without knowing what it holds.
 */
import { watchId, type WatchSpec } from '../live/protocol';

export const queryKeys = {
  all: ['porthole'] as const,
  /** A watched collection (the cache value is a ListSnapshot). */
  list: (spec: WatchSpec) => ['porthole', 'list', watchId(spec)] as const,
  serviceStatus: (namespace: string, name: string) => ['porthole', 'service-status', namespace, name] as const,
  endpoints: (namespace: string, name: string) => ['porthole', 'endpoints', namespace, name] as const,
  accessReview: (attrs: Record<string, string | undefined>) => ['porthole', 'access-review', attrs] as const,
  rulesReview: (namespace: string) => ['porthole', 'rules-review', namespace] as const,
  serviceOpenApi: (cluster = '') => ['porthole', 'openapi', 'services', cluster] as const,
  identity: () => ['porthole', 'identity'] as const,
};

/** Whether a query holds data read from the cluster (lists, a Service's status, endpoints), not permissions or schema. */
export function isClusterDataKey(key: readonly unknown[]): boolean {
  return key[0] === 'porthole' && (key[1] === 'list' || key[1] === 'service-status' || key[1] === 'endpoints');
}
