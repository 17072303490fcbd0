import 'server-only';
import { failure, readStatus, statusError } from '../k8s/status';
import type { Status, StatusReason } from '../k8s/types';
import { IdentityError } from './identity';
import { clusterConfig, UnknownClusterError } from './kubeconfig';
import { fileErrorText, withoutPaths } from './safe-message';
import { UpstreamUnreachableError } from './upstream';

/**
 * Maps anything that can go wrong while serving a request to the Kubernetes `Status` the browser
 * gets. A Status from the API server passes through untouched (code, reason, message, details.causes).
 */

/** A request Porthole refuses before talking to the API server. */
export class RequestError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
    this.name = 'RequestError';
  }
}

export const NOT_FOUND_MESSAGE = 'the server could not find the requested resource';

export function notFoundStatus(): Status {
  return failure(404, 'NotFound', NOT_FOUND_MESSAGE, { causes: [{ reason: 'UnexpectedServerResponse', message: '404 page not found' }] });
}

const REASON_BY_CODE: Record<number, StatusReason> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Expired',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

/** The Status for an upstream error response: its own body if it is a Status, else one built from the code. */
export function statusFromUpstream(code: number, bodyText: string): Status {
  const status = readStatus(bodyText);
  if (status) return status.code ? status : { ...status, code };
  const text = bodyText.trim().slice(0, 500);
  return failure(code, REASON_BY_CODE[code] ?? 'InternalError', text || `the server responded with status ${code}`);
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'UND_ERR_SOCKET']);

/** node-fetch's FetchError (client-node's Watch) and raw socket errors. */
function isNetworkError(err: unknown): err is Error & { code?: string; errno?: string } {
  if (!(err instanceof Error)) return false;
  const e = err as Error & { code?: unknown; errno?: unknown; type?: unknown };
  return NETWORK_CODES.has(String(e.code ?? '')) || NETWORK_CODES.has(String(e.errno ?? '')) || (e.name === 'FetchError' && e.type === 'system');
}

function networkReason(err: Error & { code?: string; errno?: string }): string {
  const code = err.code ?? err.errno;
  const m = /reason: (.*)$/.exec(err.message);
  return m ? m[1] : code ? `${code}` : err.message;
}

function currentCluster(): ReturnType<typeof clusterConfig> | undefined {
  try {
    return clusterConfig();
  } catch {
    return undefined;
  }
}

function isApiException(err: unknown): err is { code: number; body: unknown } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'number' && 'body' in err;
}

/** Any thrown value → Status. Handles client-node's ApiException (`.code` + `.body` JSON string). */
export function statusFromError(err: unknown): Status {
  if (err instanceof RequestError) return err.status;
  if (err instanceof UnknownClusterError) return failure(404, 'NotFound', err.message);
  if (err instanceof UpstreamUnreachableError) {
    return failure(503, 'ServiceUnavailable', err.message, { retryAfterSeconds: 1 });
  }
  const fileProblem = fileErrorText(err, currentCluster()?.kubeConfig);
  if (fileProblem) return failure(503, 'ServiceUnavailable', fileProblem, { retryAfterSeconds: 1 });
  if (isNetworkError(err)) {
    const server = currentCluster()?.server;
    return failure(503, 'ServiceUnavailable', `the Kubernetes API server${server ? ` at ${server}` : ''} is unreachable: ${withoutPaths(networkReason(err))}`, {
      retryAfterSeconds: 1,
    });
  }
  if (err instanceof IdentityError) return failure(401, 'Unauthorized', err.message);
  if (isApiException(err)) {
    const body = typeof err.body === 'string' ? err.body : JSON.stringify(err.body ?? '');
    return statusFromUpstream(err.code, body);
  }
  if (err instanceof SyntaxError) return statusError.internal(`the API server sent malformed JSON: ${err.message}`);
  const message = err instanceof Error ? err.message : String(err);
  return statusError.internal(withoutPaths(message));
}

/** API answers are never cached, and not compressed unless compress-json.ts lets them be (no-transform: see next.config.ts). */
export const API_CACHE_CONTROL = 'no-store, no-transform';

export function statusResponse(status: Status, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('Content-Type', 'application/json');
  h.set('Cache-Control', API_CACHE_CONTROL);
  h.set('X-Content-Type-Options', 'nosniff');
  // A throttled answer says when to come back in the header too (what HTTP clients read).
  const after = status.details?.retryAfterSeconds;
  if ((status.code === 429 || status.code === 503) && after !== undefined && !h.has('Retry-After')) h.set('Retry-After', String(after));
  return new Response(JSON.stringify(status), { status: status.code ?? 500, headers: h });
}
