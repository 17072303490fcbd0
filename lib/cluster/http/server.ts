/**
 * The embedded cluster's HTTP server: node:http on loopback, authentication and authorization on
 * every request, then discovery, access reviews or the resource verbs.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Status } from '../../k8s/types/meta';
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
import { isPortForward, servePortForward, type PortForwardBackend } from './portforward';

export interface ApiServerOptions {
  ctx: RestContext;
  identities: Identity[];
  /** Requests without credentials act as system:anonymous (authorization still applies). */
  anonymous: boolean;
  /** Bounds of each watcher's send queue (DEFAULT_WATCH_QUEUE_LIMITS without). */
  watchQueue?: WatchQueueLimits;
  /** The simulated pods' processes `pods/portforward` reaches (upgrades are answered 400 without). */
  portForward?: PortForwardBackend;
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

/**
 * Authentication, impersonation (kubectl --as) and authorization of a request, as the real server's
 * filters run them before any handler: the user, or the Status to send.
 */
function admit(options: ApiServerOptions, req: IncomingMessage): { user: User } | { status: Status } {
  const authenticated: User | undefined = authenticate(req.headers.authorization, options.identities, { anonymous: options.anonymous });
  if (!authenticated) return { status: statusError.unauthorized() };
  const acting = impersonate(options.identities, authenticated, req.headers);
  if ('status' in acting) return { status: acting.status };
  const attrs = requestAttributes(req.method ?? 'GET', req.url ?? '/');
  if (!authorize(options.identities, acting.user, attrs).allowed) return { status: forbiddenStatus(acting.user, attrs) };
  return { user: acting.user };
}

export function createRequestHandler(options: ApiServerOptions): RequestHandler {
  const { ctx } = options;
  const discovery: DiscoveryCache = { defs: [...ctx.definitions.values()], cache: new Map() };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = safeDecode(url.pathname);
    const info = requestInfo(req.method ?? 'GET', path, url.searchParams);
    const admitted = admit(options, req);
    if ('status' in admitted) {
      sendStatus(req, res, admitted.status);
      return;
    }
    const { user } = admitted;
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

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Requests with `Connection: Upgrade`: `pods/portforward` (see portforward.ts) after the same
 * authentication and authorization as every other request (a WebSocket GET is verb `get` on v1.32, SPDY's
 * POST `create`); any other path is answered by `handler` as a plain request would be.
 */
export function createUpgradeHandler(options: ApiServerOptions, handler: RequestHandler): UpgradeHandler {
  /** An HTTP response on the upgrade's socket (which node:http has handed over), closed once sent. */
  const respond = (req: IncomingMessage, socket: Duplex): ServerResponse => {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    res.once('finish', () => socket.end());
    return res;
  };
  return (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const info = requestInfo(req.method ?? 'GET', safeDecode(url.pathname), url.searchParams);
    if (!isPortForward(info)) {
      handler(req, respond(req, socket));
      return;
    }
    const admitted = admit(options, req);
    let status = 'status' in admitted ? admitted.status : undefined;
    try {
      if (!status && !options.portForward) status = statusError.badRequest('port-forward is not served by this cluster');
      if (!status && options.portForward) status = servePortForward(options.portForward, info, req, socket, head, url.searchParams);
    } catch (err) {
      if (options.onError) options.onError(err);
      status = errorStatus(err);
    }
    if (status) sendStatus(req, respond(req, socket), status);
  };
}
