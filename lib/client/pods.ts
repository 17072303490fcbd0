'use client';
import { useHydrationSafeQueries } from './hydration-safe-query';
import type { Pod } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import { apiPaths } from './api-paths';
import { fetchSnapshot, useLiveList, type LiveList } from './live-list';
import { queryKeys } from './query-keys';

/** Pods of a namespace matching a label selector (string form, e.g. a Service's selector), kept live; `initial`: as the page's HTML carried them. */
export function usePods(namespace: string, labelSelector?: string, initial?: ListSnapshot<Pod>): LiveList<Pod> {
  return useLiveList<Pod>(
    { resource: 'pods', namespace, labelSelector: labelSelector || undefined },
    (signal) => fetchSnapshot<Pod>(apiPaths.pods(namespace, labelSelector || undefined), signal),
    initial,
  );
}

/** Above this many namespaces, count no pods (one list request per namespace; the access reviews stop at 100 too). */
const MAX_COUNTED_NAMESPACES = 100;

export interface PodCounts {
  /** Pods per namespace; a namespace is missing while loading, when refused, or with more than 100 namespaces. */
  counts: ReadonlyMap<string, number>;
  /** Every count asked for has answered (or failed): no more will come. */
  settled: boolean;
}

/**
 * How many pods each namespace holds (a hint for choosing one: "shop (5 pods)"); shares the cache
 * entry of `usePods(namespace)`.
 */
export function usePodCounts(namespaces: readonly string[]): PodCounts {
  const asked = namespaces.length <= MAX_COUNTED_NAMESPACES ? namespaces : [];
  const results = useHydrationSafeQueries(
    asked.map((namespace) => ({
      queryKey: queryKeys.list({ resource: 'pods', namespace }),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSnapshot<Pod>(apiPaths.pods(namespace), signal),
      staleTime: 30_000,
      retry: false,
      structuralSharing: false,
    })),
  );
  const counts = new Map<string, number>();
  results.forEach((r, i) => {
    if (r.data) counts.set(asked[i], r.data.items.length);
  });
  return { counts, settled: results.every((r) => !r.isPending) };
}
