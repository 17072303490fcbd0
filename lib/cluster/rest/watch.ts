/**
 * WATCH, independent of the transport: initial ADDED events for resourceVersion 0/absent (or
 * sendInitialEvents), replay from a resourceVersion, selectors applied to events (an object leaving
 * the selection becomes DELETED), bookmarks, and 410 delivered as an ERROR event.
 */
import { statusError } from '../../k8s/status';
import type { KubeObject, Status, WatchEventType } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import { StoreError, type StoreEvent } from '../storage/types';
import { apiVersionOf, type RestContext } from './context';
import { parseResourceVersion } from './read';
import { isEverything, selects, type Selection } from './selection';

export interface WatchRequest {
  namespace?: string;
  selection: Selection;
  resourceVersion?: string;
  resourceVersionMatch?: string;
  allowWatchBookmarks: boolean;
  sendInitialEvents?: boolean;
}

export interface WatchSink {
  /** One event; `object` is a KubeObject, or a Status for ERROR. */
  send(type: WatchEventType, object: KubeObject | Status): void;
  /** The server ends the watch (after an ERROR). */
  close(): void;
}

export interface ActiveWatch {
  /** Sends a BOOKMARK with the newest resourceVersion this watch has seen (when bookmarks are allowed). */
  bookmark(): void;
  stop(): void;
}

function withResourceVersion(obj: KubeObject, rv: number): KubeObject {
  return { ...obj, metadata: { ...obj.metadata, resourceVersion: String(rv) } };
}

/** What a store event looks like through the selection (cacheWatcher.convertToWatchEvent). */
export function filterEvent(def: ResourceDefinition, sel: Selection, event: StoreEvent): { type: WatchEventType; object: KubeObject } | undefined {
  if (isEverything(sel)) return { type: event.type, object: event.object };
  const cur = event.type !== 'DELETED' && selects(def.resource, sel, event.object);
  const old = event.type === 'ADDED' ? false : selects(def.resource, sel, event.type === 'DELETED' ? event.object : (event.previous ?? event.object));
  if (event.type === 'DELETED') return old ? { type: 'DELETED', object: event.object } : undefined;
  if (cur && !old) return { type: 'ADDED', object: event.object };
  if (cur && old) return { type: 'MODIFIED', object: event.object };
  if (!cur && old && event.previous) return { type: 'DELETED', object: withResourceVersion(event.previous, event.resourceVersion) };
  return undefined;
}

export function startWatch(ctx: RestContext, def: ResourceDefinition, req: WatchRequest, sink: WatchSink): ActiveWatch {
  const namespace = def.namespaced ? req.namespace : undefined;
  const rvText = req.resourceVersion ?? '';
  const initial = req.sendInitialEvents ?? (rvText === '' || rvText === '0');
  let lastSeen = 0;
  let stopped = false;
  let stopStore: (() => void) | undefined;
  const bookmarkObject = (annotations?: Record<string, string>): KubeObject => ({
    kind: def.kind,
    apiVersion: apiVersionOf(def),
    metadata: { resourceVersion: String(lastSeen), ...(annotations ? { annotations } : {}) },
  });
  const listener = (event: StoreEvent): void => {
    if (stopped) return;
    lastSeen = Math.max(lastSeen, event.resourceVersion);
    const out = filterEvent(def, req.selection, event);
    if (out) sink.send(out.type, out.object);
  };

  let since: number;
  if (initial) {
    since = ctx.store.currentResourceVersion();
    lastSeen = since;
    for (const obj of ctx.store.list(def.resource, namespace)) {
      if (isEverything(req.selection) || selects(def.resource, req.selection, obj)) sink.send('ADDED', obj);
    }
    if (req.sendInitialEvents && req.allowWatchBookmarks) sink.send('BOOKMARK', bookmarkObject({ 'k8s.io/initial-events-end': 'true' }));
  } else {
    // sendInitialEvents=false without a resourceVersion: start at the most recent one.
    since = rvText === '' || rvText === '0' ? ctx.store.currentResourceVersion() : parseResourceVersion(rvText);
    lastSeen = since;
  }
  try {
    stopStore = ctx.store.watch(def.resource, namespace, since, listener);
  } catch (err) {
    if (err instanceof StoreError && err.code === 'Gone') {
      const message = err.message.startsWith('too old resource version') ? err.message : `too old resource version: ${since} (${since + 1})`;
      sink.send('ERROR', statusError.gone(message));
      sink.close();
      stopped = true;
    } else {
      throw err;
    }
  }
  return {
    bookmark(): void {
      if (!stopped && req.allowWatchBookmarks) sink.send('BOOKMARK', bookmarkObject());
    },
    stop(): void {
      stopped = true;
      stopStore?.();
    },
  };
}
