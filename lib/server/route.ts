import 'server-only';
import { failure, statusError } from '../k8s/status';
import { READ_ONLY_REASON, readOnlyMode } from '../read-only';
import { auditWrite } from './audit';
import { allowCompression, relaysGzip } from './compress-json';
import { identityFor, type RequestIdentity } from './identity';
import { API_CACHE_CONTROL, RequestError, statusFromError, statusFromUpstream, statusResponse } from './errors';
import { MAX_BODY_BYTES } from './limits';
import { jsonDepthError, MAX_NESTING_DEPTH, yamlDepthError } from '../text/nesting-depth';
import { findExcessNesting } from '../text/nesting-scan';
import { incCounter, METRICS, routeTemplate } from './metrics';
import { crossOriginProblem } from './request-guard';
import { credentialHeaderProblem } from './credential-headers';
import { readTextUpTo, retryAfterSeconds, sentGzipped, type UpstreamResponse } from './upstream';
import { upstreamBody } from './upstream-body';
import { authConfig } from './auth-mode';
import { clearSessionCookie, isSecureRequest } from './session';
import { noteServiceWrite } from './history/porthole-writes';

/** The Set-Cookie that ends a token-mode session. */
export function endSessionCookie(request: Request): string {
  return clearSessionCookie(isSecureRequest(request.headers, authConfig()));
}

/**
 * The one pipeline every route handler runs, in this order: validate the request (path segments and
 * query), authorize it (same-origin only, reads included; resolve the identity), parse the body, act, and map
 * any error to a Kubernetes Status.
 */
/** 'optionalJson': a JSON body is allowed but not required (DELETE with DeleteOptions). */
export type BodyKind = 'none' | 'json' | 'optionalJson' | 'patch';

export interface ApiContext<P> {
  input: P;
  identity: RequestIdentity;
  url: URL;
  /** The request's headers (e.g. a cookie a route updates). */
  headers: Headers;
  signal: AbortSignal;
  /** The raw body bytes (checked), for 'json' and 'patch' routes. */
  body?: Buffer;
  contentType?: string;
  /**
   * A GET whose client takes gzip: a list it relays may ask the API server for gzip, which goes on to
   * the client as it came (compress-json.ts).
   */
  gzip: boolean;
}

export interface RouteSpec<P> {
  validate: (params: Record<string, string>, url: URL) => P;
  body?: BodyKind;
  /**
   * A POST that changes nothing in the cluster (access reviews, choosing the identity): served in
   * read-only mode and not audited. Every other POST, PUT, PATCH and DELETE is a write.
   */
  notAWrite?: boolean;
  act: (ctx: ApiContext<P>) => Promise<Response>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteParams = { params: Promise<Record<string, string | string[]>> };

export { MAX_BODY_BYTES };

export const PATCH_CONTENT_TYPES = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
  'application/apply-patch+yaml',
] as const;

function flatParams(raw: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = Array.isArray(v) ? v.join('/') : v;
  return out;
}

/**
 * The cluster a request names (`?cluster=<kubeconfig cluster name>`), undefined for the default one.
 * identityFor resolves it once per request: an unknown name is a 404 Status, and everything the
 * request then does (credentials, shared informers, caches) belongs to that cluster.
 */
export function clusterParam(url: URL): string | undefined {
  return url.searchParams.get('cluster') || undefined;
}

/** Only Porthole's own pages (or non-browser clients) may use the API, reads included; never with a bearer token of their own. */
export function authorize(request: Request): void {
  const problem = crossOriginProblem(request.headers, new URL(request.url).protocol.replace(':', ''));
  if (problem) throw new RequestError(statusError.forbidden(problem));
  const credential = credentialHeaderProblem(request.headers, authConfig().mode);
  if (credential) throw new RequestError(credential);
}

/**
 * The body, counted while it streams: refused with 413 as soon as it passes `limit`, so a chunked
 * upload of any size never holds more than `limit` bytes in memory.
 */
export async function readLimited(request: Request, limit: number): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new RequestError(statusError.tooLarge());
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

async function readBody(request: Request, kind: BodyKind): Promise<{ body?: Buffer; contentType?: string }> {
  if (kind === 'none') return {};
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (kind === 'optionalJson' && !contentType && !Number(request.headers.get('content-length') ?? '0')) return {};
  const allowed: readonly string[] = kind === 'patch' ? PATCH_CONTENT_TYPES : ['application/json'];
  if (!allowed.includes(contentType)) {
    throw new RequestError(failure(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${allowed.join(', ')}`));
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new RequestError(statusError.tooLarge());
  const body = await readLimited(request, MAX_BODY_BYTES);
  if (body.length === 0) throw new RequestError(statusError.badRequest('the request body is empty'));
  refuseDeepBody(body.toString('utf8'), contentType);
  if (contentType !== 'application/apply-patch+yaml') {
    try {
      JSON.parse(body.toString('utf8'));
    } catch (err) {
      throw new RequestError(statusError.badRequest(`the request body is not valid JSON: ${(err as Error).message}`));
    }
  }
  return { body, contentType };
}

/**
 * A body nested deeper than the API server's decoders take is refused before anything parses it
 * (a linear pre-scan; parsing 1 MiB of `[[[…]]]` would hold the event loop for seconds).
 */
function refuseDeepBody(text: string, contentType: string): void {
  const syntax = contentType === 'application/apply-patch+yaml' ? 'yaml' : 'json';
  const excess = findExcessNesting(text, MAX_NESTING_DEPTH, syntax);
  if (!excess) return;
  const detail = syntax === 'yaml' ? `yaml: ${yamlDepthError(excess.line)}` : jsonDepthError(excess.open);
  throw new RequestError(statusError.badRequest(`the request body is nested too deep: ${detail}`));
}

export function apiRoute<P>(spec: RouteSpec<P>): (request: Request, context: RouteParams) => Promise<Response> {
  return async (request, context) => {
    const url = new URL(request.url);
    const raw = (await context?.params) ?? {};
    const params = flatParams(raw);
    const template = routeTemplate(url.pathname, raw);
    const write = WRITE_METHODS.has(request.method) && !spec.notAWrite;
    let identity: RequestIdentity | undefined;
    let createdName: string | undefined;
    let writeDone: ((code: number) => void) | undefined;
    let response: Response;
    try {
      if (write && readOnlyMode()) {
        identity = identityOrUndefined(request.headers, clusterParam(url));
        throw new RequestError(failure(403, 'Forbidden', READ_ONLY_REASON));
      }
      const input = spec.validate(params, url);
      authorize(request);
      identity = identityFor(request.headers, clusterParam(url));
      const { body, contentType } = await readBody(request, spec.body ?? 'none');
      if (write && request.method === 'POST') createdName = nameInBody(body);
      if (write) writeDone = await noteServiceWrite({ identity, template, namespace: params.namespace, name: params.name ?? createdName, url });
      const gzip = request.method === 'GET' && relaysGzip(request.headers);
      response = await spec.act({ input, identity, url, headers: request.headers, signal: request.signal, body, contentType, gzip });
      // The API server no longer accepts the signed-in user's token: that ends the session.
      if (response.status === 401 && identity.session) {
        const headers = new Headers(response.headers);
        headers.append('Set-Cookie', endSessionCookie(request));
        response = new Response(response.body, { status: 401, headers });
      }
    } catch (err) {
      const status = statusFromError(err);
      // A client that went away (closed tab, aborted fetch) is not a server fault: nothing to log.
      if ((status.code ?? 500) >= 500 && !(err instanceof RequestError) && !request.signal.aborted) console.error(`[porthole] ${request.method} ${request.url}:`, err);
      response = statusResponse(status);
    }
    writeDone?.(response.status);
    incCounter(METRICS.requests, { route: template, method: request.method, code: String(response.status) });
    response = allowCompression(response);
    if (write) {
      const audited = createdName && !params.name ? { ...params, name: createdName } : params;
      void auditWrite({ identity, method: request.method, template, params: audited, url, code: response.status }).catch(() => undefined);
    }
    return response;
  };
}

function identityOrUndefined(headers: Headers, cluster: string | undefined): RequestIdentity | undefined {
  try {
    return identityFor(headers, cluster);
  } catch {
    return undefined;
  }
}

/** metadata.name of a created object, for the audit line (nothing else of the body is kept). */
function nameInBody(body: Buffer | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const name = (JSON.parse(body.toString('utf8')) as { metadata?: { name?: unknown } }).metadata?.name;
    return typeof name === 'string' ? name.slice(0, 253) : undefined;
  } catch {
    return undefined;
  }
}

function passHeaders(res: UpstreamResponse): Headers {
  const headers = new Headers({ 'Cache-Control': API_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' });
  const warning = res.headers.warning;
  if (warning) for (const w of Array.isArray(warning) ? warning : [warning]) headers.append('Warning', w);
  // A 429 or 503 still throttled after the retries says when to come back.
  const after = res.status === 429 || res.status === 503 ? retryAfterSeconds(res.headers) : undefined;
  if (after !== undefined) headers.set('Retry-After', String(after));
  return headers;
}

/** application/json or a +json type, with any parameters. */
function isJson(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

const MAX_ERROR_BODY_BYTES = 1024 * 1024;

/**
 * Relays an upstream response: success bodies stream through byte for byte; errors become a Status.
 * The Content-Type is always Porthole's own (application/json): a 2xx that is not JSON (an HTML page
 * from something posing as the API server) is never served on Porthole's origin.
 */
export async function relay(res: UpstreamResponse): Promise<Response> {
  const headers = passHeaders(res);
  if (res.status >= 200 && res.status < 300) {
    if (!isJson(res.headers['content-type'])) {
      res.body.resume();
      const type = String(res.headers['content-type'] ?? 'none').slice(0, 100);
      return statusResponse(failure(502, 'InternalError', `the API server answered ${res.status} with content type ${type}, not JSON`), headers);
    }
    headers.set('Content-Type', 'application/json');
    return new Response(upstreamBody(res.body, res.status, sentGzipped(res.body)), { status: res.status, headers });
  }
  // A Status is a few hundred bytes: a longer error body is not read (nor, gzipped, unpacked) whole.
  return statusResponse(statusFromUpstream(res.status, (await readTextUpTo(res.body, MAX_ERROR_BODY_BYTES)) ?? ''), headers);
}

/** For the methods a route does not serve: the API server's 405 Status. */
export async function methodNotAllowed(): Promise<Response> {
  return statusResponse(statusError.methodNotAllowed('the server does not allow this method on the requested resource'));
}
