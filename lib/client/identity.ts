'use client';
import { useMutation } from '@tanstack/react-query';
import { useHydrationSafeQuery } from './hydration-safe-query';
import { apiPaths } from './api-paths';
import { requestJson } from './fetch-json';
import { queryKeys } from './query-keys';
import { useFirstAnswers } from './first-answers';

/** Switch the identity (kubeconfig context) this browser acts as, then reload everything under it. */
export function useSwitchIdentity() {
  return useMutation({
    mutationFn: (context: string) => requestJson<{ context: string }>(apiPaths.identity(), { method: 'POST', body: JSON.stringify({ context }), contentType: 'application/json' }),
    onSuccess: () => window.location.reload(),
  });
}

export interface CurrentIdentity {
  /** The identity (kubeconfig context) this browser acts as. */
  identity?: string;
  /** The namespace of its kubeconfig context. */
  namespace?: string;
  /** --namespaces: more namespaces to offer when namespaces cannot be listed. */
  namespaces?: string[];
  /** Porthole was started with --read-only: it refuses every write. */
  readOnly?: boolean;
}

/** Who this browser acts as (the context name; never a credential). */
export function useCurrentIdentity() {
  const carried = useFirstAnswers().identity;
  return useHydrationSafeQuery<CurrentIdentity>({
    queryKey: queryKeys.identity(),
    staleTime: Infinity,
    ...(carried ? { initialData: carried } : {}),
    queryFn: async () => (await requestJson<CurrentIdentity>(apiPaths.identity())).data,
  });
}
