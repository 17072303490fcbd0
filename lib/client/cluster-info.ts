'use client';
import { useHydrationSafeQuery } from './hydration-safe-query';
import type { ClusterInfoResult } from '../contract/cluster-info';
import { apiPaths } from './api-paths';
import { getJson } from './fetch-json';
import { queryKeys } from './query-keys';
import { useFirstAnswers } from './first-answers';

/** The cluster and identity this browser acts as (names only), e.g. to key per-cluster browser storage. */
export function useClusterInfo() {
  const carried = useFirstAnswers().identity;
  return useHydrationSafeQuery<ClusterInfoResult>({
    queryKey: queryKeys.identity(),
    ...(carried ? { initialData: carried } : {}),
    queryFn: ({ signal }) => getJson<ClusterInfoResult>(apiPaths.identity(), signal),
    staleTime: 60_000,
  });
}
