/**
 * The embedded cluster's HTTP server: node:http on loopback, authentication and authorization on
 * every request, then discovery, access reviews or the resource verbs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { statusError } from '../../k8s/status';
import type { ResourceDefinition } from '../registry/types';
import { ApiError } from '../errors/api-error';
import type { RestContext } from '../rest/context';
import { authenticate, authorize, forbiddenStatus, impersonate, requestAttributes, type Identity, type User } from '../auth';
import { handleNonResource, type DiscoveryCache } from './non-resource-handler';
import { requestInfo, type RequestInfo } from './request-info';
import { handleResource, notFound } from './resource-handler';
import { trackRequest } from './request-metrics';
import { errorStatus, sendStatus } from './respond';
import { handleReview, isReviewRequest } from './review-handler';
import type { WatchQueueLimits } from './watch-queue';

export interface ApiServerOptions {
  ctx: RestContext;
  identities: Identity[];
  /** Requests without credentials act as system:anonymous (authorization still applies). */
  anonymous: boolean;
  /** Bounds of each watcher's send queue (DEFAULT_WATCH_QUEUE_LIMITS without). */
  watchQueue?: WatchQueueLimits;
  /** Called with unexpected (500) errors. */
  onError?: (err: unknown) => void;
}

function findDefinition(ctx: RestContext, info: RequestInfo): ResourceDefinition | undefined {
  if (!info.isResourceRequest) return undefined;
  for (const def of ctx.definitions.values()) {
    if (def.resource === info.resource && def.group === info.apiGroup && def.version === info.apiVersion) return def;
  }
  return undefined;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function createRequestHandler(options: ApiServerOptions): RequestHandler {
  const { ctx } = options;
  const discovery: DiscoveryCache = { defs: [...ctx.definitions.values()], cache: new Map() };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = safeDecode(url.pathname);
    const info = requestInfo(req.method ?? 'GET', path, url.searchParams);
    const auth = req.headers.authorization;
    const authenticated: User | undefined = authenticate(auth, options.identities, { anonymous: options.anonymous });
    if (!authenticated) {
      sendStatus(req, res, statusError.unauthorized());
      return;
    }
    // kubectl --as / --as-group: the impersonation filter runs before authorization.
    const acting = impersonate(options.identities, authenticated, req.headers);
    if ('status' in acting) {
      sendStatus(req, res, acting.status);
      return;
    }
    const user = acting.user;
    const attrs = requestAttributes(req.method ?? 'GET', req.url ?? '/');
    const decision = authorize(options.identities, user, attrs);
    if (!decision.allowed) {
      sendStatus(req, res, forbiddenStatus(user, attrs));
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && handleNonResource(discovery, path, req, res)) return;
    if (!info.isResourceRequest) throw notFound();
    if (isReviewRequest(info)) {
      await handleReview(options.identities, user, info, req, res);
      return;
    }
    const def = findDefinition(ctx, info);
    if (!def || info.resource === '') throw notFound();
    trackRequest(info, res);
    await handleResource(ctx, def, info, req, res, url.searchParams, options.watchQueue);
  }

  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = errorStatus(err);
      if (!(err instanceof ApiError) && options.onError) options.onError(err);
      if (res.headersSent) {
        res.end();
        return;
      }
      sendStatus(req, res, status);
    });
  };
}
