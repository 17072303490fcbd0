import { statusError } from '../../../lib/k8s/status';
import { MAX_WATCHES_PER_STREAM, parseWatchParam } from '../../../lib/live/protocol';
import { RequestError, statusFromError, statusResponse } from '../../../lib/server/errors';
import { authConfig } from '../../../lib/server/auth-mode';
import { identityFor } from '../../../lib/server/identity';
import { sessionAbsoluteEnd } from '../../../lib/server/session';
import { authorize, clusterParam, methodNotAllowed } from '../../../lib/server/route';
import { sseChannel } from '../../../lib/server/sse';
import { subscribeWatch } from '../../../lib/server/watch-hub';

export const dynamic = 'force-dynamic';

/**
 * GET /api/watch?watch=services:all&watch=endpointslices:demo@1234 — ONE server-sent-event stream per
 * tab (same-origin only: see authorize), multiplexing the watches the page needs (see lib/live/protocol.ts
 * for ids and events). Each watch subscribes to the server's shared informer for this identity
 * (lib/server/watch-hub.ts): a hundred tabs cost the API server one list and one watch per resource.
 * The subscriptions end when the browser goes away (request.signal) or reads too slowly (lib/server/sse.ts).
 */
export async function GET(request: Request): Promise<Response> {
  try {
    authorize(request);
    const url = new URL(request.url);
    const params = url.searchParams.getAll('watch');
    if (params.length === 0) throw new RequestError(statusError.badRequest('at least one watch=<resource>:<namespace|all> is required'));
    if (params.length > MAX_WATCHES_PER_STREAM) throw new RequestError(statusError.badRequest(`at most ${MAX_WATCHES_PER_STREAM} watches per stream`));
    const watches = params.map((p) => {
      const parsed = parseWatchParam(p);
      if (!parsed) throw new RequestError(statusError.badRequest(`unsupported watch "${p}"`));
      return parsed;
    });
    const identity = identityFor(request.headers, clusterParam(url));

    const unsubscribes: (() => void)[] = [];
    const release = () => {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    };
    const channel = sseChannel(release);
    request.signal.addEventListener('abort', () => {
      release();
      channel.close();
    });
    // --auth token: the stream ends with the session's absolute expiry (its reconnect then gets a 401).
    const ends = identity.session ? sessionAbsoluteEnd(identity.session, authConfig()) - Date.now() : undefined;
    if (ends !== undefined) {
      const timer = setTimeout(() => {
        release();
        channel.close();
      }, Math.max(0, Math.min(ends, 2 ** 31 - 1)));
      request.signal.addEventListener('abort', () => clearTimeout(timer));
    }
    const seen = new Set<string>();
    for (const w of watches) {
      if (seen.has(w.id)) continue;
      seen.add(w.id);
      unsubscribes.push(subscribeWatch(identity, w.spec, w.resourceVersion, channel.sendBytes));
    }
    if (request.signal.aborted) release();
    return new Response(channel.stream, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (err) {
    return statusResponse(statusFromError(err));
  }
}

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
