'use client';
/**
 * Live validation of a Service draft: on every change the shared rules (checkServiceDraft), and
 * about 400 ms after the last change a server dry run (POST for a create, PUT for an edit, with
 * dryRun=All and fieldValidation=Strict). The dry run's returned object is never used: a dry-run
 * create answers with placeholder addresses, not the ones the Service will get.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Service } from '../k8s/types';
import { checkDraft, disagreements, dryRunMessages, type DryRunOutcome, type LocalCheck } from '../service-draft/field-messages';
import type { InputProblem } from '../service-draft/form-model';
import { serviceWrites } from './service-writes';

export const DRY_RUN_DELAY_MS = 400;

export interface DraftValidation {
  local: LocalCheck;
  /** The last dry run's answer for the current draft (undefined while it is pending). */
  server?: DryRunOutcome;
  pending: boolean;
  /** No dry run yet: a new Service's draft is untouched (it starts with the first change). */
  waiting: boolean;
  /** Where the dry run and the local rules disagree, in words. */
  disagreements: string[];
}

/** `stored`: the Service as loaded, when editing; `dryRun`: false to send none (an untouched new Service). */
export function useDraftValidation(draft: Service, problems: readonly InputProblem[], stored?: Service, dryRun = true): DraftValidation {
  const local = useMemo(() => checkDraft(draft, problems, stored), [draft, problems, stored]);
  const key = useMemo(() => JSON.stringify(draft), [draft]);
  const [answer, setAnswer] = useState<{ key: string; outcome: DryRunOutcome } | undefined>(undefined);
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    if (!dryRun) return;
    const timer = setTimeout(() => {
      const ns = draft.metadata.namespace || stored?.metadata.namespace || 'default';
      const request = stored
        ? serviceWrites.dryRunReplace({ namespace: stored.metadata.namespace ?? ns, name: stored.metadata.name ?? '' }, draft)
        : serviceWrites.dryRunCreate(ns, draft);
      void request.then((r) => {
        if (seq.current !== mine) return;
        setAnswer({ key, outcome: dryRunMessages(r.ok ? { ok: true, warnings: r.warnings } : r) });
      });
    }, DRY_RUN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, draft, stored, dryRun]);
  const server = answer?.key === key ? answer.outcome : undefined;
  const disagree = useMemo(() => (server ? disagreements(local, server) : []), [local, server]);
  return { local, server, pending: server === undefined, waiting: !dryRun, disagreements: disagree };
}
