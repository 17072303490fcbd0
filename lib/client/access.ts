'use client';
import { useQuery } from '@tanstack/react-query';
import type { ResourceAttributes, SelfSubjectAccessReview, SelfSubjectRulesReview } from '../k8s/types';
import { apiPaths } from './api-paths';
import { requestJson } from './fetch-json';
import { queryKeys } from './query-keys';

/** May the current identity do this? (SelfSubjectAccessReview, answered by the API server.) */
export function useCanI(attrs: ResourceAttributes) {
  const key: Record<string, string | undefined> = { ...attrs };
  return useQuery({
    queryKey: queryKeys.accessReview(key),
    staleTime: 30_000,
    queryFn: async () => {
      const review: SelfSubjectAccessReview = {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SelfSubjectAccessReview',
        metadata: {},
        spec: { resourceAttributes: attrs },
      };
      const { data } = await requestJson<SelfSubjectAccessReview>(apiPaths.selfSubjectAccessReview(), {
        method: 'POST',
        body: JSON.stringify(review),
        contentType: 'application/json',
      });
      return data.status ?? { allowed: false };
    },
  });
}

/** Everything the current identity may do in a namespace (SelfSubjectRulesReview). */
export function useRules(namespace: string) {
  return useQuery({
    queryKey: queryKeys.rulesReview(namespace),
    staleTime: 30_000,
    queryFn: async () => {
      const review: SelfSubjectRulesReview = {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SelfSubjectRulesReview',
        metadata: {},
        spec: { namespace },
      };
      const { data } = await requestJson<SelfSubjectRulesReview>(apiPaths.selfSubjectRulesReview(), {
        method: 'POST',
        body: JSON.stringify(review),
        contentType: 'application/json',
      });
      return data.status;
    },
  });
}
