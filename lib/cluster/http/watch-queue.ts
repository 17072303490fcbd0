/**
 * A watcher's send queue, bounded. Node buffers whatever `res.write` is given while the client does
 * not read, so a watcher that never reads would grow the server without limit. kube-apiserver's
 * cacheWatcher has a bounded channel (up to 1,000 events) and closes the watch of a consumer that
 * stays behind (`Forcing ... watcher close due to unresponsiveness`): the client re-lists or
 * re-watches from its last resourceVersion. Here the queue is what the socket has not taken yet.
 *
 * Defaults: 1,000 events, the largest watch channel kube-apiserver gives a watcher; 10 MiB, room
 * for the whole initial list of 10,000 Services (~6 MB) plus live events, while 100 stalled
 * watchers stay under 1 GiB. The initial events (the list, or a replay from a resourceVersion)
 * are not counted: they are bounded by what the store holds, as a LIST is.
 *
 * Per event this costs one comparison while the socket keeps up (`res.write` returns true).
 */
import type { Writable } from 'node:stream';

export interface WatchQueueLimits {
  /** Bytes written but not yet taken by the socket, beyond the initial events. */
  maxBytes: number;
  /** Events written since the socket last drained. */
  maxEvents: number;
}

export const DEFAULT_WATCH_QUEUE_LIMITS: WatchQueueLimits = { maxBytes: 10 * 1024 * 1024, maxEvents: 1000 };

/** How long a watch ended for falling behind may take to flush what it holds before its socket is destroyed. */
export const OVERFLOW_GRACE_MS = 5_000;

export interface BoundedWriter {
  /** Writes one event; calls `onOverflow` (once) when the queue is over a limit. */
  write(text: string): void;
  /** Called once the initial events are written: from here on events count. */
  startCounting(): void;
  /** Stops the drain listener. */
  dispose(): void;
}

/** `res` is the watch response (any Writable: what `write` returns and `writableLength` are what count). */
export function boundedWriter(res: Writable, limits: WatchQueueLimits, onOverflow: () => void): BoundedWriter {
  let counting = false;
  let backlog = false;
  let baseline = 0;
  let pending = 0;
  let overflowed = false;
  const onDrain = (): void => {
    backlog = false;
    baseline = 0;
    pending = 0;
  };
  res.on('drain', onDrain);
  return {
    write(text) {
      if (overflowed) return;
      if (res.write(text) && !backlog) return;
      backlog = true;
      if (!counting) return;
      pending++;
      if (pending > limits.maxEvents || res.writableLength - baseline > limits.maxBytes) {
        overflowed = true;
        onOverflow();
      }
    },
    startCounting() {
      counting = true;
      baseline = backlog ? res.writableLength : 0;
    },
    dispose() {
      res.off('drain', onDrain);
    },
  };
}
