/**
 * The bounded history of one resource's committed events that watches replay from (the embedded
 * cluster's watch cache / compaction window). A ring buffer of the newest `capacity` events, in
 * resourceVersion order.
 */
import type { StoreEvent } from './types';
import { StoreError } from './types';

export const DEFAULT_HISTORY_SIZE = 5000;

export class EventHistory {
  private readonly ring: (StoreEvent | undefined)[];
  private head = 0; // index of the oldest event
  private count = 0;
  /** Every event with a resourceVersion <= this is no longer retained (or never was: before open). */
  private compactedThrough: number;

  constructor(
    readonly capacity: number,
    startResourceVersion: number,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`historySize must be a positive integer, got ${capacity}`);
    this.ring = new Array<StoreEvent | undefined>(capacity);
    this.compactedThrough = startResourceVersion;
  }

  get size(): number {
    return this.count;
  }

  /** The oldest resourceVersion a watch may start from (events after it are all retained). */
  get oldestWatchable(): number {
    return this.compactedThrough;
  }

  private at(logical: number): StoreEvent {
    return this.ring[(this.head + logical) % this.capacity] as StoreEvent;
  }

  append(event: StoreEvent): void {
    if (this.count === this.capacity) {
      this.compactedThrough = this.at(0).resourceVersion;
      this.ring[this.head] = event;
      this.head = (this.head + 1) % this.capacity;
    } else {
      this.ring[(this.head + this.count) % this.capacity] = event;
      this.count++;
    }
  }

  /** Throws StoreError 'Gone' when events after `sinceResourceVersion` were already dropped. */
  checkWatchable(sinceResourceVersion: number): void {
    if (sinceResourceVersion < this.compactedThrough) {
      throw new StoreError('Gone', `too old resource version: ${sinceResourceVersion} (${this.compactedThrough + 1})`);
    }
  }

  /** The retained events with a resourceVersion greater than `sinceResourceVersion`, oldest first. */
  since(sinceResourceVersion: number): StoreEvent[] {
    this.checkWatchable(sinceResourceVersion);
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).resourceVersion <= sinceResourceVersion) lo = mid + 1;
      else hi = mid;
    }
    const out: StoreEvent[] = [];
    for (let i = lo; i < this.count; i++) out.push(this.at(i));
    return out;
  }
}
