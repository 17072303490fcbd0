import { statusError } from '../../../lib/k8s/status';
import { MAX_WATCHES_PER_STREAM, parseWatchParam } from '../../../lib/live/protocol';
import { RequestError, statusFromError, statusResponse } from '../../../lib/server/errors';
import { authConfig } from '../../../lib/server/auth-mode';
import { identityFor, type RequestIdentity } from '../../../lib/server/identity';
import { sessionAbsoluteEnd } from '../../../lib/server/session';
import { authorize, clusterParam, methodNotAllowed } from '../../../lib/server/route';
import { sseChannel } from '../../../lib/server/sse';
import { subscribeWatches, type WatchRequest } from '../../../lib/server/watch-hub';

export const dynamic = 'force-dynamic';

const STREAM_HEADERS: HeadersInit = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
};

/** Validates and authorizes a stream request: the identity and the distinct watches it names. */
function streamRequest(request: Request): { identity: RequestIdentity; watches: WatchRequest[] } {
  authorize(request);
  const url = new URL(request.url);
  const params = url.searchParams.getAll('watch');
  if (params.length === 0) throw new RequestError(statusError.badRequest('at least one watch=<resource>:<namespace|all> is required'));
  if (params.length > MAX_WATCHES_PER_STREAM) throw new RequestError(statusError.badRequest(`at most ${MAX_WATCHES_PER_STREAM} watches per stream`));
  const byId = new Map<string, WatchRequest>();
  for (const p of params) {
    const parsed = parseWatchParam(p);
    if (!parsed) throw new RequestError(statusError.badRequest(`unsupported watch "${p}"`));
    if (!byId.has(parsed.id)) byId.set(parsed.id, { spec: parsed.spec, resumeRv: parsed.resourceVersion });
  }
  return { identity: identityFor(request.headers, clusterParam(url)), watches: [...byId.values()] };
}

/** A refusal as a `Status`; a 429 says when to retry in `Retry-After` as well. */
function refusal(err: unknown): Response {
  const status = statusFromError(err);
  const retry = status.code === 429 ? status.details?.retryAfterSeconds : undefined;
  return statusResponse(status, retry ? { 'Retry-After': String(retry) } : undefined);
}

/**
 * GET /api/watch?watch=services:all&watch=endpointslices:demo@1234 — ONE server-sent-event stream per
 * tab (same-origin only: see authorize), multiplexing the watches the page needs (see lib/live/protocol.ts
 * for ids and events). Each watch subscribes to the server's shared informer for this identity
 * (lib/server/watch-hub.ts): a hundred tabs cost the API server one list and one watch per resource.
 * Past the bounds on upstream watches (lib/server/limits.ts maxWatches) the answer is a 429 Status.
 * The subscriptions end when the browser goes away (request.signal) or stops reading (lib/server/sse.ts).
 */
export async function GET(request: Request): Promise<Response> {
  try {
    const { identity, watches } = streamRequest(request);
    // A client that left before its answer needs no watch at all.
    if (request.signal.aborted) return new Response(null, { status: 204 });
    let release = () => {};
    const channel = sseChannel(() => release());
    try {
      release = subscribeWatches(identity, watches, channel.sendBytes);
    } catch (err) {
      channel.close();
      throw err;
    }
    const end = () => {
      release();
      channel.close();
    };
    request.signal.addEventListener('abort', end);
    // --auth token: the stream ends with the session's absolute expiry (its reconnect then gets a 401).
    const ends = identity.session ? sessionAbsoluteEnd(identity.session, authConfig()) - Date.now() : undefined;
    if (ends !== undefined) {
      const timer = setTimeout(end, Math.max(0, Math.min(ends, 2 ** 31 - 1)));
      request.signal.addEventListener('abort', () => clearTimeout(timer));
    }
    return new Response(channel.stream, { headers: STREAM_HEADERS });
  } catch (err) {
    return refusal(err);
  }
}

/**
 * HEAD: the same checks and headers as GET, and no stream. Without it Next would run GET for a HEAD
 * and never read (nor cancel) the body, so its watches would stay subscribed for ever.
 */
export async function HEAD(request: Request): Promise<Response> {
  try {
    streamRequest(request);
    return new Response(null, { headers: STREAM_HEADERS });
  } catch (err) {
    return refusal(err);
  }
}

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
