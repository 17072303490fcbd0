'use client';
/**
 * Saving the Service form: create (POST) or replace (PUT carrying the loaded resourceVersion).
 * Nothing the user typed is ever dropped here: on 409 the current object is read and a three-way
 * re-apply is offered, on 404 (deleted meanwhile) a re-create, on a network failure a retry, and
 * any other refusal (403, 422) is shown as the server sent it.
 */
import { useCallback, useState } from 'react';
import type { Service, Status } from '../k8s/types';
import { threeWayMerge, type ThreeWayResult } from '../service-draft/three-way';
import { isNetworkFailure, serviceWrites, type WriteOutcome } from './service-writes';
import type { ServiceRef } from './services';

export type SaveState =
  | { phase: 'idle' }
  | { phase: 'saving' }
  | { phase: 'conflict'; live: Service; merge: ThreeWayResult }
  | { phase: 'gone' }
  | { phase: 'network'; message: string }
  | { phase: 'refused'; status: Status };

/** What a re-create sends: the draft without what the deleted object's server gave it. */
export function forRecreate(draft: Service): Service {
  const out: Service = JSON.parse(JSON.stringify(draft)) as Service;
  for (const k of ['resourceVersion', 'uid', 'creationTimestamp', 'managedFields', 'generation', 'deletionTimestamp'] as const) delete out.metadata[k];
  delete out.status;
  return out;
}

export interface ServiceSave {
  state: SaveState;
  save: (draft: Service, base: Service) => Promise<void>;
  recreate: (draft: Service) => Promise<void>;
  dismiss: () => void;
}

/** `stored`: the Service being edited (absent when creating). `onSaved` gets the stored result and what was sent. */
export function useServiceSave(stored: ServiceRef | undefined, onSaved: (saved: Service, sent: Service) => void): ServiceSave {
  const [state, setState] = useState<SaveState>({ phase: 'idle' });

  const finish = useCallback(
    async (outcome: WriteOutcome<Service>, sent: Service, onConflict?: () => Promise<void>) => {
      if (outcome.ok) {
        setState({ phase: 'idle' });
        onSaved(outcome.data, sent);
        return;
      }
      const { status } = outcome;
      if (isNetworkFailure(status)) setState({ phase: 'network', message: status.message ?? 'network error' });
      else if (stored && status.code === 404) setState({ phase: 'gone' });
      else if (stored && status.code === 409 && status.reason === 'Conflict' && onConflict) await onConflict();
      else setState({ phase: 'refused', status });
    },
    [onSaved, stored],
  );

  const save = useCallback(
    async (draft: Service, base: Service) => {
      setState({ phase: 'saving' });
      if (!stored) {
        await finish(await serviceWrites.create(draft.metadata.namespace || 'default', draft), draft);
        return;
      }
      await finish(await serviceWrites.replace(stored, draft), draft, async () => {
        const live = await serviceWrites.get(stored);
        if (!live.ok) {
          await finish(live, draft);
          return;
        }
        setState({ phase: 'conflict', live: live.data, merge: threeWayMerge(base, live.data, draft) });
      });
    },
    [finish, stored],
  );

  const recreate = useCallback(
    async (draft: Service) => {
      setState({ phase: 'saving' });
      const sent = forRecreate(draft);
      await finish(await serviceWrites.create(draft.metadata.namespace || stored?.namespace || 'default', sent), sent);
    },
    [finish, stored],
  );

  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, save, recreate, dismiss };
}
