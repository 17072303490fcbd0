import 'server-only';
import { addGauge, METRICS } from './metrics';

/**
 * A server-sent-event response body. `send` queues one event (JSON data); `close` ends the stream.
 * A comment line every 15 s keeps proxies and the browser from timing the connection out.
 */
export interface SseChannel {
  stream: ReadableStream<Uint8Array>;
  send(event: string, data: unknown): void;
  close(): void;
  closed(): boolean;
}

const KEEPALIVE_MS = 15_000;

export function sseChannel(onCancel: () => void): SseChannel {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let isClosed = false;
  let keepalive: ReturnType<typeof setInterval> | undefined;
  let counted = false;
  const uncount = () => {
    if (counted) addGauge(METRICS.streams, -1);
    counted = false;
  };

  const write = (text: string) => {
    if (isClosed || !controller) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    if (keepalive) clearInterval(keepalive);
    uncount();
    try {
      controller?.close();
    } catch {
      // already closed by the consumer
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      counted = true;
      addGauge(METRICS.streams, 1);
      // Tell EventSource how long to wait before its own reconnect (the client manages its own anyway).
      write('retry: 2000\n\n');
      keepalive = setInterval(() => write(`: keepalive ${Date.now()}\n\n`), KEEPALIVE_MS);
    },
    cancel() {
      isClosed = true;
      if (keepalive) clearInterval(keepalive);
      uncount();
      onCancel();
    },
  });
  return {
    stream,
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    close,
    closed: () => isClosed,
  };
}
