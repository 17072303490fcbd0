/**
 * The sign-in check proxy.ts runs before every page and API request (token and proxy modes):
 *  - token mode: no open session → pages go to the sign-in page, the API answers a 401 Status (and a
 *    cookie that is expired or does not open is cleared); an open session's idle clock is moved by
 *    re-sealing its cookie now and then;
 *  - proxy mode: no user named by a trusted proxy → pages go to the sign-in page (which says how to get
 *    in and why this request had no user), the API answers a 401 Status; user headers from anyone
 *    else are logged.
 * Route handlers check again (lib/server/identity.ts): this is the early, uniform answer, not the only one.
 * No `server-only` here: proxy.ts imports it.
 */
import { failure } from '../k8s/status';
import type { Status } from '../k8s/types';
import { authConfig, type AuthConfig } from './auth-mode';
import { proxyUser } from './auth-mode-proxy';
import { sameOriginPath } from './redirect-target';
import { clearSessionCookie, isSecureRequest, sessionCookie, sessionState } from './session';

export const SIGNIN_PATH = '/signin';

export type GateResult =
  | { kind: 'pass'; setCookie?: string }
  | { kind: 'signin'; location: string; setCookie?: string }
  | { kind: 'refuse'; status: Status; setCookie?: string };

/** Reachable without a user: the sign-in page and routes, probes, and root-level static files. */
export function openPath(pathname: string): boolean {
  return (
    pathname === SIGNIN_PATH ||
    pathname === '/api/session' ||
    pathname.startsWith('/api/session/') ||
    pathname === '/healthz' ||
    pathname === '/readyz' ||
    pathname === '/metrics' ||
    /^\/[\w.-]+\.(svg|png|ico|txt|webmanifest)$/.test(pathname)
  );
}

/**
 * `next` for the sign-in page: a path of this site only, as the browser parses it
 * (lib/server/redirect-target.ts), and never the sign-in page itself.
 */
export function safeNext(value: string | null | undefined, origin?: string): string | undefined {
  const path = sameOriginPath(value, origin);
  if (!path) return undefined;
  const pathname = path.split(/[?#]/)[0];
  return pathname === SIGNIN_PATH || pathname.startsWith(`${SIGNIN_PATH}/`) ? undefined : path;
}

function tokenGate(request: { url: string; headers: Headers }, isApi: boolean, config: AuthConfig): GateResult {
  const state = sessionState(request.headers, config);
  const secure = isSecureRequest(request.headers, config);
  if (state.kind === 'active') {
    if (!state.refresh) return { kind: 'pass' };
    return { kind: 'pass', setCookie: sessionCookie(state.refresh, { ...state.session, lastSeen: Date.now() }, config, secure) };
  }
  const setCookie = state.kind === 'none' ? undefined : clearSessionCookie(secure);
  const reason = state.kind === 'expired' ? (state.why === 'signed-out' ? 'signed-out' : 'expired') : state.kind === 'invalid' ? 'invalid' : undefined;
  if (isApi) {
    const message = {
      expired: 'the session expired: sign in again',
      'signed-out': 'the session was ended by signing out: sign in again',
      invalid: 'the session is not valid here: sign in again',
      none: 'not signed in',
    }[reason ?? 'none'];
    return { kind: 'refuse', status: failure(401, 'Unauthorized', message), setCookie };
  }
  const url = new URL(request.url);
  const params = new URLSearchParams();
  const next = safeNext(url.pathname + url.search);
  if (next && next !== '/') params.set('next', next);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return { kind: 'signin', location: `${SIGNIN_PATH}${query ? `?${query}` : ''}`, setCookie };
}

/** Why a proxy-mode request has no user: the reason the sign-in page explains. */
export type ProxyRefusal = 'untrusted-proxy' | 'no-user';

function proxyGate(request: { url: string; method: string; headers: Headers }, isApi: boolean, config: AuthConfig): GateResult {
  const found = proxyUser(request.headers, config);
  if (found.kind === 'user') return { kind: 'pass' };
  if (found.kind === 'untrusted') {
    console.warn(`porthole: ignored ${config.userHeader}/${config.groupHeader} from ${found.peer ?? 'a request Porthole\'s front did not stamp'}: not a trusted proxy (${request.method} ${new URL(request.url).pathname.slice(0, 200)})`);
  }
  const reason: ProxyRefusal = found.kind === 'untrusted' ? 'untrusted-proxy' : 'no-user';
  if (!isApi) return { kind: 'signin', location: `${SIGNIN_PATH}?reason=${reason}` };
  return {
    kind: 'refuse',
    status: failure(401, 'Unauthorized', reason === 'untrusted-proxy' ? 'user headers are accepted only from a trusted proxy' : 'no user: Porthole acts only for users its authenticating proxy names'),
  };
}

export function authGate(request: { url: string; method: string; headers: Headers }, isApi: boolean): GateResult {
  const config = authConfig();
  if (config.mode === 'kubeconfig' || openPath(new URL(request.url).pathname)) return { kind: 'pass' };
  return config.mode === 'token' ? tokenGate(request, isApi, config) : proxyGate(request, isApi, config);
}
