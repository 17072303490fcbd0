/**
 * Who made a change, read from metadata.managedFields as the API server keeps them: the entry that is
 * new or whose time moved between the two versions (the writer's; a manager that only lost fields to
 * it keeps its time), else one whose fields changed; when several, the one with the latest time. A
 * create takes the newest entry. A manager writing again within the same second leaves no trace in
 * managedFields (the time has second precision): the newest entry is named then. Deletions change no managedFields: only the
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
  if (!before) return actorOf(latest(next));
  const prev = new Map((before.metadata.managedFields ?? []).map((e) => [entryKey(e), e]));
  const moved = next.filter((e) => prev.get(entryKey(e))?.time !== e.time || !prev.has(entryKey(e)));
  const changed = moved.length > 0 ? moved : next.filter((e) => JSON.stringify(prev.get(entryKey(e))) !== JSON.stringify(e));
  return actorOf(latest(changed.length > 0 ? changed : next));
}

function actorOf(entry: ManagedFieldsEntry | undefined): HistoryActor {
  if (!entry) return {};
  return { manager: entry.manager, operation: entry.operation };
}
