/**
 * Which API answers go out compressed. Every API answer is built with `Cache-Control: no-store,
 * no-transform` (errors.ts API_CACHE_CONTROL), which keeps Next's compression (`compress: true`: gzip
 * at zlib's default level, above 1 KiB, only for a client that sends `Accept-Encoding: gzip`) away.
 * A successful JSON answer — a list, an object — drops `no-transform`, so Next gzips it; Status bodies
 * (a few hundred bytes) and the watch stream (text/event-stream, which a compressor would hold back)
 * keep it. A route handler cannot compress by itself: Next removes a Content-Encoding it sets.
 *
 * Why, measured with 10,000 Services (README, Tests and benchmarks; `npm run bench -- slowlink`):
 * /api/service-rows is 1.29 MB as JSON and 0.17 MB gzipped for ~9 ms of server CPU, which saves
 * ~0.4 s on a 20 Mbit/s link and costs nothing measurable on loopback.
 * `PORTHOLE_API_COMPRESSION=off` keeps every answer uncompressed (e.g. behind an ingress that compresses).
 *
 * A relayed list is not compressed twice: when the client takes gzip, Porthole asks the API server for
 * gzip too (it compresses answers of 128 KiB and more, at level 1) and passes those bytes on as they
 * are (lib/server/upstream-body.ts); Next compresses only what came back plain. Measured with 10,000
 * Services on the embedded cluster (README, Tests and benchmarks): Next's gzip of the 9.9 MB list took
 * ~100 ms of Porthole's CPU per list (80-150 ms per request against 27 ms straight from the API server).
 */

import { acceptedEncodings } from './accept-encoding';

function compressionOff(): boolean {
  return process.env.PORTHOLE_API_COMPRESSION === 'off';
}

/** Whether an `Accept-Encoding` value takes gzip. */
export function takesGzip(acceptEncoding: string | null | undefined): boolean {
  return acceptedEncodings(acceptEncoding).includes('gzip');
}

/** Whether a relayed answer to this request may come gzipped from the API server and go on as it is. */
export function relaysGzip(headers: Headers): boolean {
  return !compressionOff() && takesGzip(headers.get('accept-encoding'));
}

function isJson(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  // text/x-ndjson: the streamed Service list (lib/service-list/row-stream.ts); gzip emits as it goes.
  return type === 'application/json' || type === 'text/x-ndjson' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** `response` with `no-transform` dropped when it is a successful JSON answer; else `response` itself. */
export function allowCompression(response: Response): Response {
  if (compressionOff() || !response.body) return response;
  if (response.status < 200 || response.status >= 300 || !isJson(response.headers.get('Content-Type'))) return response;
  const cacheControl = response.headers.get('Cache-Control');
  if (!cacheControl || !/\bno-transform\b/i.test(cacheControl)) return response;
  const headers = new Headers(response.headers);
  const kept = cacheControl
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d && d.toLowerCase() !== 'no-transform');
  headers.set('Cache-Control', kept.join(', ') || 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
