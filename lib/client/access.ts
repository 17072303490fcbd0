'use client';
import { useHydrationSafeQuery, useHydrationSafeQueries } from './hydration-safe-query';
import type { ResourceAttributes, SelfSubjectAccessReview } from '../k8s/types';
import { apiPaths } from './api-paths';
import { requestJson } from './fetch-json';
import { queryKeys } from './query-keys';

/** POSTs a review object and returns the API server's answer. */
async function postReview<T>(path: string, review: T): Promise<T> {
  const { data } = await requestJson<T>(path, { method: 'POST', body: JSON.stringify(review), contentType: 'application/json' });
  return data;
}

function accessReviewQuery(attrs: ResourceAttributes) {
  const key: Record<string, string | undefined> = { ...attrs };
  return {
    queryKey: queryKeys.accessReview(key),
    staleTime: 30_000,
    queryFn: async () => {
      const data = await postReview<SelfSubjectAccessReview>(apiPaths.selfSubjectAccessReview(), {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SelfSubjectAccessReview',
        metadata: {},
        spec: { resourceAttributes: attrs },
      });
      return data.status ?? { allowed: false };
    },
  };
}

/** May the current identity do this? (SelfSubjectAccessReview, answered by the API server.) */
export function useCanI(attrs: ResourceAttributes, enabled = true) {
  return useHydrationSafeQuery({ ...accessReviewQuery(attrs), enabled });
}

/** Above this many namespaces, ask no review per namespace (offer them all). */
const MAX_REVIEWED_NAMESPACES = 100;

/**
 * The namespaces in which the identity may `verb` (default: list) Services: all of them when it may
 * everywhere (one review), else those a per-namespace review allows (the cluster's RBAC decides;
 * while the answers are pending, or with very many namespaces, every name is kept).
 */
export function useNamespacesWithServiceAccess(names: readonly string[], verb = 'list', enabled = true): { names: string[]; pending: boolean } {
  const everywhere = useCanI({ verb, resource: 'services' }, enabled);
  const ask = enabled && everywhere.data?.allowed === false && names.length <= MAX_REVIEWED_NAMESPACES;
  const reviews = useHydrationSafeQueries((ask ? names : []).map((namespace) => accessReviewQuery({ verb, resource: 'services', namespace })));
  if (!ask) return { names: [...names], pending: everywhere.isPending };
  return { names: names.filter((_, i) => reviews[i]?.data?.allowed !== false), pending: reviews.some((r) => r.isPending) };
}
