'use client';
/**
 * Reach a Service (issue 20): Try it (the NDJSON answer read as it streams, one result per endpoint as
 * it answers), local port forwards (list, open, stop), and whether the identity may do either.
 */
import { useCallback, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHydrationSafeQuery } from './hydration-safe-query';
import { failure } from '../k8s/status';
import type { Status } from '../k8s/types';
import { READ_ONLY_REASON } from '../read-only';
import type { ForwardList, ForwardRequest, ForwardView, ReachEndpoint, TryLine, TryRequest, TryResult } from '../reach/wire';
import { streamLines } from '../text/lines';
import { useCanI } from './access';
import { apiPaths, apiUrl } from './api-paths';
import { checkOk, reach, requestJson, StatusError } from './fetch-json';
import { useCurrentIdentity } from './identity';
import { queryKeys } from './query-keys';
import type { ServicePermission } from './service-permissions';

export interface TryState {
  running: boolean;
  endpoints?: ReachEndpoint[];
  targetPort?: string | number;
  results: TryResult[];
  done: boolean;
  hint?: string;
  error?: Status;
}

const IDLE: TryState = { running: false, results: [], done: false };

/** Runs Try it against a Service; `state` fills in as lines arrive. A new run cancels the previous one. */
export function useTryIt(namespace: string, name: string): { state: TryState; run: (req: TryRequest) => void } {
  const [state, setState] = useState<TryState>(IDLE);
  const current = useRef<AbortController | undefined>(undefined);
  const run = useCallback(
    (req: TryRequest) => {
      current.current?.abort();
      const ctl = new AbortController();
      current.current = ctl;
      setState({ ...IDLE, running: true });
      const apply = (line: TryLine) =>
        setState((s) => {
          if (line.type === 'endpoints') return { ...s, endpoints: line.endpoints, targetPort: line.targetPort };
          if (line.type === 'result') return { ...s, results: [...s.results, line.result] };
          return { ...s, done: true, running: false, hint: line.hint };
        });
      void (async () => {
        try {
          const res = await reach(
            fetch(apiUrl(apiPaths.serviceTry(namespace, name)), {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(req),
              signal: ctl.signal,
              cache: 'no-store',
            }),
          );
          await checkOk(res);
          for await (const text of streamLines(res.body!)) if (text.trim()) apply(JSON.parse(text) as TryLine);
          setState((s) => ({ ...s, running: false }));
        } catch (err) {
          if (ctl.signal.aborted) return;
          const status = err instanceof StatusError ? err.status : failure(500, 'InternalError', (err as Error).message);
          setState((s) => ({ ...s, running: false, error: status }));
        }
      })();
    },
    [namespace, name],
  );
  return { state, run };
}

export function useForwards() {
  return useHydrationSafeQuery({
    queryKey: queryKeys.forwards(),
    refetchInterval: 2000,
    queryFn: async () => (await requestJson<ForwardList>(apiPaths.forwards())).data,
  });
}

export function useOpenForward(namespace: string, name: string) {
  const client = useQueryClient();
  return useMutation<ForwardView, StatusError, ForwardRequest>({
    mutationFn: async (req) =>
      (await requestJson<ForwardView>(apiPaths.serviceForwards(namespace, name), { method: 'POST', body: JSON.stringify(req), contentType: 'application/json' })).data,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.forwards() }),
  });
}

export function useStopForward() {
  const client = useQueryClient();
  return useMutation<ForwardView, StatusError, string>({
    mutationFn: async (id) => (await requestJson<ForwardView>(apiPaths.forward(id), { method: 'DELETE' })).data,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.forwards() }),
  });
}

const PENDING: ServicePermission = { allowed: false, pending: true, reason: 'Checking what your identity may do…' };

/** May the identity port-forward to pods in `namespace` (`create pods/portforward`)? With the reason when not. */
export function usePortForwardPermission(namespace: string): ServicePermission {
  const review = useCanI({ verb: 'create', resource: 'pods', subresource: 'portforward', namespace });
  const identity = useCurrentIdentity();
  if (review.isPending) return PENDING;
  if (review.isError) return { allowed: true, pending: false };
  if (review.data.allowed) return { allowed: true, pending: false };
  if (review.data.reason === READ_ONLY_REASON || identity.data?.readOnly) return { allowed: false, pending: false, reason: READ_ONLY_REASON, cause: 'read-only' };
  const who = identity.data?.identity ? `Your identity ${identity.data.identity}` : 'Your identity';
  return { allowed: false, pending: false, reason: `${who} may not port-forward to pods in namespace ${namespace} (create pods/portforward).`, cause: 'permission' };
}
