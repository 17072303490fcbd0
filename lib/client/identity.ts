'use client';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from './api-paths';
import { requestJson } from './fetch-json';

/** Switch the identity (kubeconfig context) this browser acts as, then reload everything under it. */
export function useSwitchIdentity() {
  return useMutation({
    mutationFn: (context: string) =>
      requestJson<{ context: string }>(apiPaths.identity(), { method: 'POST', body: JSON.stringify({ context }), contentType: 'application/json' }),
    onSuccess: () => window.location.reload(),
  });
}
