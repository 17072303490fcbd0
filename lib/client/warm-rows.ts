/**
 * Main-thread manners for large lists: give the browser a turn (paint, input) between slices of
 * work, and build a list's rows that way instead of in one long task.
 */
import type { EndpointSlice, Service } from '../k8s/types';
import type { EndpointCount } from '../service-list/endpoint-counts';
import type { RowBuilder } from '../service-list/rows';

/** Work done between two turns of the browser (well under a 50 ms long task on a loaded machine). */
export const SLICE_MS = 8;
/** Rows built between two looks at the clock (100 took 13-18 ms here: a slice overran SLICE_MS twice over). */
const ROWS_PER_CHECK = 20;

/** A macrotask: lets the browser paint and handle input (a resolved promise would not). */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Builds the rows of `services` into `build`'s memory in slices of SLICE_MS, yielding between them;
 * calls `done` when all are built. Returns the function that stops it (the rows built so far stay).
 */
export function warmRows(
  build: RowBuilder,
  services: readonly Service[],
  counts: ReadonlyMap<string, EndpointCount>,
  slices: ReadonlyMap<string, readonly EndpointSlice[]> | undefined,
  done: () => void,
): () => void {
  let stopped = false;
  void (async () => {
    let i = 0;
    // Not in the task that asked (a React commit, a chunk of the list): a task of its own from the first slice.
    await yieldToBrowser();
    while (!stopped && i < services.length) {
      const start = performance.now();
      while (i < services.length && performance.now() - start < SLICE_MS) {
        const end = Math.min(services.length, i + ROWS_PER_CHECK);
        build.warm(services.slice(i, end), counts, slices);
        i = end;
      }
      if (i < services.length) await yieldToBrowser();
    }
    if (!stopped) done();
  })();
  return () => {
    stopped = true;
  };
}
