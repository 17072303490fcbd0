import 'server-only';
import type { KubeObject, Service } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import { projectService } from '../service-list/projection';
import { chunkBounds, ROW_RESET_LINE, rowChunkLine, rowEndLine } from '../service-list/row-stream';
import type { RequestIdentity } from './identity';
import { listInPages } from './paged-list';
import { collectionPath } from './resources';
import { identityKey, informerStarting, seedWatch } from './watch-hub';

/**
 * One listing of a scope's Services from the API server (in pages, projected into row-stream lines),
 * shared by everyone of one identity who asks for that scope while it runs: the list page's HTML, the
 * browser's request for the rest of the list, other tabs, reloads, scripts. Each reader gets every
 * line from the first (a late one catches up from what is kept) and then the new ones as they come;
 * the API server is listed once however many ask. Without it, each cold request listed the whole
 * scope again: a page of 50,000 Services listed it twice (its HTML's listing and the browser's), and
 * ten requests at once listed it ten times.
 *
 * The listing asks for the next page only when a reader has read every line so far and wants more
 * (or someone waits for the whole list), so a reader that pauses (the HTML's, between its first page
 * and its run-on) pauses the API server's work with it. It ends with its last reader: a listing no one
 * reads is given up. At its end the whole list seeds the shared informer (before the end line goes
 * out, so a tab's watch that starts after the end line finds it), and the next request is answered
 * from that cache.
 */

/** What a listing says once it is over. */
type Outcome = { ok: true } | { ok: false; error: unknown };

const utf8 = new TextEncoder();

/**
 * How long a listing that reached its end is kept for requests: the informer its end seeded answers
 * only once its watch is up (milliseconds to a second later); until then a request reads the whole
 * listing (its end's resourceVersion is where the request's watch picks up) instead of listing the
 * API server again.
 */
const ENDED_LISTING_KEPT_MS = 5000;

/** Listings running now (or just ended), by identity and scope (on globalThis: see watch-hub.ts). */
const LISTINGS_KEY = '__portholeSharedRowListings';
const running: Map<string, SharedRowListing> = ((globalThis as typeof globalThis & { [LISTINGS_KEY]?: Map<string, SharedRowListing> })[LISTINGS_KEY] ??= new Map());

export class SharedRowListing {
  private readonly lines: Uint8Array[] = [];
  private outcome: Outcome | undefined;
  /** Readers whose pull waits at the end of the lines so far. */
  private readonly waiting = new Set<() => void>();
  /** Callers of `whole`, waiting now: the listing goes on without waiting for a reader. */
  private wholeWaiters = 0;
  /** The listing, waiting for a reader to want more. */
  private wanted: (() => void) | undefined;
  /** Readers and whole-list waiters still there; at zero the listing is given up. */
  private holders = 0;
  private readonly stop = new AbortController();
  /** Resolves with the first page's outcome: true, or the error that refused it. */
  readonly started: Promise<true | unknown>;
  /** Resolves with the whole list, or rejects with why there is none. */
  readonly finished: Promise<ListSnapshot>;

  private constructor(
    identity: RequestIdentity,
    namespace: string | undefined,
    /** Takes this listing off the running ones (a request after it starts another or reads the cache). */
    private readonly forget: () => void,
  ) {
    let firstPage!: (started: true | unknown) => void;
    this.started = new Promise((resolve) => (firstPage = resolve));
    let count = 0;
    this.finished = listInPages(identity.kubeConfig, { path: collectionPath('services', namespace) }, this.stop.signal, {
      page: (page) => {
        count += page.items.length;
        firstPage(true);
        const projected = page.items.map((o: KubeObject) => projectService(o as Service));
        for (const [start, end] of chunkBounds(projected.length)) {
          const after = projected.length - end + (page.remainingItemCount ?? 0);
          this.push(rowChunkLine(page.resourceVersion, projected.slice(start, end), page.more && page.remainingItemCount === undefined ? undefined : after));
        }
        return page.more ? this.demand() : undefined;
      },
      restart: () => {
        count = 0;
        this.push(ROW_RESET_LINE);
      },
    });
    this.finished.then(
      (list) => {
        firstPage(true);
        // The shared informer starts from this list (no second list); the tab's watch then joins it.
        seedWatch(identity, { resource: 'services', namespace }, list);
        this.push(rowEndLine(list.resourceVersion, count));
        this.end({ ok: true });
      },
      (error: unknown) => {
        firstPage(error);
        // Cut off without an end line: the browser reports the list as failed and retries.
        this.end({ ok: false, error });
      },
    );
  }

  /** The listing of this identity's `namespace` (every namespace: undefined) running now, or a new one. */
  static of(identity: RequestIdentity, namespace: string | undefined): SharedRowListing {
    const key = `${identityKey(identity)}\n${namespace ?? ''}`;
    const known = running.get(key);
    // Read while it runs; once ended, only while the informer its end seeded starts its watch (not
    // once that watch was live, broke or was dropped: an old list is never passed off as current).
    if (known && (!known.outcome || informerStarting(identity, { resource: 'services', namespace }))) return known;
    const listing: SharedRowListing = new SharedRowListing(identity, namespace, () => {
      if (running.get(key) === listing) running.delete(key);
    });
    running.set(key, listing);
    return listing;
  }

  /**
   * A reader of every line, from the first: a stream with no queue of its own (each line is handed
   * over when read), ended by the end line, errored when the listing fails or `signal` ends, and let
   * go when cancelled.
   */
  reader(signal: AbortSignal): ReadableStream<Uint8Array> {
    let next = 0;
    const release = this.hold(signal);
    /** This reader's pull that waits for a line, if one does. */
    let waiter: (() => void) | undefined;
    const stopWaiting = (): void => {
      if (!waiter) return;
      this.waiting.delete(waiter);
      signal.removeEventListener('abort', waiter);
      waiter = undefined;
    };
    /** Hands over what there is for a read: a line, the end or the error; false when there is nothing yet. */
    const deliver = (controller: ReadableStreamDefaultController<Uint8Array>): boolean => {
      if (signal.aborted) controller.error(signal.reason);
      else if (next < this.lines.length) controller.enqueue(this.lines[next++]);
      else if (!this.outcome) return false;
      else {
        release();
        if (this.outcome.ok) controller.close();
        else controller.error(this.outcome.error);
      }
      return true;
    };
    return new ReadableStream<Uint8Array>(
      {
        // A pull that waits is answered by the line (or end) it waited for: the stream does not pull again by itself.
        pull: (controller) => {
          if (deliver(controller)) return;
          return new Promise<void>((resolve) => {
            waiter = () => {
              if (!deliver(controller)) return;
              stopWaiting();
              resolve();
            };
            this.waiting.add(waiter);
            signal.addEventListener('abort', waiter, { once: true });
            this.wake();
          });
        },
        cancel: () => {
          stopWaiting();
          release();
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** The whole list (listed on without waiting for readers), or why there is none. */
  async whole(signal: AbortSignal): Promise<ListSnapshot> {
    const release = this.hold(signal);
    this.wholeWaiters++;
    this.wake();
    try {
      return await this.finished;
    } finally {
      this.wholeWaiters--;
      release();
    }
  }

  /** Counts a holder until the returned function (or the end of `signal`) lets go of it, once. */
  private hold(signal: AbortSignal): () => void {
    this.holders++;
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      signal.removeEventListener('abort', release);
      this.holders--;
      if (this.holders > 0 || this.outcome) return;
      // No one reads it any more: the listing is given up (its pages so far are not worth a cache).
      this.forget();
      this.stop.abort();
      this.wake();
    };
    signal.addEventListener('abort', release, { once: true });
    return release;
  }

  private push(line: string): void {
    this.lines.push(utf8.encode(line));
    this.answerWaitingReaders();
  }

  private end(outcome: Outcome): void {
    this.outcome = outcome;
    // A failed listing is not read again (the next request lists anew); a whole one is, until the
    // informer it seeded answers.
    if (outcome.ok) setTimeout(this.forget, ENDED_LISTING_KEPT_MS).unref();
    else this.forget();
    this.answerWaitingReaders();
  }

  /** Each reader waiting at the end of the lines takes the new line, or the end. */
  private answerWaitingReaders(): void {
    for (const more of [...this.waiting]) more();
  }

  /** Resolves when a reader waits for a line not yet there, or someone waits for the whole list. */
  private demand(): Promise<void> {
    if (this.waiting.size > 0 || this.wholeWaiters > 0 || this.stop.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => (this.wanted = resolve));
  }

  private wake(): void {
    const wanted = this.wanted;
    this.wanted = undefined;
    wanted?.();
  }
}
