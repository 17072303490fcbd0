'use client';
import { useQuery } from '@tanstack/react-query';
import type { Endpoints } from '../k8s/types';
import { apiPaths } from './api-paths';
import { getJson } from './fetch-json';
import { queryKeys } from './query-keys';

/** The legacy Endpoints object of one Service (fetched once; EndpointSlices are the live source). */
export function useEndpoints(namespace: string, name: string) {
  return useQuery({
    queryKey: queryKeys.endpoints(namespace, name),
    queryFn: ({ signal }) => getJson<Endpoints>(apiPaths.endpoints(namespace, name), signal),
  });
}
