/**
 * The Store: committed objects in memory, staged synchronous transactions, a bounded event history
 * for watches and, optionally, a durable backend written before each commit is acknowledged.
 */
import type { Store, StoreEvent, StoredResource, Transaction } from './types';
import { parseStored } from './freeze';
import { serializeObject } from './json-cache';
import { DEFAULT_HISTORY_SIZE, EventHistory } from './history';
import { MemoryObjects } from './memory-store';
import { keyOf } from './object-key';
import type { Persistence, PersistedWrite } from './sqlite-persistence';
import { StagedTransaction } from './transaction';
import { defaultErrorReporter, WatchHub, type ErrorReporter } from './watch-hub';

export interface StoreOptions {
  /** Durable backend; without it the store lives in memory only. */
  persistence?: Persistence;
  /** Events kept for watch replay (default 5000). */
  historySize?: number;
  /** Where listener/callback exceptions go (default: console.error). */
  onError?: ErrorReporter;
}

/** The Store plus a few introspection helpers (optional additions to the contract). */
export interface EmbeddedStore extends Store {
  /** Number of stored objects of `resource`. */
  count(resource: StoredResource): number;
  /**
   * The oldest resourceVersion a watch of `resource` may start from without getting Gone. Without a
   * resource: the newest of those over all resources (safe for any resource).
   */
  oldestWatchableResourceVersion(resource?: StoredResource): number;
  /** Number of active watches. */
  watchCount(resource?: StoredResource): number;
}

function isThenable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

export function createStore(options: StoreOptions = {}): EmbeddedStore {
  const objects = new MemoryObjects();
  const persistence = options.persistence;
  const report = options.onError ?? defaultErrorReporter;
  let resourceVersion = 0;
  if (persistence) {
    const loaded = persistence.load();
    for (const row of loaded.rows) {
      let obj;
      try {
        obj = parseStored(row.json);
      } catch (error) {
        throw new Error(`storage: unreadable ${row.resource} row in the data directory: ${String(error)}`);
      }
      objects.put(row.resource, keyOf(obj), obj);
    }
    resourceVersion = loaded.resourceVersion;
  }
  // One bounded history per resource (like the API server's per-resource watch cache): a flood of
  // pod writes does not push Service events out of reach. All start at the resourceVersion loaded.
  const historySize = options.historySize ?? DEFAULT_HISTORY_SIZE;
  const startResourceVersion = resourceVersion;
  const histories = new Map<StoredResource, EventHistory>();
  function history(resource: StoredResource): EventHistory {
    let h = histories.get(resource);
    if (!h) {
      h = new EventHistory(historySize, startResourceVersion);
      histories.set(resource, h);
    }
    return h;
  }
  history('services'); // validates historySize at open
  const hub = new WatchHub(report);
  let inTransaction = false;
  let closed = false;

  function checkOpen(): void {
    if (closed) throw new Error('storage: the store is closed');
  }

  function rollBack(tx: StagedTransaction): void {
    for (let i = tx.rollbacks.length - 1; i >= 0; i--) {
      try {
        tx.rollbacks[i]();
      } catch (error) {
        report(error, 'onRollback callback threw');
      }
    }
  }

  function commit(tx: StagedTransaction): void {
    const events: StoreEvent[] = [];
    for (const w of tx.writes) {
      if (w.type === 'DELETED') objects.remove(w.resource, w.key);
      else objects.put(w.resource, w.key, w.object);
      const event: StoreEvent = { type: w.type, resource: w.resource, object: w.object, resourceVersion: w.resourceVersion };
      if (w.previous) event.previous = w.previous;
      history(w.resource).append(event);
      events.push(event);
    }
    resourceVersion = tx.lastResourceVersion;
    hub.publish(events, tx.commits);
  }

  function transact<T>(fn: (tx: Transaction) => T, txOptions?: { dryRun?: boolean }): T {
    checkOpen();
    if (inTransaction) throw new Error('storage: transact() called inside a transaction; use the transaction you are in');
    const tx = new StagedTransaction(objects, resourceVersion, txOptions?.dryRun === true);
    inTransaction = true;
    let result: T;
    try {
      result = fn(tx);
      if (isThenable(result)) throw new TypeError('storage: the transact() callback must be synchronous');
      if (!tx.dryRun && tx.writes.length > 0 && persistence) persistence.write(toPersisted(tx), tx.lastResourceVersion);
    } catch (error) {
      tx.finish();
      inTransaction = false;
      rollBack(tx);
      throw error;
    }
    tx.finish();
    inTransaction = false;
    if (tx.dryRun) rollBack(tx);
    else commit(tx);
    return result;
  }

  return {
    currentResourceVersion: () => resourceVersion,
    get(resource, namespace, name) {
      return objects.get(resource, namespace, name);
    },
    list(resource, namespace) {
      return objects.list(resource, namespace);
    },
    transact,
    watch(resource, namespace, sinceResourceVersion, listener) {
      checkOpen();
      const replay = history(resource).since(sinceResourceVersion);
      return hub.add(resource, namespace, sinceResourceVersion, listener, replay);
    },
    close() {
      if (closed) return;
      closed = true;
      hub.closeAll();
      persistence?.close();
    },
    count: (resource) => objects.count(resource),
    oldestWatchableResourceVersion(resource) {
      if (resource) return history(resource).oldestWatchable;
      let oldest = startResourceVersion;
      for (const h of histories.values()) oldest = Math.max(oldest, h.oldestWatchable);
      return oldest;
    },
    watchCount: (resource) => hub.count(resource),
  };
}

function toPersisted(tx: StagedTransaction): PersistedWrite[] {
  return tx.writes.map((w) => ({
    resource: w.resource,
    namespace: w.namespace,
    name: w.name,
    resourceVersion: w.resourceVersion,
    json: w.type === 'DELETED' ? null : serializeObject(w.object),
  }));
}
