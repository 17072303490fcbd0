import 'server-only';
import type { Service } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import { projectService } from '../service-list/projection';
import { encodeServiceRows } from '../service-list/row-wire';
import { chunkBounds, ROW_STREAM_CONTENT_TYPE, rowChunkLine, rowEndLine } from '../service-list/row-stream';
import { API_CACHE_CONTROL, statusResponse } from './errors';
import type { RequestIdentity } from './identity';
import { ListError } from './paged-list';
import { SharedRowListing } from './shared-row-listing';
import { liveSnapshot } from './watch-hub';

/**
 * The Service list's projection on the server (lib/service-list/projection.ts): the list route answers
 * the projected Services in their compact wire form (lib/service-list/row-wire.ts), and a watch asked for `view: 'rows'` sends projected objects
 * in its resyncs and changes. The browser never downloads managedFields or annotations for the list.
 *
 * Two answers: one JSON document (`Accept: application/json`), or a stream of row chunks
 * (`Accept: text/x-ndjson`, lib/service-list/row-stream.ts) that starts with the first page
 * the API server sends, so the browser paints the first rows while the rest is still being listed.
 * Either comes from the informer's cache when there is one, else from the one listing of that scope
 * that runs for this identity (shared-row-listing.ts).
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
 * The projected list for this identity: from the server's live cache when it has one (no request to
 * the API server), else listed (in pages, parsed, and projected) now, which seeds the cache.
 */
export async function serviceRowsResponse(identity: RequestIdentity, namespace: string | undefined, signal: AbortSignal, stream = false): Promise<Response> {
  const cached = liveSnapshot(identity, { resource: 'services', namespace, view: 'rows' });
  if (cached) return stream ? streamSnapshot(cached) : listResponse(cached, 'hit');
  const listing = SharedRowListing.of(identity, namespace);
  if (stream) {
    const body = listing.reader(signal);
    // The API server's refusal of the first page is answered as its Status (nothing streamed yet then).
    const started = await listing.started;
    if (started !== true) {
      void body.cancel();
      if (started instanceof ListError) return statusResponse(started.status);
      throw started;
    }
    return new Response(body, { headers: headers(ROW_STREAM_CONTENT_TYPE, 'miss') });
  }
  let list: ListSnapshot;
  try {
    list = await listing.whole(signal);
  } catch (err) {
    if (err instanceof ListError) return statusResponse(err.status);
    throw err;
  }
  return listResponse({ resourceVersion: list.resourceVersion, items: list.items.map((o) => projectService(o as Service)) }, 'miss');
}
