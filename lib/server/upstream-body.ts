import { AsyncLocalStorage } from 'node:async_hooks';
import type http from 'node:http';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';

/**
 * How an upstream body (a Node stream from the API server) becomes a route's response body.
 *
 * Next sends a route's Response by piping its Web stream into a WritableStream over the Node
 * response (`body.pipeTo(writer)`). For a list of 10,000 Services (10 MB) that path cost 1.6-1.9×
 * a direct request to the API server, where a plain Node pipe in a process as large costs ~1.15×
 * (measured: the time goes to garbage collection of the Web-stream chunks and their promises). So the
 * body Porthole returns is a Web stream whose `pipeTo` — when Next pipes it into the very Node response
 * of this request, with the status and headers of this Response already set — pipes the upstream Node
 * stream straight into that response instead. Nothing else changes: proxy.ts and the route's pipeline
 * have run, the headers are Next's; read any other way (a test, a clone, another Next version), it is
 * an ordinary Web stream.
 */

type Holder = typeof globalThis & { __portholeServerResponse?: AsyncLocalStorage<http.ServerResponse> };

// On globalThis: the HTTP server hook (instrumentation's bundle) and the route handlers (theirs) each
// load their own copy of this module.
const responses = ((globalThis as Holder).__portholeServerResponse ??= new AsyncLocalStorage<http.ServerResponse>());

/** Runs Next's handling of one request with its Node response at hand (lib/server/http-server-hooks.ts). */
export function withServerResponse<T>(res: http.ServerResponse, handle: () => T): T {
  return responses.run(res, handle);
}

/**
 * Upstream reads (16-64 KiB) are passed on in chunks of up to this: fewer promises on the Web side,
 * fewer socket writes (each with its chunked-encoding frame) on the direct one.
 */
const CHUNK_BYTES = 1024 * 1024;

/** Collects a stream's chunks into CHUNK_BYTES pieces (the rest at its end). */
class Coalesce extends Transform {
  private pending: Buffer[] = [];
  private size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    this.size += chunk.length;
    if (this.size >= CHUNK_BYTES) this.pass();
    done();
  }

  override _flush(done: TransformCallback): void {
    this.pass();
    done();
  }

  private pass(): void {
    if (!this.size) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.size));
    this.pending = [];
    this.size = 0;
  }
}

/**
 * A Web stream over `body` in Coalesce's pieces, started only when read (so that the direct pipe can
 * take `body` instead), with backpressure: the upstream is paused while a piece waits to be read.
 */
function webStream(body: Readable, gzipped: boolean): ReadableStream<Uint8Array> {
  let pieces: Coalesce | undefined;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pieces) {
          pieces.resume();
          return;
        }
        const source = (pieces = new Coalesce());
        const done = (err: Error | null | undefined): void => {
          if (err) controller.error(err);
        };
        // A Web stream's reader gets the JSON itself: the Response carries no Content-Encoding.
        if (gzipped) pipeline(body, createGunzip(), source, done);
        else pipeline(body, source, done);
        source.on('data', (piece: Buffer) => {
          controller.enqueue(piece);
          if ((controller.desiredSize ?? 1) <= 0) source.pause();
        });
        source.on('end', () => controller.close());
      },
      cancel() {
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/** A Vary header value that names Accept-Encoding (once). */
function withAcceptEncoding(vary: ReturnType<http.ServerResponse['getHeader']>): string {
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((n) => n.trim()).filter(Boolean);
  if (names.some((n) => n === '*' || n.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}

/**
 * The response body for an upstream success body relayed as it is (`status`: the Response's status;
 * `gzipped`: the API server sent it gzipped, asked to by a client that takes gzip — piped into the
 * response, it goes on as it came, with `Content-Encoding: gzip`).
 */
export function upstreamBody(body: Readable, status: number, gzipped = false): ReadableStream<Uint8Array> {
  const stream = webStream(body, gzipped);
  const res = responses.getStore();
  if (!res) return stream;
  // Next and its compression listen for the response's 'close' 10-14 times already; ours (and the
  // pipe's) are not a leak — a response lives for one request — but Node would print a
  // MaxListenersExceededWarning for every list.
  res.setMaxListeners(0);
  // Whatever becomes of the body — sent, cut off, or never read (a HEAD request: Next runs GET and
  // sends no body) — the upstream answer ends with the response, its connection is not left waiting.
  res.once('close', () => body.destroy());
  const viaWeb = stream.pipeTo.bind(stream);
  stream.pipeTo = (destination, options) => {
    // Only into this request's own response, untouched so far, with this Response's status and JSON
    // content type already set on it (Next's sendResponse sets both before it pipes).
    const ours = !stream.locked && !res.headersSent && !res.writableEnded && res.statusCode === status && /json/i.test(String(res.getHeader('content-type') ?? ''));
    if (!ours) return viaWeb(destination, options);
    if (gzipped) {
      // Set before the first byte: Next's compression then leaves the body alone ("already encoded").
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Vary', withAcceptEncoding(res.getHeader('Vary')));
    }
    return new Promise<void>((resolve) => {
      // Errors end the response as the Web path does (the client sees a cut-off body); a client that
      // goes away destroys the upstream request.
      pipeline(body, new Coalesce(), res, () => resolve());
    });
  };
  return stream;
}
