import 'server-only';
import { failure } from '../k8s/status';
import { watchId, type ListSnapshot, type WatchSpec } from '../live/protocol';
import { RequestError } from './errors';
import type { RequestIdentity } from './identity';
import { InformerCache, type Deliver } from './informer-cache';
import { maxWatches } from './limits';

/**
 * Porthole's shared watches: at most ONE informer (upstream list + watch) per identity and per
 * resource + scope (namespace or all, selectors), however many tabs watch it. Tabs of the same
 * identity share it; different identities never do (each has its own credentials and permissions).
 *
 * Memory stays bounded: an informer nobody subscribes to is stopped and dropped after a grace period
 * (PORTHOLE_WATCH_CACHE_GRACE_MS, default 30 s) — long enough for a reload or a tab switching pages to
 * find it again, short enough that a closed tab soon costs the API server nothing.
 *
 * The API server's cost is bounded too: one identity, and all identities on one API server, hold at
 * most maxWatches() informers (limits.ts). A new one past the bound first makes room by dropping
 * informers no tab reads (in their grace period, oldest first); else it is refused with a 429 Status.
 */
export function watchCacheGraceMs(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.PORTHOLE_WATCH_CACHE_GRACE_MS);
  return Number.isFinite(n) && n >= 0 && env.PORTHOLE_WATCH_CACHE_GRACE_MS !== '' ? n : 30_000;
}

interface Entry {
  cache: InformerCache;
  /** identityKey() and the API server: what the bounds count by. */
  identity: string;
  server: string;
  idle?: ReturnType<typeof setTimeout>;
  /** When its last tab left (entries without tabs are dropped first to make room). */
  idleSince?: number;
}

/**
 * Kept on globalThis: Next loads this module once per bundle layer (the route handlers share one copy,
 * the pages' server components have another), and a page's first rows must find the informers the
 * routes keep (lib/server/first-rows.ts), or every list page would list the API server again.
 */
const ENTRIES_KEY = '__portholeWatchHubEntries';
const entries: Map<string, Entry> = ((globalThis as typeof globalThis & { [ENTRIES_KEY]?: Map<string, Entry> })[ENTRIES_KEY] ??= new Map());

/**
 * Who the informer acts as: the cluster (its kubeconfig name and server) and the request identity's stable name (a context name, or
 * `token:`/`proxy:` + a hash — never a credential), so two users never share one.
 */
export function identityKey(identity: Pick<RequestIdentity, 'name' | 'cluster'>): string {
  return `${identity.cluster.clusterName}\n${identity.cluster.server}\n${identity.name}`;
}

const keyOf = (identity: RequestIdentity, spec: WatchSpec): string => `${identityKey(identity)}\n${watchId({ ...spec, view: undefined })}`;

function drop(key: string, entry: Entry): void {
  if (entry.idle) clearTimeout(entry.idle);
  entry.cache.stop();
  if (entries.get(key) === entry) entries.delete(key);
}

function idleCheck(key: string, entry: Entry): void {
  if (entry.idle) clearTimeout(entry.idle);
  entry.idle = undefined;
  entry.idleSince = undefined;
  if (entry.cache.subscriberCount > 0) return;
  entry.idleSince = Date.now();
  entry.idle = setTimeout(() => {
    if (entry.cache.subscriberCount === 0) drop(key, entry);
  }, watchCacheGraceMs());
  entry.idle.unref?.();
}

function ensure(identity: RequestIdentity, spec: WatchSpec, seed?: ListSnapshot): { key: string; entry: Entry } {
  const key = keyOf(identity, spec);
  let entry = entries.get(key);
  if (!entry) {
    const created: Entry = {
      cache: new InformerCache({ ...spec, view: undefined }, identity.kubeConfig, seed, () => drop(key, created)),
      identity: identityKey(identity),
      server: identity.cluster.server,
    };
    entry = created;
    entries.set(key, entry);
    idleCheck(key, entry);
  }
  return { key, entry };
}

const ofIdentity = (identity: RequestIdentity) => {
  const who = identityKey(identity);
  return (e: Entry): boolean => e.identity === who;
};
const ofServer = (identity: RequestIdentity) => (e: Entry): boolean => e.server === identity.cluster.server;
const countOf = (counted: (entry: Entry) => boolean): number => [...entries.values()].filter(counted).length;

/** Whether one more informer fits within both bounds as they stand. */
function hasRoom(identity: RequestIdentity): boolean {
  const limits = maxWatches();
  return countOf(ofIdentity(identity)) < limits.perIdentity && countOf(ofServer(identity)) < limits.perServer;
}

/** Seconds a refused client should wait: by then informers without tabs have been dropped. */
const retryAfterSeconds = (): number => Math.max(1, Math.ceil(watchCacheGraceMs() / 1000));

/**
 * Makes room for `needed` new informers within `limit` among the entries `counted` selects, dropping
 * unread ones (oldest idle first) when that is enough; false when it is not (and then drops none).
 */
function makeRoom(counted: (entry: Entry) => boolean, needed: number, limit: number, keep: ReadonlySet<string>): boolean {
  const mine = [...entries].filter(([, e]) => counted(e));
  const excess = mine.length + needed - limit;
  if (excess <= 0) return true;
  const idle = mine.filter(([key, e]) => e.cache.subscriberCount === 0 && !keep.has(key)).sort(([, a], [, b]) => (a.idleSince ?? 0) - (b.idleSince ?? 0));
  if (idle.length < excess) return false;
  for (const [key, e] of idle.slice(0, excess)) drop(key, e);
  return true;
}

/** Throws a 429 RequestError unless `identity` may open `needed` more informers (dropping unread ones to make room). */
function admit(identity: RequestIdentity, keys: ReadonlySet<string>, needed: number): void {
  if (needed === 0) return;
  const limits = maxWatches();
  const refuse = (message: string) => {
    const wait = retryAfterSeconds();
    throw new RequestError(failure(429, 'TooManyRequests', `${message}; close other tabs or retry in ${wait}s`, { retryAfterSeconds: wait }));
  };
  if (!makeRoom(ofIdentity(identity), needed, limits.perIdentity, keys)) refuse(`too many watches: this identity may hold ${limits.perIdentity} upstream watches at once`);
  if (!makeRoom(ofServer(identity), needed, limits.perServer, keys)) refuse(`too many watches: Porthole holds at most ${limits.perServer} upstream watches on this API server`);
}

/** One watch a tab asks for: `spec` with its view, and the resourceVersion the tab already holds. */
export interface WatchRequest {
  spec: WatchSpec;
  resumeRv?: string;
}

/**
 * Subscribes one tab's watches to the shared informers, creating those that do not exist yet — all
 * or none: past the bounds (maxWatches) it throws a 429 RequestError and subscribes nothing.
 * `deliver` receives encoded server-sent events (bytes shared by every tab). Returns the unsubscribe function.
 */
export function subscribeWatches(identity: RequestIdentity, watches: readonly WatchRequest[], deliver: Deliver): () => void {
  const keys = new Set(watches.map((w) => keyOf(identity, w.spec)));
  admit(identity, keys, [...keys].filter((key) => !entries.has(key)).length);
  const unsubscribes = watches.map((w) => subscribeOne(identity, w, deliver));
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

function subscribeOne(identity: RequestIdentity, { spec, resumeRv }: WatchRequest, deliver: Deliver): () => void {
  const { key, entry } = ensure(identity, spec);
  if (entry.idle) clearTimeout(entry.idle);
  entry.idle = undefined;
  entry.idleSince = undefined;
  const unsubscribe = entry.cache.subscribe(spec.view, resumeRv, deliver);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    unsubscribe();
    idleCheck(key, entry);
  };
}

/** The informer's current contents for `spec` (its view) when it exists and is live; no upstream request. */
export function liveSnapshot(identity: RequestIdentity, spec: WatchSpec): ListSnapshot | undefined {
  const key = keyOf(identity, spec);
  const entry = entries.get(key);
  if (!entry) return undefined;
  const snapshot = entry.cache.liveSnapshot(spec.view);
  if (snapshot && entry.idle) idleCheck(key, entry); // a reader keeps an unsubscribed informer a grace period longer
  return snapshot;
}

/** Whether this identity's informer for `spec` was just loaded from a list and its watch has not reported yet. */
export function informerStarting(identity: RequestIdentity, spec: WatchSpec): boolean {
  return entries.get(keyOf(identity, spec))?.cache.starting ?? false;
}

/** Starts the informer from a list just read with this identity's credentials (no second list). */
export function seedWatch(identity: RequestIdentity, spec: WatchSpec, list: ListSnapshot): void {
  if (!list.resourceVersion) return;
  const key = keyOf(identity, spec);
  // Only an optimisation: at the bounds, no informer is started (and none dropped) for it.
  if (!entries.has(key) && !hasRoom(identity)) return;
  ensure(identity, spec, list);
}
