/**
 * Applying watch events to a list snapshot. Pure: the browser's connection manager calls it for each
 * batch of events before writing the result into the query cache.
 */
import type { KubeObject } from '../k8s/types';
import type { ListSnapshot } from './protocol';

export type ListEvent =
  | { type: 'resync'; list: ListSnapshot }
  | { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: KubeObject }
  | { type: 'bookmark'; resourceVersion: string };

export function objectKey(obj: KubeObject): string {
  return `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

/**
 * The key → position index of the last list this module produced, so the next batch does not rebuild
 * it for 10,000 items (one event per frame would otherwise cost a full index each time). A batch takes
 * the index over from the list it copies and leaves it with the list it returns; a list without one
 * (e.g. a snapshot applied twice) gets a fresh index.
 */
const indexes = new WeakMap<readonly KubeObject[], Map<string, number>>();

/** Returns a new snapshot (or `prev` itself when nothing changed). Items keep their order; new ones append. */
export function applyListEvents(prev: ListSnapshot | undefined, events: readonly ListEvent[]): ListSnapshot | undefined {
  let snapshot = prev;
  let items: KubeObject[] | undefined; // copied lazily
  let index: Map<string, number> | undefined;
  let resourceVersion = prev?.resourceVersion ?? '';
  let changed = false;

  const ensureCopy = () => {
    if (!items) {
      const from = snapshot?.items ?? [];
      items = from.slice();
      index = indexes.get(from);
      if (index) indexes.delete(from);
      else index = new Map(items.map((o, i) => [objectKey(o), i]));
    }
    return { list: items, idx: index! };
  };

  for (const ev of events) {
    if (ev.type === 'resync') {
      snapshot = ev.list;
      items = undefined;
      index = undefined;
      resourceVersion = ev.list.resourceVersion;
      changed = true;
      continue;
    }
    if (ev.type === 'bookmark') {
      if (ev.resourceVersion !== resourceVersion) {
        resourceVersion = ev.resourceVersion;
        changed = true;
      }
      continue;
    }
    const { list, idx } = ensureCopy();
    const key = objectKey(ev.object);
    const at = idx.get(key);
    if (ev.object.metadata.resourceVersion) resourceVersion = ev.object.metadata.resourceVersion;
    changed = true;
    if (ev.type === 'DELETED') {
      if (at === undefined) continue;
      list.splice(at, 1);
      idx.delete(key);
      for (let i = at; i < list.length; i++) idx.set(objectKey(list[i]), i);
    } else if (at === undefined) {
      idx.set(key, list.length);
      list.push(ev.object);
    } else {
      list[at] = ev.object;
    }
  }
  if (!changed) return prev;
  if (items && index) indexes.set(items, index);
  return { resourceVersion, items: items ?? snapshot?.items ?? [] };
}
