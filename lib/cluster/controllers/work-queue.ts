/**
 * A deduplicating work queue, as client-go's workqueue: keys added while pending are merged; the
 * handler runs later (never inside the caller's stack, so a controller never writes from within
 * another write's event delivery); a failed key is retried with backoff.
 */

export interface WorkQueue {
  add(key: string): void;
  /** Adds `key` after `ms` milliseconds. */
  addAfter(key: string, ms: number): void;
  /** Whether anything is queued or waiting for a retry. */
  busy(): boolean;
  /** Resolves when nothing is pending or running (tests and start-up use it). */
  idle(): Promise<void>;
  stop(): void;
}

export interface WorkQueueOptions {
  /** Called with errors of the handler before the key is retried. */
  onError?: (key: string, err: unknown) => void;
  maxRetries?: number;
  /** Delay before a retry, by attempt (ms). */
  backoff?: (attempt: number) => number;
  /** Whether a failed key is worth retrying (default: always). */
  retryable?: (err: unknown) => boolean;
  /**
   * Handle a key at most once per this many ms: a key added sooner waits for the rest of the
   * interval (a per-key rate limit, so a burst of pod changes rewrites each slice a few times, not
   * once per pod).
   */
  minIntervalMs?: number;
  /** Wait this long after the first add before running, so bursts of events batch (0: next tick). */
  batchMs?: number;
}

export function createWorkQueue(handler: (key: string) => void, options: WorkQueueOptions = {}): WorkQueue {
  const pending = new Set<string>();
  const retries = new Map<string, number>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let scheduled: (() => void) | undefined;
  let stopped = false;
  let waiters: (() => void)[] = [];
  const lastRun = new Map<string, number>();
  const delayed = new Set<string>();
  const maxRetries = options.maxRetries ?? 8;
  const backoff = options.backoff ?? ((n: number) => Math.min(10 * 2 ** n, 2000));

  function settle(): void {
    if (pending.size === 0 && timers.size === 0 && !scheduled) {
      const w = waiters;
      waiters = [];
      for (const resolve of w) resolve();
    }
  }

  function run(): void {
    scheduled = undefined;
    const keys = [...pending];
    pending.clear();
    const now = Date.now();
    if (options.minIntervalMs && lastRun.size > 10_000) {
      for (const [k, t] of lastRun) if (now - t >= options.minIntervalMs) lastRun.delete(k);
    }
    for (const key of keys) {
      if (stopped) return;
      if (options.minIntervalMs) lastRun.set(key, now);
      try {
        handler(key);
        retries.delete(key);
      } catch (err) {
        options.onError?.(key, err);
        const attempt = (retries.get(key) ?? 0) + 1;
        if (attempt <= maxRetries && (options.retryable?.(err) ?? true)) {
          retries.set(key, attempt);
          const timer = setTimeout(() => {
            timers.delete(timer);
            add(key);
          }, backoff(attempt));
          timers.add(timer);
        } else {
          retries.delete(key);
        }
      }
    }
    settle();
  }

  function add(key: string): void {
    if (stopped) return;
    if (options.minIntervalMs) {
      const wait = options.minIntervalMs - (Date.now() - (lastRun.get(key) ?? -Infinity));
      if (wait > 0) {
        if (!delayed.has(key)) {
          delayed.add(key);
          const timer = setTimeout(() => {
            timers.delete(timer);
            delayed.delete(key);
            add(key);
          }, wait);
          timers.add(timer);
        }
        return;
      }
    }
    pending.add(key);
    if (scheduled) return;
    if (options.batchMs) {
      const t = setTimeout(run, options.batchMs);
      scheduled = () => clearTimeout(t);
    } else {
      const t = setImmediate(run);
      scheduled = () => clearImmediate(t);
    }
  }

  function addAfter(key: string, ms: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      add(key);
    }, ms);
    timers.add(timer);
  }

  return {
    add,
    addAfter,
    busy: () => pending.size > 0 || timers.size > 0 || scheduled !== undefined,
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    stop() {
      stopped = true;
      scheduled?.();
      scheduled = undefined;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      delayed.clear();
      pending.clear();
      settle();
    },
  };
}
