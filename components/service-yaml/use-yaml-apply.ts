'use client';
/** Writing the editor's Service: replace (PUT with the base resourceVersion), server-side apply (+ force), create. */
import { useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { StatusError } from '../../lib/client/fetch-json';
import { serviceApi } from '../../lib/client/services';
import type { KubectlCommand, KubectlTarget } from '../../lib/kubectl-command/command';
import { createCommand, replaceCommand, serverSideApplyCommand } from '../../lib/kubectl-command/object-commands';
import { applyConflicts, applyPayload, createPayload, FIELD_MANAGER, replacePayload, type ApplyConflict } from '../../lib/service-yaml/apply-payload';
import type { ApplyMethod } from './ApplyReview';

export type ApplyOutcome = { ok: true; service: Service } | { ok: false; code: number; message: string };

/** The kubectl command sending what `apply` (or, for `'create'`, `create`) below sends. */
export function yamlWriteCommand(method: ApplyMethod | 'create', edited: Service, baseResourceVersion: string | undefined, force: boolean, target: KubectlTarget): KubectlCommand {
  if (method === 'create') return createCommand(createPayload(edited), target);
  if (method === 'apply') return serverSideApplyCommand(applyPayload(edited), target, { fieldManager: FIELD_MANAGER, force });
  return replaceCommand(replacePayload(edited, baseResourceVersion), target);
}

export function useYamlApply() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [conflicts, setConflicts] = useState<ApplyConflict[]>([]);

  async function run(write: () => Promise<{ data: Service }>): Promise<ApplyOutcome> {
    setBusy(true);
    setError(undefined);
    setConflicts([]);
    try {
      const { data } = await write();
      return { ok: true, service: data };
    } catch (err) {
      const status = err instanceof StatusError ? err.status : undefined;
      const code = err instanceof StatusError ? err.code : 0;
      const found = applyConflicts(status);
      setConflicts(found);
      setError(status?.message ?? (err as Error).message);
      return { ok: false, code, message: status?.message ?? (err as Error).message };
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    error,
    conflicts,
    reset() {
      setError(undefined);
      setConflicts([]);
    },
    apply(method: ApplyMethod, namespace: string, edited: Service, baseResourceVersion: string | undefined, force: boolean) {
      const ref = { namespace, name: edited.metadata.name ?? '' };
      if (method === 'apply') {
        return run(() => serviceApi.patch(ref, 'apply', JSON.stringify(applyPayload(edited)), { fieldManager: FIELD_MANAGER, force }));
      }
      return run(() => serviceApi.replace(ref, replacePayload(edited, baseResourceVersion)));
    },
    create(namespace: string, edited: Service) {
      return run(() => serviceApi.create(namespace, createPayload(edited)));
    },
  };
}
