import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { KubeObject, Service } from '../k8s/types';
import { applyListEvents, type ListEvent } from '../live/apply-events';
import type { ListSnapshot } from '../live/protocol';
import { projectService } from '../service-list/projection';
import { runUpstreamWatch } from './upstream-watch';

/**
 * The Service list's projection kept in Porthole's server, per identity and namespace scope, so a
 * new tab (a first visit, a shared link) gets the list from memory instead of waiting for the API
 * server's whole list to be fetched and parsed (~10 MB for 10,000 Services, most of it managedFields).
 *
 * An entry is seeded by a list the route made anyway, then kept current by one upstream watch from
 * that list's resourceVersion (relisting on 410). It is served only while that watch is live: the
 * snapshot then is exactly the state at its resourceVersion, and the browser's own watch resumes from
 * there. Events are queued and applied when a request needs the snapshot. An entry nobody asked for
 * during GRACE_MS, or whose watch is refused (401/403/404), is dropped with its watch.
 */
const GRACE_MS = 2 * 60_000;
/** Apply queued events at least this often, so the queue stays small without requests. */
const MAX_PENDING = 2000;

interface Entry {
  snapshot: ListSnapshot;
  pending: ListEvent[];
  live: boolean;
  lastUsed: number;
  abort: AbortController;
}

const entries = new Map<string, Entry>();

const keyOf = (identity: string, namespace: string | undefined) => `${identity}\n${namespace ?? ''}`;

function drop(key: string, entry: Entry): void {
  entry.abort.abort();
  if (entries.get(key) === entry) entries.delete(key);
}

function settle(entry: Entry): ListSnapshot {
  if (entry.pending.length) {
    entry.snapshot = applyListEvents(entry.snapshot, entry.pending) ?? entry.snapshot;
    entry.pending = [];
  }
  return entry.snapshot;
}

/** The cached projection for this identity and scope, when its watch is live; else undefined. */
export function cachedServiceRows(identity: string, namespace: string | undefined): ListSnapshot | undefined {
  const entry = entries.get(keyOf(identity, namespace));
  if (!entry?.live) return undefined;
  entry.lastUsed = Date.now();
  return settle(entry);
}

/** Keeps `snapshot` (a projected list just read with these credentials) current from now on. */
export function seedServiceRows(identity: string, kc: KubeConfig, namespace: string | undefined, snapshot: ListSnapshot): void {
  const key = keyOf(identity, namespace);
  const old = entries.get(key);
  if (old) drop(key, old);
  const entry: Entry = { snapshot, pending: [], live: false, lastUsed: Date.now(), abort: new AbortController() };
  entries.set(key, entry);
  const push = (ev: ListEvent) => {
    entry.pending.push(ev);
    if (entry.pending.length >= MAX_PENDING) settle(entry);
  };
  const project = (o: KubeObject): KubeObject => projectService(o as Service);
  void runUpstreamWatch(
    kc,
    { resource: 'services', namespace },
    snapshot.resourceVersion,
    {
      resync: (list) => push({ type: 'resync', list: { resourceVersion: list.resourceVersion, items: list.items.map(project) } }),
      change: (type, object) => push({ type, object: project(object) }),
      bookmark: (resourceVersion) => push({ type: 'bookmark', resourceVersion }),
      state: (state) => (entry.live = state === 'live'),
      failure: () => drop(key, entry),
    },
    entry.abort.signal,
  ).catch(() => drop(key, entry));
  const timer = setInterval(() => {
    if (entry.abort.signal.aborted) clearInterval(timer);
    else if (Date.now() - entry.lastUsed > GRACE_MS) {
      clearInterval(timer);
      drop(key, entry);
    }
  }, GRACE_MS / 4);
  timer.unref?.();
}
