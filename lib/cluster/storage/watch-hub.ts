/**
 * Watchers and the delivery of committed events to them.
 *
 * Delivery is synchronous and goes through one FIFO queue: when a listener (or an onCommit callback)
 * commits another transaction, its events are queued behind the ones being delivered, so every
 * watcher sees events in resourceVersion order. A watcher also remembers the newest resourceVersion
 * it was given, so a watch opened while events are still queued gets each event exactly once.
 * A throwing listener or callback is reported and isolated: the store and other watchers go on.
 */
import type { StoreEvent, StoredResource } from './types';

interface Watcher {
  readonly resource: StoredResource;
  readonly namespace: string | undefined;
  readonly listener: (event: StoreEvent) => void;
  lastResourceVersion: number;
  active: boolean;
}

type QueueItem = { event: StoreEvent } | { callback: () => void };

export type ErrorReporter = (error: unknown, context: string) => void;

export const defaultErrorReporter: ErrorReporter = (error, context) => {
  console.error(`[storage] ${context}:`, error);
};

export class WatchHub {
  private readonly watchers = new Map<StoredResource, Set<Watcher>>();
  private readonly queue: QueueItem[] = [];
  private draining = false;

  constructor(private readonly report: ErrorReporter) {}

  /** Registers a watcher, hands it the events of `replay` (already
   * committed, any resource) that match it, and returns its stop function. */
  add(
    resource: StoredResource,
    namespace: string | undefined,
    sinceResourceVersion: number,
    listener: (event: StoreEvent) => void,
    replay: readonly StoreEvent[],
  ): () => void {
    const watcher: Watcher = { resource, namespace, listener, lastResourceVersion: sinceResourceVersion, active: true };
    let set = this.watchers.get(resource);
    if (!set) {
      set = new Set();
      this.watchers.set(resource, set);
    }
    set.add(watcher);
    for (const event of replay) {
      if (!watcher.active) break;
      this.deliver(watcher, event);
    }
    return () => {
      watcher.active = false;
      this.watchers.get(resource)?.delete(watcher);
    };
  }

  /** Number of active watchers (all resources, or one). */
  count(resource?: StoredResource): number {
    if (resource) return this.watchers.get(resource)?.size ?? 0;
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  /** Queues committed events, then callbacks, and delivers them unless a delivery is under way. */
  publish(events: readonly StoreEvent[], callbacks: readonly (() => void)[]): void {
    for (const event of events) this.queue.push({ event });
    for (const callback of callbacks) this.queue.push({ callback });
    if (this.draining) return;
    this.draining = true;
    try {
      for (let i = 0; i < this.queue.length; i++) {
        const item = this.queue[i];
        if ('event' in item) this.fanOut(item.event);
        else this.run(item.callback);
      }
    } finally {
      this.queue.length = 0;
      this.draining = false;
    }
  }

  closeAll(): void {
    for (const set of this.watchers.values()) for (const watcher of set) watcher.active = false;
    this.watchers.clear();
  }

  private fanOut(event: StoreEvent): void {
    const set = this.watchers.get(event.resource);
    if (!set || set.size === 0) return;
    for (const watcher of set) this.deliver(watcher, event);
  }

  private deliver(watcher: Watcher, event: StoreEvent): void {
    if (!watcher.active || event.resourceVersion <= watcher.lastResourceVersion) return;
    if (event.resource !== watcher.resource) return;
    if (watcher.namespace !== undefined && watcher.namespace !== (event.object.metadata.namespace ?? '')) return;
    watcher.lastResourceVersion = event.resourceVersion;
    try {
      watcher.listener(event);
    } catch (error) {
      this.report(error, `watch listener for ${watcher.resource} threw on ${event.type} rv=${event.resourceVersion}`);
    }
  }

  private run(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.report(error, 'onCommit callback threw');
    }
  }
}
