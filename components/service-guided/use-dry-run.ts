'use client';
/**
 * The server's opinion of the draft: a dry-run create (dryRun=All, fieldValidation=Strict), sent
 * ≈400 ms after the draft stops changing. Nothing is stored; what the dry run allocates (a cluster
 * IP, node ports) is a placeholder and is not shown as the Service's address.
 */
import { useEffect, useState } from 'react';
import type { Service, Status } from '../../lib/k8s/types';
import { StatusError } from '../../lib/client/fetch-json';
import { failure } from '../../lib/k8s/status';
import { serviceApi } from '../../lib/client/services';

export type DryRunResult =
  | { phase: 'waiting' }
  | { phase: 'accepted'; warnings: string[] }
  | { phase: 'rejected'; status: Status; warnings: string[] };

export function useDryRun(namespace: string, svc: Service, enabled: boolean): { result: DryRunResult; retry: () => void } {
  const body = JSON.stringify(svc);
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<{ key: string; result: DryRunResult }>();
  const key = `${namespace}\n${attempt}\n${body}`;
  useEffect(() => {
    if (!enabled || !namespace) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      serviceApi.create(namespace, JSON.parse(body) as Service, { dryRun: true, fieldValidation: 'Strict' }).then(
        (r) => setDone({ key, result: { phase: 'accepted', warnings: r.warnings } }),
        (err: unknown) => {
          if (ctl.signal.aborted) return;
          const status: Status = err instanceof StatusError ? err.status : failure(500, 'InternalError', String(err));
          setDone({ key, result: { phase: 'rejected', status, warnings: err instanceof StatusError ? err.warnings : [] } });
        },
      );
    }, 400);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [namespace, body, enabled, key]);
  return { result: done?.key === key ? done.result : { phase: 'waiting' }, retry: () => setAttempt((n) => n + 1) };
}
