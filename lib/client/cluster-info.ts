'use client';
import { useHydrationSafeQuery } from './hydration-safe-query';
import type { ClusterInfoResult } from '../contract/cluster-info';
import { apiPaths } from './api-paths';
import { getJson } from './fetch-json';
import { queryKeys } from './query-keys';

/** The cluster and identity this browser acts as (names only), e.g. to key per-cluster browser storage. */
export function useClusterInfo() {
  return useHydrationSafeQuery({
    queryKey: queryKeys.identity(),
    queryFn: ({ signal }) => getJson<ClusterInfoResult>(apiPaths.identity(), signal),
    staleTime: 60_000,
  });
}
