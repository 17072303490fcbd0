'use client';
import { useHydrationSafeQuery } from './hydration-safe-query';
import type { ClusterSummary } from '../contract/cluster-info';
import { apiPaths } from './api-paths';
import { getJson } from './fetch-json';
import { queryKeys } from './query-keys';

export type { ClusterSummary };

/**
 * Every cluster Porthole knows with its reachability (the cluster picker), asked in the background
 * and again every 15 s: no page waits on it.
 */
export function useClusters(enabled: boolean) {
  return useHydrationSafeQuery({
    queryKey: queryKeys.clusters(),
    queryFn: ({ signal }) => getJson<{ clusters: ClusterSummary[] }>(apiPaths.clusters(), signal),
    enabled,
    staleTime: 5_000,
    refetchInterval: 15_000,
    retry: false,
  });
}
