'use client';
import { useQuery } from '@tanstack/react-query';
import type { Service } from '../k8s/types';
import { apiPaths } from './api-paths';
import { getJson } from './fetch-json';
import { queryKeys } from './query-keys';

/** The Service's status subresource (fetched on demand; `useService` already carries status live). */
export function useServiceStatus(namespace: string, name: string) {
  return useQuery({
    queryKey: queryKeys.serviceStatus(namespace, name),
    queryFn: ({ signal }) => getJson<Service>(apiPaths.serviceStatus(namespace, name), signal),
  });
}
