'use client';
import { useQuery } from '@tanstack/react-query';
import type { JsonObject } from '../k8s/json';
import { apiPaths } from './api-paths';
import { getJson } from './fetch-json';
import { queryKeys } from './query-keys';

/** The cluster's OpenAPI v3 document for core/v1 (components.schemas["io.k8s.api.core.v1.Service"] ...). */
export function useServiceOpenApi() {
  return useQuery({
    queryKey: queryKeys.serviceOpenApi(),
    queryFn: ({ signal }) => getJson<JsonObject>(apiPaths.serviceOpenApi(), signal),
    staleTime: Infinity,
  });
}
