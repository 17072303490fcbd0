/**
 * Watch responses: newline-delimited JSON events over a chunked 200 response, as the real server
 * streams them; Table events for `kubectl get -w`; periodic bookmarks; `timeoutSeconds`; stopped
 * when the client goes away.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KubeObject, Status, WatchEventType } from '../../k8s/types/meta';
import { printTable, type IncludeObject } from '../printers';
import type { ResourceDefinition } from '../registry/types';
import type { RestContext } from '../rest/context';
import { parseResourceVersion } from '../rest/read';
import { validateListOptions } from '../rest/list-options';
import { startWatch, type ActiveWatch, type WatchRequest } from '../rest/watch';
import { serializeObject } from '../storage';
import { boundedWriter, DEFAULT_WATCH_QUEUE_LIMITS, OVERFLOW_GRACE_MS, type WatchQueueLimits } from './watch-queue';

/** The real server's default request timeout range is 30-60 min; watches end after it. */
const DEFAULT_TIMEOUT_SECONDS = 1800;
/** The watch cache's bookmarkFrequency (a BOOKMARK a minute, plus one 2 s before the timeout). */
export const BOOKMARK_INTERVAL_MS = 60_000;

export interface WatchHttpOptions extends WatchRequest {
  timeoutSeconds?: number;
  /** Table events (`kubectl get -w`), with `includeObject`. */
  table?: { includeObject: IncludeObject };
  /** PartialObjectMetadata events. */
  partial?: boolean;
  /** Bounds of this watcher's send queue (a watcher that falls behind is ended). */
  queue?: WatchQueueLimits;
}

export function serveWatch(ctx: RestContext, def: ResourceDefinition, req: IncomingMessage, res: ServerResponse, options: WatchHttpOptions): void {
  // Invalid options (422) and a malformed resourceVersion (400) are answered before the stream starts.
  validateListOptions({ watch: true, ...options });
  if (options.resourceVersion && options.resourceVersion !== '0') parseResourceVersion(options.resourceVersion);
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  res.flushHeaders();
  let closed = false;
  const encode = (type: WatchEventType, object: KubeObject | Status): string => {
    if (type === 'ERROR' || type === 'BOOKMARK') return `{"type":"${type}","object":${JSON.stringify(object)}}\n`;
    const obj = object as KubeObject;
    if (options.table) {
      const table = printTable(def.resource, [obj], { includeObject: options.table.includeObject, now: ctx.now() });
      return `{"type":"${type}","object":${JSON.stringify(table)}}\n`;
    }
    if (options.partial) {
      return `{"type":"${type}","object":${JSON.stringify({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata })}}\n`;
    }
    return `{"type":"${type}","object":${serializeObject(obj)}}\n`;
  };
  const timers: { timeout?: NodeJS.Timeout; preTimeout?: NodeJS.Timeout; bookmarks?: NodeJS.Timeout; watch?: ActiveWatch } = {};
  const finish = (): void => {
    if (closed) return;
    closed = true;
    if (timers.timeout) clearTimeout(timers.timeout);
    if (timers.preTimeout) clearTimeout(timers.preTimeout);
    if (timers.bookmarks) clearInterval(timers.bookmarks);
    timers.watch?.stop();
    writer.dispose();
    if (!res.writableEnded) res.end();
  };
  // A watcher that falls behind is ended like cacheWatcher does; what it still holds gets a short
  // grace to flush (a slow reader sees a clean end), then the socket goes with its buffer.
  const fellBehind = (): void => {
    setImmediate(finish);
    const grace = setTimeout(() => res.destroy(), OVERFLOW_GRACE_MS);
    grace.unref();
    // Flushed in time: the connection may serve further requests, so it must not be destroyed later.
    const flushed = (): void => clearTimeout(grace);
    res.once('finish', flushed);
    res.once('close', flushed);
  };
  const writer = boundedWriter(res, options.queue ?? DEFAULT_WATCH_QUEUE_LIMITS, fellBehind);
  const watch = startWatch(ctx, def, options, {
    send(type, object) {
      if (closed) return;
      writer.write(encode(type, object));
    },
    close: () => setImmediate(finish),
  });
  timers.watch = watch;
  writer.startCounting();
  if (closed) {
    watch.stop();
    return;
  }
  const timeout = options.timeoutSeconds && options.timeoutSeconds > 0 ? options.timeoutSeconds : DEFAULT_TIMEOUT_SECONDS;
  timers.timeout = setTimeout(() => {
    watch.bookmark();
    finish();
  }, timeout * 1000);
  if (options.allowWatchBookmarks) {
    timers.bookmarks = setInterval(() => watch.bookmark(), BOOKMARK_INTERVAL_MS);
    // cacheWatcher.nextBookmarkTime: one more shortly before the deadline, so clients resume close to it.
    if (timeout > 2 && timeout * 1000 - 2000 < BOOKMARK_INTERVAL_MS) timers.preTimeout = setTimeout(() => watch.bookmark(), timeout * 1000 - 2000);
  }
  req.on('close', finish);
  res.on('close', finish);
  res.on('error', finish);
}
