import 'server-only';
import { addGauge, METRICS } from './metrics';

/**
 * A server-sent-event response body. `send` queues one event (JSON data); `sendBytes` queues an
 * event already encoded by `sseBytes` (one encoding shared by every tab a watch fans out to); `close`
 * ends the stream. A comment line every 15 s keeps proxies and the browser from timing the connection out.
 *
 * A reader that falls behind is bounded: when more than `maxQueuedBytes` wait unread beyond the
 * largest single event sent so far (a resync of a big list may be that large on its own), the tab's
 * link is slower than the events or the tab is frozen: the stream is ended with an error, which drops
 * what it holds; the browser reconnects and resumes (or gets a resync). So is a stream nobody reads:
 * when not one byte has been taken `noReaderMs` after it started (e.g. a body the HTTP server never
 * sends), it ends and `onCancel` releases its watches. (A reader that took something and then stops is
 * bounded by the bytes it leaves unread, above: a slow link may take minutes over one big resync.)
 */
export interface SseChannel {
  stream: ReadableStream<Uint8Array>;
  send(event: string, data: unknown): void;
  /** An event already encoded by `sseBytes` (shared by every tab a watch fans out to). */
  sendBytes(bytes: Uint8Array): void;
  close(): void;
  closed(): boolean;
}

const KEEPALIVE_MS = 15_000;

/** PORTHOLE_SSE_MAX_QUEUED_BYTES, default 4 MiB: at 50 changes/s of whole Services, tens of seconds behind. */
export function sseMaxQueuedBytes(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.PORTHOLE_SSE_MAX_QUEUED_BYTES);
  return Number.isFinite(n) && n > 0 ? n : 4 * 1024 * 1024;
}

/** PORTHOLE_SSE_NO_READER_MS, default 30 s: how long a stream may wait for its first read before it ends. */
export function sseNoReaderMs(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.PORTHOLE_SSE_NO_READER_MS);
  return Number.isFinite(n) && n > 0 ? n : 30_000;
}

/** One event in the text/event-stream format. */
export function sseText(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const utf8 = new TextEncoder();

/** One event, encoded once: the same bytes can be queued on any number of channels (nobody mutates them). */
export function sseBytes(event: string, data: unknown): Uint8Array {
  return utf8.encode(sseText(event, data));
}

export function sseChannel(onCancel: () => void, maxQueuedBytes = sseMaxQueuedBytes(), noReaderMs = sseNoReaderMs()): SseChannel {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let isClosed = false;
  let keepalive: ReturnType<typeof setInterval> | undefined;
  let readerCheck: ReturnType<typeof setTimeout> | undefined;
  let written = 0;
  let largest = 0;
  let counted = false;
  const uncount = () => {
    if (counted) addGauge(METRICS.streams, -1);
    counted = false;
  };

  const stop = () => {
    isClosed = true;
    if (keepalive) clearInterval(keepalive);
    if (readerCheck) clearTimeout(readerCheck);
    uncount();
  };
  const write = (text: string) => writeBytes(utf8.encode(text));
  const writeBytes = (bytes: Uint8Array) => {
    if (isClosed || !controller) return;
    // desiredSize = -(bytes queued and not yet read) with a high-water mark of 0.
    if ((controller.desiredSize ?? 0) < -(maxQueuedBytes + largest)) return fail('the event stream reader fell behind');
    try {
      largest = Math.max(largest, bytes.byteLength);
      controller.enqueue(bytes);
      written += bytes.byteLength;
    } catch {
      close();
    }
  };
  /** Ends the stream with an error (dropping what it holds) and releases what feeds it. */
  const fail = (reason: string) => {
    if (isClosed || !controller) return;
    stop();
    controller.error(new Error(reason));
    onCancel();
  };
  const close = () => {
    if (isClosed) return;
    stop();
    try {
      controller?.close();
    } catch {
      // already closed by the consumer
    }
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        counted = true;
        addGauge(METRICS.streams, 1);
        // Tell EventSource how long to wait before its own reconnect (the client manages its own anyway).
        write('retry: 2000\n\n');
        keepalive = setInterval(() => write(`: keepalive ${Date.now()}\n\n`), KEEPALIVE_MS);
        // desiredSize = -(bytes queued): all of them still there means nothing was ever read.
        readerCheck = setTimeout(() => {
          if (written > 0 && -(c.desiredSize ?? 0) >= written) fail('nobody reads the event stream');
        }, noReaderMs);
        readerCheck.unref?.();
      },
      cancel() {
        stop();
        onCancel();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  return {
    stream,
    send: (event, data) => write(sseText(event, data)),
    sendBytes: writeBytes,
    close,
    closed: () => isClosed,
  };
}
