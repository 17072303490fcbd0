import 'server-only';
import { watchId, type ListSnapshot, type WatchSpec } from '../live/protocol';
import type { RequestIdentity } from './identity';
import { InformerCache, type Deliver } from './informer-cache';

/**
 * Porthole's shared watches: at most ONE informer (upstream list + watch) per identity and per
 * resource + scope (namespace or all, selectors), however many tabs watch it. Tabs of the same
 * identity share it; different identities never do (each has its own credentials and permissions).
 *
 * Memory stays bounded: an informer nobody subscribes to is stopped and dropped after a grace period
 * (PORTHOLE_WATCH_CACHE_GRACE_MS, default 30 s) — long enough for a reload or a tab switching pages to
 * find it again, short enough that a closed tab soon costs the API server nothing.
 */
export function watchCacheGraceMs(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.PORTHOLE_WATCH_CACHE_GRACE_MS);
  return Number.isFinite(n) && n >= 0 && env.PORTHOLE_WATCH_CACHE_GRACE_MS !== '' ? n : 30_000;
}

interface Entry {
  cache: InformerCache;
  idle?: ReturnType<typeof setTimeout>;
}

const entries = new Map<string, Entry>();

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
  if (entry.cache.subscriberCount > 0) return;
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
    };
    entry = created;
    entries.set(key, entry);
    idleCheck(key, entry);
  }
  return { key, entry };
}

/**
 * Subscribes one tab's watch (`spec`, with its view) to the shared informer, creating it if needed.
 * `deliver` receives encoded server-sent events (bytes shared by every tab). Returns the unsubscribe function.
 */
export function subscribeWatch(identity: RequestIdentity, spec: WatchSpec, resumeRv: string | undefined, deliver: Deliver): () => void {
  const { key, entry } = ensure(identity, spec);
  if (entry.idle) clearTimeout(entry.idle);
  entry.idle = undefined;
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

/** Starts the informer from a list just read with this identity's credentials (no second list). */
export function seedWatch(identity: RequestIdentity, spec: WatchSpec, list: ListSnapshot): void {
  if (!list.resourceVersion) return;
  ensure(identity, spec, list);
}
