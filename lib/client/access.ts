'use client';
import { useHydrationSafeQuery, useHydrationSafeQueries } from './hydration-safe-query';
import type { ResourceAttributes, SelfSubjectAccessReview } from '../k8s/types';
import { apiPaths } from './api-paths';
import { requestJson } from './fetch-json';
import { queryKeys } from './query-keys';
import { useCarriedReviews } from './first-answers';
import { MAX_REVIEWED_NAMESPACES } from '../contract/first-answers';

/** POSTs a review object and returns the API server's answer. */
async function postReview<T>(path: string, review: T): Promise<T> {
  const { data } = await requestJson<T>(path, { method: 'POST', body: JSON.stringify(review), contentType: 'application/json' });
  return data;
}

/** `carried`: the answer the page's HTML was rendered with (lib/client/first-answers.tsx), taken as the first one. */
function accessReviewQuery(attrs: ResourceAttributes, carried?: SelfSubjectAccessReview['status']) {
  const key: Record<string, string | undefined> = { ...attrs };
  return {
    queryKey: queryKeys.accessReview(key),
    staleTime: 30_000,
    ...(carried ? { initialData: carried } : {}),
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
  const carried = useCarriedReviews();
  return useHydrationSafeQuery({ ...accessReviewQuery(attrs, carried(attrs)), enabled });
}

/**
 * The namespaces in which the identity may `verb` (default: list) Services: all of them when it may
 * everywhere (one review), else those a per-namespace review allows (the cluster's RBAC decides;
 * while the answers are pending, or with very many namespaces, every name is kept).
 */
export function useNamespacesWithServiceAccess(names: readonly string[], verb = 'list', enabled = true): { names: string[]; pending: boolean } {
  const everywhere = useCanI({ verb, resource: 'services' }, enabled);
  const carried = useCarriedReviews();
  const ask = enabled && everywhere.data?.allowed === false && names.length <= MAX_REVIEWED_NAMESPACES;
  const reviews = useHydrationSafeQueries(
    (ask ? names : []).map((namespace) => {
      const attrs = { verb, resource: 'services', namespace };
      return accessReviewQuery(attrs, carried(attrs));
    }),
  );
  if (!ask) return { names: [...names], pending: everywhere.isPending };
  return { names: names.filter((_, i) => reviews[i]?.data?.allowed !== false), pending: reviews.some((r) => r.isPending) };
}
