import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { KubeConfig } from '@kubernetes/client-node';
import { sleep } from './backoff';
import { incCounter, METRICS, observe } from './metrics';
import { claimProbe, claimSilenceProbe, isConnectFailure, markDown, markUp, probeDone, recentlyDown, type DownRecord } from './known-down';
import { fileErrorText, withoutPaths } from './safe-message';

/**
 * One HTTP request to the Kubernetes API server with the identity's credentials (client-node's
 * KubeConfig applies tokens, client certificates, CA and proxy agents). Bodies are passed through as
 * bytes: Porthole never re-serializes an object it proxies, so nothing the server sent is lost.
 */
export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute API path, e.g. `/api/v1/namespaces/demo/services`; segments already validated. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: Buffer | string;
  contentType?: string;
  accept?: string;
  /**
   * Ask for the body gzipped (`Accept-Encoding: gzip`) — a relayed list whose client takes gzip. The
   * API server compresses answers of 128 KiB and more; the response says which it sent
   * (Content-Encoding), and readTextUpTo unpacks it.
   */
  gzip?: boolean;
  signal?: AbortSignal;
  /**
   * A reachability probe (`GET /version`): always sent, even to a server known to be down, and its
   * silence for the whole upstream timeout marks the server down (known-down.ts).
   */
  probe?: boolean;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: IncomingMessage;
}

/** The API server could not be reached at all (connection refused, DNS, TLS, timeout). */
export class UpstreamUnreachableError extends Error {
  /** Why, without the server's address (e.g. `connect ECONNREFUSED 127.0.0.1:6443`). */
  readonly reason: string;
  constructor(
    readonly server: string,
    readonly detail: unknown,
    kc?: KubeConfig,
  ) {
    const why = fileErrorText(detail, kc) ?? withoutPaths(detail instanceof Error ? detail.message : String(detail));
    super(`the Kubernetes API server at ${server} is unreachable: ${why}`);
    this.name = 'UpstreamUnreachableError';
    this.reason = why;
  }
}

/**
 * How long to wait for the API server's first byte (PORTHOLE_UPSTREAM_TIMEOUT_MS, `--upstream-timeout`):
 * 10 s by default; an API server that always needs longer (a slow link, a large list) can be given more.
 */
export function upstreamTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.PORTHOLE_UPSTREAM_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : 10_000;
}

/**
 * Connections are reused (keep-alive). Node keys pooled sockets by the TLS options of each request
 * (CA, client certificate, key, servername), so one agent serves every identity safely.
 */
const keepAlive = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, scheduling: 'lifo' as const };
const httpsAgent = new https.Agent(keepAlive);
const httpAgent = new http.Agent(keepAlive);

/** Credentials applied by client-node, cached briefly per KubeConfig (exec/OIDC plugins refresh on expiry). */
const applied = new WeakMap<KubeConfig, { at: number; options: https.RequestOptions }>();
const APPLIED_TTL_MS = 10_000;

async function credentials(kc: KubeConfig): Promise<https.RequestOptions> {
  const hit = applied.get(kc);
  if (hit && Date.now() - hit.at < APPLIED_TTL_MS) return hit.options;
  const options: https.RequestOptions = { headers: {} };
  await kc.applyToHTTPSOptions(options);
  applied.set(kc, { at: Date.now(), options });
  return options;
}

/** Said of a server known to be down (known-down.ts) instead of waiting for it again. */
class KnownDownError extends Error {
  constructor(record: DownRecord, now: number) {
    const seconds = Math.round((now - record.at) / 1000);
    super(`${record.reason} (${seconds < 1 ? 'just now' : `${seconds} s ago`}; Porthole checks again in the background)`);
    this.name = 'KnownDownError';
  }
}

/** A background `GET /version` to a server marked down: its answer clears the mark (see known-down.ts). */
function reprobe(kc: KubeConfig, server: string): void {
  if (!claimProbe(server)) return;
  upstream(kc, { method: 'GET', path: '/version', probe: true })
    .then((res) => void res.body.resume(), () => undefined)
    .finally(() => probeDone(server));
}

/** A watch silent this long has its API server probed (and no server is probed more often for it). */
export const WATCH_SILENCE_PROBE_MS = 10_000;

/**
 * A `GET /version` to the API server of an open watch that has heard nothing for
 * WATCH_SILENCE_PROBE_MS: a server that does not answer it within the upstream timeout is marked down
 * (known-down.ts), which ends its open watches, so the tabs say "Stale" instead of "Live" although
 * the connection never closed (a frozen or hung API server).
 */
export function probeSilentServer(kc: KubeConfig): void {
  const server = kc.getCurrentCluster()?.server;
  if (!server || !claimSilenceProbe(server, WATCH_SILENCE_PROBE_MS)) return;
  upstream(kc, { method: 'GET', path: '/version', probe: true })
    .then((res) => void res.body.resume(), () => undefined)
    .finally(() => probeDone(server));
}

/**
 * Throws the UpstreamUnreachableError to answer at once when the kubeconfig's API server is known to
 * be down (and starts a background probe of it); the upstream watch asks this too.
 */
export function refuseIfKnownDown(kc: KubeConfig): void {
  const server = kc.getCurrentCluster()?.server;
  if (!server) return;
  reprobe(kc, server);
  const now = Date.now();
  const down = recentlyDown(server, now);
  if (down) throw new UpstreamUnreachableError(server, new KnownDownError(down, now));
}

/** How often a request is sent again after a 429 with Retry-After, and the longest wait taken. */
const MAX_THROTTLE_RETRIES = 3;
const MAX_RETRY_AFTER_S = 5;

/** Retry-After in whole seconds (the API server sends seconds), undefined when absent or not a number. */
export function retryAfterSeconds(headers: IncomingMessage['headers']): number | undefined {
  const raw = headers['retry-after'];
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Sends a request; a 429 with Retry-After (API Priority and Fairness rejected it before doing
 * anything, so any verb may be sent again) is retried after the wait it names, as client-go does —
 * at most MAX_THROTTLE_RETRIES times and only for waits up to MAX_RETRY_AFTER_S; otherwise the 429
 * reaches the caller with its Retry-After.
 */
export async function upstream(kc: KubeConfig, req: UpstreamRequest): Promise<UpstreamResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await sendOnce(kc, req);
    const after = res.status === 429 && !req.probe ? retryAfterSeconds(res.headers) : undefined;
    if (after === undefined || after > MAX_RETRY_AFTER_S || attempt >= MAX_THROTTLE_RETRIES) return res;
    res.body.resume();
    incCounter(METRICS.upstreamRetries, { method: req.method });
    // An aborted request ends the wait early; the next send then fails with the abort.
    await sleep(Math.max(after, 1) * 1000, req.signal);
  }
}

async function sendOnce(kc: KubeConfig, req: UpstreamRequest): Promise<UpstreamResponse> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('kubeconfig has no current cluster');
  // A server known to be down answers at once rather than after the upstream timeout.
  if (!req.probe) refuseIfKnownDown(kc);
  const base = cluster.server.replace(/\/+$/, '');
  const url = new URL(base + req.path);
  for (const [key, value] of Object.entries(req.query ?? {})) if (value !== undefined) url.searchParams.set(key, value);

  let creds: https.RequestOptions;
  try {
    creds = await credentials(kc);
  } catch (err) {
    throw new UpstreamUnreachableError(cluster.server, err, kc);
  }
  const secure = url.protocol === 'https:';
  const options: https.RequestOptions = {
    ...creds,
    // client-node builds a fresh agent per call; keep its agent only when it is a proxy agent.
    agent: cluster.proxyUrl ? creds.agent : secure ? httpsAgent : httpAgent,
    method: req.method,
    headers: {
      ...(creds.headers as Record<string, string>),
      Accept: req.accept ?? 'application/json',
      ...(req.gzip ? { 'Accept-Encoding': 'gzip' } : {}),
      'User-Agent': 'porthole/0.1',
      ...(req.contentType ? { 'Content-Type': req.contentType } : {}),
      // Node sends a DELETE body without a length (no chunked default for DELETE): say it, or the
      // server reads the body as the next request on the kept-alive connection.
      ...(req.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(req.body)) } : {}),
    },
    signal: req.signal,
  };
  const transport = secure ? https : http;
  const started = performance.now();
  const timed = (outcome: string) => observe(METRICS.upstream, (performance.now() - started) / 1000, { method: req.method, outcome });
  return new Promise<UpstreamResponse>((resolve, reject) => {
    let timedOut = false;
    const request = transport.request(url, options, (res) => {
      markUp(cluster.server);
      timed(String(res.statusCode ?? 0).charAt(0) + 'xx');
      request.setTimeout(0);
      resolve({ status: res.statusCode ?? 502, headers: res.headers, body: res });
    });
    const timeout = upstreamTimeoutMs();
    request.setTimeout(timeout, () => {
      timedOut = true;
      request.destroy(new Error(`no response within ${timeout / 1000}s (raise it with --upstream-timeout)`));
    });
    request.on('error', (err) => {
      timed((err as { name?: string }).name === 'AbortError' ? 'aborted' : 'error');
      if ((err as { name?: string }).name === 'AbortError') return reject(err);
      const unreachable = new UpstreamUnreachableError(cluster.server, err, kc);
      // Only what says the server is not there: a slow answer to an ordinary request is not evidence.
      if (isConnectFailure(err) || (timedOut && req.probe)) markDown(cluster.server, unreachable.reason);
      reject(unreachable);
    });
    if (req.body !== undefined) request.end(req.body);
    else request.end();
  });
}

/** Whether the API server sent this body gzipped (it does only when asked: UpstreamRequest.gzip). */
export function sentGzipped(body: IncomingMessage): boolean {
  return String(body.headers['content-encoding'] ?? '').trim().toLowerCase() === 'gzip';
}

/**
 * The body as text when it is at most `maxBytes` (unpacked, when the server sent it gzipped);
 * undefined (and the rest not read) when longer.
 */
export async function readTextUpTo(body: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  const gzipped = sentGzipped(body);
  const source: Readable = gzipped ? body.pipe(createGunzip()) : body;
  if (gzipped) body.once('error', (err) => source.destroy(err));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > maxBytes) {
      source.destroy();
      body.destroy();
      return undefined;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** The whole body as text. */
export async function readText(body: IncomingMessage): Promise<string> {
  // Without a bound readTextUpTo always has the text.
  return (await readTextUpTo(body, Number.POSITIVE_INFINITY)) ?? '';
}

/** Reads and parses a JSON response body; rejects with the body text on malformed JSON. */
export async function readJson(body: IncomingMessage): Promise<unknown> {
  const text = await readText(body);
  return JSON.parse(text) as unknown;
}
