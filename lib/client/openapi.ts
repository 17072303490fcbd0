'use client';
import { useHydrationSafeQuery } from './hydration-safe-query';
import type { JsonObject } from '../k8s/json';
import { jsonSchemaFromOpenApi } from '../service-yaml/openapi-schema';
import { apiPaths } from './api-paths';
import { useClusterInfo } from './cluster-info';
import { getJson } from './fetch-json';
import { queryKeys } from './query-keys';

/**
 * The cluster's OpenAPI v3 document for core/v1 (components.schemas["io.k8s.api.core.v1.Service"] ...), cached
 * per cluster for the life of the page (it changes only with the cluster's version), as the Service's
 * JSON Schema.
 */
interface SchemaResult {
  schema?: JsonObject;
  error?: string;
}

/** Module-level, so TanStack Query runs it once per document. */
function toServiceSchema(doc: JsonObject): SchemaResult {
  try {
    return { schema: jsonSchemaFromOpenApi(doc) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** The Service's JSON Schema (for monaco-yaml) built from that document; an error when the cluster lacks it. */
export function useServiceJsonSchema(): SchemaResult & { loading: boolean } {
  const cluster = useClusterInfo().data;
  const clusterKey = cluster?.ok ? `${cluster.clusterName}@${cluster.server}` : '';
  const q = useHydrationSafeQuery({
    queryKey: queryKeys.serviceOpenApi(clusterKey),
    queryFn: ({ signal }) => getJson<JsonObject>(apiPaths.serviceOpenApi(), signal),
    staleTime: Infinity,
    enabled: cluster !== undefined,
    select: toServiceSchema,
  });
  return { ...(q.data ?? {}), error: q.data?.error ?? (q.error ? q.error.message : undefined), loading: q.isLoading };
}
