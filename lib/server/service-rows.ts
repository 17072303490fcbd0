import 'server-only';
import type { KubeObject, Service } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import { projectService } from '../service-list/projection';
import { encodeServiceRows } from '../service-list/row-wire';
import { chunkBounds, ROW_RESET_LINE, ROW_STREAM_CONTENT_TYPE, rowChunkLine, rowEndLine } from '../service-list/row-stream';
import { API_CACHE_CONTROL, statusResponse } from './errors';
import type { RequestIdentity } from './identity';
import { ListError, listInPages } from './paged-list';
import { collectionPath } from './resources';
import { liveSnapshot, seedWatch } from './watch-hub';

/**
 * The Service list's projection on the server (lib/service-list/projection.ts): the list route answers
 * the projected Services in their compact wire form (lib/service-list/row-wire.ts), and a watch asked for `view: 'rows'` sends projected objects
 * in its resyncs and changes. The browser never downloads managedFields or annotations for the list.
 *
 * Two answers: one JSON document (`Accept: application/json`), or a stream of row chunks
 * (`Accept: text/x-ndjson`, lib/service-list/row-stream.ts) that starts with the first page
 * the API server sends, so the browser paints the first rows while the rest is still being listed.
 */
/** The encoded text per cached snapshot: many tabs opening the same unchanged list share it. */
const encoded = new WeakMap<ListSnapshot, string>();

function headers(contentType: string, cache: 'hit' | 'miss'): HeadersInit {
  return { 'Content-Type': contentType, 'Cache-Control': API_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff', 'X-Porthole-Cache': cache };
}

function listResponse(snapshot: ListSnapshot, cache: 'hit' | 'miss'): Response {
  let text = encoded.get(snapshot);
  if (text === undefined) {
    text = JSON.stringify(encodeServiceRows(snapshot));
    encoded.set(snapshot, text);
  }
  return new Response(text, { headers: headers('application/json', cache) });
}

const utf8 = new TextEncoder();

/** A projected snapshot in hand, streamed chunk by chunk (each encoded only when the reader wants it). */
function streamSnapshot(snapshot: ListSnapshot): Response {
  const bounds = chunkBounds(snapshot.items.length);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < bounds.length) {
        const [start, end] = bounds[next++];
        controller.enqueue(utf8.encode(rowChunkLine(snapshot.resourceVersion, snapshot.items.slice(start, end), snapshot.items.length - end)));
        return;
      }
      controller.enqueue(utf8.encode(rowEndLine(snapshot.resourceVersion, snapshot.items.length)));
      controller.close();
    },
  });
  return new Response(body, { headers: headers(ROW_STREAM_CONTENT_TYPE, 'hit') });
}

export function wantsRowStream(accept: string | null): boolean {
  return accept !== null && accept.includes(ROW_STREAM_CONTENT_TYPE);
}

/**
 * A promise for the reader's next request for data (a ReadableStream's `pull`, with no queue:
 * highWaterMark 0), or the end of `signal`. A listing awaits it after each page, so it lists only as
 * fast as its reader reads: a page that takes its first rows and reads on later (first-rows.ts) has
 * the API server's next pages fetched and parsed then, not while its HTML is being rendered.
 */
class Demand {
  private waiting: (() => void) | undefined;
  private pulled = false;

  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener('abort', () => this.pull(), { once: true });
  }

  /** The stream's `pull`: the reader wants more. */
  pull(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting();
    else this.pulled = true;
  }

  /** Resolves once the reader wants more (at once if it asked already) or the listing is given up. */
  next(): Promise<void> {
    if (this.pulled || this.signal.aborted) {
      this.pulled = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

/**
 * Lists from the API server in pages and streams each page's rows as it arrives, one page ahead of
 * its reader at most (Demand); at the end the whole list seeds the shared informer (before the end
 * line goes out, so the tab's watch, which starts after the end line, finds it). Answers the API
 * server's refusal of the first page as its Status (nothing has been streamed yet then).
 */
async function streamFromUpstream(identity: RequestIdentity, namespace: string | undefined, requestSignal: AbortSignal): Promise<Response> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  // The browser going away (request aborted, or the body cancelled) stops the listing.
  const gone = new AbortController();
  const signal = AbortSignal.any([requestSignal, gone.signal]);
  const demand = new Demand(signal);
  const body = new ReadableStream<Uint8Array>(
    { start: (c) => void (controller = c), pull: () => demand.pull(), cancel: () => gone.abort() },
    { highWaterMark: 0 },
  );
  const send = (text: string): void => {
    if (!signal.aborted) controller.enqueue(utf8.encode(text));
  };
  let firstPage!: (started: true | Error) => void;
  const started = new Promise<true | Error>((resolve) => (firstPage = resolve));
  let count = 0;
  const listing = listInPages(identity.kubeConfig, { path: collectionPath('services', namespace) }, signal, {
    page: (page) => {
      count += page.items.length;
      firstPage(true);
      const projected = page.items.map((o: KubeObject) => projectService(o as Service));
      for (const [start, end] of chunkBounds(projected.length)) {
        const after = projected.length - end + (page.remainingItemCount ?? 0);
        send(rowChunkLine(page.resourceVersion, projected.slice(start, end), page.more && page.remainingItemCount === undefined ? undefined : after));
      }
      return page.more ? demand.next() : undefined;
    },
    restart: () => {
      count = 0;
      send(ROW_RESET_LINE);
    },
  });
  listing.then(
    (list) => {
      firstPage(true);
      // The shared informer starts from this list (no second list); the tab's watch then joins it.
      seedWatch(identity, { resource: 'services', namespace }, list);
      send(rowEndLine(list.resourceVersion, count));
      if (!signal.aborted) controller.close();
    },
    (err: unknown) => {
      firstPage(err instanceof Error ? err : new Error(String(err)));
      // Cut off without an end line: the browser reports the list as failed and retries.
      if (!signal.aborted) controller.error(err);
    },
  );
  const first = await started;
  if (first !== true) {
    if (first instanceof ListError) return statusResponse(first.status);
    throw first;
  }
  return new Response(body, { headers: headers(ROW_STREAM_CONTENT_TYPE, 'miss') });
}

/**
 * The projected list for this identity: from the server's live cache when it has one (no request to
 * the API server), else listed (in pages, parsed, and projected) now, which seeds the cache.
 */
export async function serviceRowsResponse(identity: RequestIdentity, namespace: string | undefined, signal: AbortSignal, stream = false): Promise<Response> {
  const cached = liveSnapshot(identity, { resource: 'services', namespace, view: 'rows' });
  if (cached) return stream ? streamSnapshot(cached) : listResponse(cached, 'hit');
  if (stream) return streamFromUpstream(identity, namespace, signal);
  let list: ListSnapshot;
  try {
    list = await listInPages(identity.kubeConfig, { path: collectionPath('services', namespace) }, signal);
  } catch (err) {
    if (err instanceof ListError) return statusResponse(err.status);
    throw err;
  }
  seedWatch(identity, { resource: 'services', namespace }, list);
  return listResponse({ resourceVersion: list.resourceVersion, items: list.items.map((o) => projectService(o as Service)) }, 'miss');
}
