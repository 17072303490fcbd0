'use client';
/**
 * Service history as Porthole's server recorded it (app/api/history): one Service's timeline, one
 * recorded version, and a namespace's recently deleted Services. Read-only: the API answers 403 when
 * the identity may not read that Service (the components show that Status as the reason).
 */
import { useHydrationSafeQuery } from './hydration-safe-query';
import type { DeletedService, HistoryVersion, ServiceHistory } from '../service-history/history-types';
import { apiPaths } from './api-paths';
import { getJson, StatusError } from './fetch-json';
import { queryKeys } from './query-keys';

/** The recorder writes shortly after a change: the timeline and the deleted list are re-read this often. */
const REFRESH_MS = 4000;

/** A refusal (4xx) is the answer, not a hiccup: retried only for server and network failures. */
const retry = (count: number, err: Error) => count < 2 && !(err instanceof StatusError && err.code >= 400 && err.code < 500);

export interface DeletedServices {
  recordedSince: string;
  items: DeletedService[];
}

export function useServiceHistory(namespace: string, name: string) {
  return useHydrationSafeQuery<ServiceHistory, Error>({
    queryKey: queryKeys.serviceHistory(namespace, name),
    queryFn: ({ signal }) => getJson<ServiceHistory>(apiPaths.serviceHistory(namespace, name), signal),
    refetchInterval: REFRESH_MS,
    retry,
  });
}

/** Fetches one recorded version (immutable once recorded). */
export function getHistoryVersion(namespace: string, name: string, id: string, signal?: AbortSignal): Promise<HistoryVersion> {
  return getJson<HistoryVersion>(apiPaths.serviceHistoryVersion(namespace, name, id), signal);
}

/** One recorded version; nothing is asked while `id` is undefined. */
export function useHistoryVersion(namespace: string, name: string, id: string | undefined) {
  return useHydrationSafeQuery<HistoryVersion, Error>({
    queryKey: queryKeys.serviceHistoryVersion(namespace, name, id ?? ''),
    queryFn: ({ signal }) => getHistoryVersion(namespace, name, id ?? '', signal),
    enabled: id !== undefined,
    staleTime: Infinity,
    retry,
  });
}

export function useDeletedServices(namespace: string) {
  return useHydrationSafeQuery<DeletedServices, Error>({
    queryKey: queryKeys.deletedServices(namespace),
    queryFn: ({ signal }) => getJson<DeletedServices>(apiPaths.deletedServices(namespace), signal),
    refetchInterval: REFRESH_MS,
    enabled: namespace !== '',
    retry,
  });
}
