/** How the History views name who made a change and what a version holds. Pure. */
import type { Service } from '../k8s/types';
import type { HistoryActor, HistoryEntry } from './history-types';

/** "Porthole user alice (porthole, Update)", "kubectl-client-side-apply (Update)", or "unknown". */
export function actorLabel(actor: HistoryActor): string {
  const how = [actor.manager, actor.operation].filter(Boolean).join(', ');
  if (actor.portholeUser) return `Porthole user ${actor.portholeUser}${how ? ` (${how})` : ''}`;
  if (actor.manager) return actor.operation ? `${actor.manager} (${actor.operation})` : actor.manager;
  return 'unknown';
}

/** The object as compared between versions: without managedFields, status and the fields that change on every write. */
export function comparable(service: Service): Service {
  const { managedFields: _mf, resourceVersion: _rv, generation: _g, ...metadata } = service.metadata;
  const { status: _s, ...rest } = service;
  return { ...rest, metadata };
}

/** The two chosen entries in time order (older first), whatever order they were picked in. */
export function inTimeOrder(a: HistoryEntry, b: HistoryEntry): [HistoryEntry, HistoryEntry] {
  const ta = Date.parse(a.observedAt);
  const tb = Date.parse(b.observedAt);
  if (ta !== tb) return ta < tb ? [a, b] : [b, a];
  return Number(a.resourceVersion) <= Number(b.resourceVersion) ? [a, b] : [b, a];
}

/** Whether an event time falls in the window of the chosen versions (with `marginMs` either side). */
export function inWindow(time: string, from: string, to: string, marginMs: number): boolean {
  const t = Date.parse(time);
  return !Number.isNaN(t) && t >= Date.parse(from) - marginMs && t <= Date.parse(to) + marginMs;
}
