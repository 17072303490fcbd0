/** Writing responses: JSON text (or YAML), Status errors, Warning headers, optional gzip. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlibConstants, gzipSync } from 'node:zlib';
import { stringify as toYaml } from 'yaml';
import { statusError } from '../../k8s/status';
import type { Status } from '../../k8s/types/meta';
import { ApiError } from '../errors/api-error';

/** The real server compresses responses of 128 KiB and more, at gzip level 1 (BestSpeed). */
const GZIP_MIN_BYTES = 128 * 1024;
const GZIP_OPTIONS = { level: zlibConstants.Z_BEST_SPEED, chunkSize: 1 << 20 };

export interface ResponseOptions {
  yaml?: boolean;
  warnings?: readonly string[];
  contentType?: string;
}

function acceptsGzip(req: IncomingMessage | undefined): boolean {
  const enc = req?.headers['accept-encoding'];
  return typeof enc === 'string' && /\bgzip\b/.test(enc);
}

/** `Warning: 299 - "<text>"` as the real server formats it. */
export function warningHeader(text: string): string {
  return `299 - ${JSON.stringify(text)}`;
}

/** JSON text (or, with `options.yaml`, its YAML form) or binary bytes with `options.contentType`. */
export function sendText(req: IncomingMessage | undefined, res: ServerResponse, code: number, json: string | Buffer, options: ResponseOptions = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  let body: string | Buffer = json;
  let contentType = options.contentType ?? 'application/json';
  if (options.yaml && typeof json === 'string') {
    body = toYaml(JSON.parse(json), { sortMapEntries: true });
    contentType = 'application/yaml';
  }
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-cache, private');
  if (options.warnings?.length) res.setHeader('Warning', options.warnings.map(warningHeader));
  if (body.length >= GZIP_MIN_BYTES && acceptsGzip(req)) {
    body = gzipSync(body, GZIP_OPTIONS);
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.writeHead(code);
  res.end(req?.method === 'HEAD' ? undefined : body);
}

/**
 * Sends JSON text given in pieces (large lists): streamed with chunked encoding, or compressed in
 * one pass (gzip level 1) when the client accepts gzip; YAML is built whole.
 */
export function sendChunks(req: IncomingMessage, res: ServerResponse, code: number, chunks: Iterable<string>, options: ResponseOptions = {}): void {
  if (options.yaml || acceptsGzip(req)) {
    // YAML is built whole; gzip is one synchronous pass with large buffers (when the body is large
    // enough), far faster than a zlib stream of small thread-pool jobs.
    sendText(req, res, code, [...chunks].join(''), options);
    return;
  }
  res.setHeader('Content-Type', options.contentType ?? 'application/json');
  res.setHeader('Cache-Control', 'no-cache, private');
  if (options.warnings?.length) res.setHeader('Warning', options.warnings.map(warningHeader));
  if (req.method === 'HEAD') {
    res.writeHead(code);
    res.end();
    return;
  }
  res.writeHead(code);
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

export function sendJson(req: IncomingMessage | undefined, res: ServerResponse, code: number, value: unknown, options: ResponseOptions = {}): void {
  sendText(req, res, code, JSON.stringify(value), options);
}

export function sendStatus(req: IncomingMessage | undefined, res: ServerResponse, status: Status, options: ResponseOptions = {}): void {
  sendJson(req, res, status.code ?? 500, status, { warnings: options.warnings });
}

/** Any thrown value as the Status the client receives (500 for the unexpected). */
export function errorStatus(err: unknown): Status {
  if (err instanceof ApiError) return err.status;
  const message = err instanceof Error ? err.message : String(err);
  return statusError.internal(message);
}
