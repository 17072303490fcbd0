/**
 * Batching watch events per animation frame: events are queued per watch as they arrive and applied
 * once per frame — one `apply(id, events)` per watch with every event queued since the last frame, in
 * arrival order — so 50 changes a second cost one cache write (and one render) per frame at most, never
 * one per event.
 *
 * `requestAnimationFrame` does not run in a hidden tab, so a timer stands in: when the tab is hidden
 * the queue is flushed on `hiddenMs`, and a visible tab's frame request is backed by a `fallbackMs`
 * timer (a tab hidden after the frame was requested, or a main thread too busy to give a frame).
 * Whichever fires first flushes and cancels the other. A queue longer than `maxQueued` events is
 * flushed at once, so a throttled background tab never holds an unbounded queue.
 *
 * A reset event (a resync: the whole list again, e.g. after a 410 upstream) makes every event queued
 * before it for that watch moot: they are dropped, and the reset is applied with what follows it.
 * Pure: the scheduler (frames, timers, visibility) is passed in, so tests drive it by hand.
 */

export interface FrameScheduler {
  /** Requests a frame; undefined when frames are not available (no `requestAnimationFrame`). */
  requestFrame(callback: () => void): unknown;
  cancelFrame(handle: unknown): void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** True while the page is hidden (frames do not run). */
  hidden(): boolean;
}

export interface FrameBatcherOptions<E> {
  /** Applies one watch's queued events (in order); called once per watch per flush. */
  apply: (id: string, events: E[]) => void;
  /** Events that replace the whole list: what was queued before one is dropped. */
  isReset: (event: E) => boolean;
  scheduler: FrameScheduler;
  /** Flush delay while hidden. */
  hiddenMs?: number;
  /** Flush by timer when a requested frame has not come after this long. */
  fallbackMs?: number;
  /** Flush at once when this many events are queued (all watches together). */
  maxQueued?: number;
  /** Wraps one flush (e.g. TanStack's notifyManager.batch: observers hear of every write together). */
  around?: (flush: () => void) => void;
}

export const HIDDEN_FLUSH_MS = 250;
export const FRAME_FALLBACK_MS = 100;
export const MAX_QUEUED_EVENTS = 5000;

export class FrameBatcher<E> {
  private queues = new Map<string, E[]>();
  private queued = 0;
  private frame: unknown;
  private timer: unknown;
  private scheduled = false;
  private readonly hiddenMs: number;
  private readonly fallbackMs: number;
  private readonly maxQueued: number;

  constructor(private readonly options: FrameBatcherOptions<E>) {
    this.hiddenMs = options.hiddenMs ?? HIDDEN_FLUSH_MS;
    this.fallbackMs = options.fallbackMs ?? FRAME_FALLBACK_MS;
    this.maxQueued = options.maxQueued ?? MAX_QUEUED_EVENTS;
  }

  /** Events waiting for the next flush (all watches). */
  get size(): number {
    return this.queued;
  }

  push(id: string, event: E): void {
    let queue = this.queues.get(id);
    if (!queue) this.queues.set(id, (queue = []));
    if (this.options.isReset(event)) {
      this.queued -= queue.length;
      queue.length = 0;
    }
    queue.push(event);
    this.queued++;
    if (this.queued >= this.maxQueued) this.flush();
    else this.schedule();
  }

  /** Forgets what is queued for one watch (it was unsubscribed). */
  drop(id: string): void {
    const queue = this.queues.get(id);
    if (!queue) return;
    this.queued -= queue.length;
    this.queues.delete(id);
  }

  /** Applies everything queued now (e.g. before the stream is replaced). */
  flush(): void {
    this.cancel();
    if (this.queued === 0) return;
    const queues = this.queues;
    this.queues = new Map();
    this.queued = 0;
    const run = () => {
      for (const [id, events] of queues) if (events.length > 0) this.options.apply(id, events);
    };
    if (this.options.around) this.options.around(run);
    else run();
  }

  dispose(): void {
    this.cancel();
    this.queues.clear();
    this.queued = 0;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const { scheduler } = this.options;
    const flush = () => this.flush();
    if (!scheduler.hidden()) this.frame = scheduler.requestFrame(flush);
    this.timer = scheduler.setTimer(flush, this.frame === undefined ? this.hiddenMs : this.fallbackMs);
  }

  private cancel(): void {
    const { scheduler } = this.options;
    if (this.frame !== undefined) scheduler.cancelFrame(this.frame);
    if (this.timer !== undefined) scheduler.clearTimer(this.timer);
    this.frame = undefined;
    this.timer = undefined;
    this.scheduled = false;
  }
}

/** The browser's frames, timers and visibility (falls back to timers where there are no frames). */
export function browserFrameScheduler(): FrameScheduler {
  const hasFrames = typeof requestAnimationFrame === 'function';
  return {
    requestFrame: (callback) => (hasFrames ? requestAnimationFrame(callback) : undefined),
    cancelFrame: (handle) => {
      if (hasFrames) cancelAnimationFrame(handle as number);
    },
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  };
}
