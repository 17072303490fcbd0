'use client';
/**
 * A live list a page can do without (e.g. the nodes on the Service detail page): fetched once, and
 * watched ONLY when the fetch succeeded. A refusal (401/403/404) is final and reported as
 * `unavailable`, so the page can explain it in place; no watch is opened for it, so the tab's live
 * state is not turned "stale" by a resource the identity may not read. Added by the detail page
 * (same pattern as live-list.ts).
 */
import { useHydrationSafeQuery } from './hydration-safe-query';
import { useEffect } from 'react';
import type { KubeObject, Node, Status } from '../k8s/types';
import { watchId, type ListSnapshot, type WatchSpec } from '../live/protocol';
import { apiPaths } from './api-paths';
import { StatusError } from './fetch-json';
import { fetchSnapshot } from './live-list';
import { useLiveConnection } from './providers';
import { queryKeys } from './query-keys';

export interface OptionalList<T extends KubeObject> {
  /** undefined while loading, and when unavailable. */
  items: T[] | undefined;
  /** Why the list cannot be shown (final: 401, 403, 404). */
  unavailable?: Status;
  /** A temporary failure while retrying (e.g. 503). */
  failing?: Status;
}

const FINAL = new Set([401, 403, 404]);

/** `initial`: the list as the page's HTML carried it (no request; the watch starts from it). */
export function useOptionalLiveList<T extends KubeObject>(spec: WatchSpec, fetcher: (signal: AbortSignal) => Promise<ListSnapshot<T>>, initial?: ListSnapshot<T>): OptionalList<T> {
  const live = useLiveConnection();
  const query = useHydrationSafeQuery<ListSnapshot<T>>({
    queryKey: queryKeys.list(spec),
    queryFn: ({ signal }) => fetcher(signal),
    structuralSharing: false,
    ...(initial ? { initialData: initial } : {}),
  });
  const id = watchId(spec);
  const ok = query.isSuccess;
  useEffect(() => {
    if (!ok) return;
    return live.subscribe(spec);
    // `id` identifies spec.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, ok, live]);
  const err = query.error ?? query.failureReason;
  const status = err instanceof StatusError ? err.status : undefined;
  const final = status && FINAL.has(status.code ?? 0) ? status : undefined;
  return { items: final ? undefined : query.data?.items, unavailable: final, failing: final ? undefined : status };
}

/** All nodes when the identity may list them (a namespace-scoped developer usually may not). */
export function useOptionalNodes(initial?: ListSnapshot<Node>): OptionalList<Node> {
  return useOptionalLiveList<Node>({ resource: 'nodes' }, (signal) => fetchSnapshot<Node>(apiPaths.nodes(), signal), initial);
}
