/**
 * Who made a change, read from metadata.managedFields as the API server keeps them: the entry whose
 * fields or time changed between the two versions (new entries included); when several did, the one
 * with the latest time. A create takes the newest entry. Deletions change no managedFields: only the
 * Porthole audit can name who deleted.
 */
import type { ManagedFieldsEntry, Service } from '../k8s/types';
import type { HistoryActor } from './history-types';

const entryKey = (e: ManagedFieldsEntry): string => `${e.manager ?? ''}|${e.operation ?? ''}|${e.subresource ?? ''}`;

function latest(entries: readonly ManagedFieldsEntry[]): ManagedFieldsEntry | undefined {
  let best: ManagedFieldsEntry | undefined;
  for (const e of entries) if (!best || (e.time ?? '') > (best.time ?? '')) best = e;
  return best;
}

export function changeActor(before: Service | undefined, after: Service): HistoryActor {
  const next = after.metadata.managedFields ?? [];
  const prev = new Map((before?.metadata.managedFields ?? []).map((e) => [entryKey(e), JSON.stringify(e)]));
  const changed = before ? next.filter((e) => prev.get(entryKey(e)) !== JSON.stringify(e)) : next;
  const entry = latest(changed);
  if (!entry) return {};
  return { manager: entry.manager, operation: entry.operation };
}
