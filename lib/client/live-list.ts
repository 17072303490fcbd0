'use client';
/**
 * A list that stays live: fetched once through its typed route, then kept current by the tab's watch
 * stream (which starts from the list's resourceVersion). Hooks modules build on this.
 */
import { type UseQueryResult } from '@tanstack/react-query';
import { useHydrationSafeQuery } from './hydration-safe-query';
import { useEffect } from 'react';
import type { KubeList, KubeObject, Status } from '../k8s/types';
import { watchId, type ListSnapshot, type WatchSpec } from '../live/protocol';
import { getJson } from './fetch-json';
import { useConnectionState, useLiveConnection } from './providers';
import { queryKeys } from './query-keys';

export async function fetchSnapshot<T extends KubeObject>(path: string, signal?: AbortSignal): Promise<ListSnapshot<T>> {
  const list = await getJson<KubeList<T>>(path, signal);
  return { resourceVersion: list.metadata?.resourceVersion ?? '', items: list.items ?? [] };
}

export interface LiveList<T extends KubeObject> {
  query: UseQueryResult<ListSnapshot<T>>;
  items: T[] | undefined;
  /** A watch for this list was refused for good (e.g. 403): the Status. */
  watchFailure?: Status;
}

export function useLiveList<T extends KubeObject>(
  spec: WatchSpec | undefined,
  fetcher: (signal: AbortSignal) => Promise<ListSnapshot<T>>,
  /** The list the page's HTML carried (the server rendered it): no request, the watch starts from it. */
  initial?: ListSnapshot<T>,
): LiveList<T> {
  const live = useLiveConnection();
  const disabledKey = ['porthole', 'disabled'] as const;
  const query = useHydrationSafeQuery<ListSnapshot<T>>({
    queryKey: spec ? queryKeys.list(spec) : disabledKey,
    queryFn: ({ signal }) => fetcher(signal),
    enabled: spec !== undefined,
    structuralSharing: false,
    ...(initial ? { initialData: initial } : {}),
  });
  const id = spec ? watchId(spec) : undefined;
  const settled = query.status !== 'pending' || query.failureCount > 0;
  useEffect(() => {
    if (!spec || !settled) return;
    return live.subscribe(spec);
    // `id` identifies spec; re-subscribing on every render would churn the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, settled, live]);
  const connection = useConnectionState();
  return { query, items: query.data?.items, watchFailure: id ? connection.failures[id] : undefined };
}
