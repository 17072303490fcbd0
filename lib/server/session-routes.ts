import 'server-only';
import { failure } from '../k8s/status';
import type { Status } from '../k8s/types';
import { authConfig } from './auth-mode';
import { safeNext, SIGNIN_PATH } from './auth-mode-gate';
import { API_CACHE_CONTROL, RequestError, statusFromError, statusResponse } from './errors';
import { identityFor } from './identity';
import { authorize, readLimited } from './route';
import { clearSessionCookie, isSecureRequest, sessionAbsoluteEnd, sessionCookie, sessionDeadline, sessionState } from './session';
import { reviewToken } from './session-review';
import { newSessionId, sealForCookie, type Session } from './session-seal';
import { revokeSession } from './session-revocation-store';
import { clientAddress, signInLimiter, SIGNIN_FAILURE_LIMIT } from './signin-rate-limit';

/**
 * The sign-in, sign-out and "who am I" answers of token mode (app/api/session). A browser form
 * (application/x-www-form-urlencoded, works without JavaScript) gets a 303 to the next page or back
 * to the sign-in page with an error code; a JSON client gets JSON or a Status.
 */

/** What the sign-in page says for each `error` / `reason` code (never text from the request). */
export type SignInProblem = 'empty' | 'rejected' | 'unreachable' | 'too-large' | 'failed' | 'off' | 'too-many';

const MAX_FORM_BYTES = 64 * 1024;

export interface SessionInfo {
  auth: 'kubeconfig' | 'token' | 'proxy';
  user?: string;
  groups?: string[];
  /** Token mode: when the session ends without activity (ms since the epoch). */
  expiresAt?: number;
}

function isForm(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

function json(body: unknown, status = 200, setCookie?: string): Response {
  const headers = new Headers({ 'Cache-Control': API_CACHE_CONTROL });
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return Response.json(body, { status, headers });
}

function seeOther(location: string, setCookie?: string): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return new Response(null, { status: 303, headers });
}

function signInPage(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const text = q.toString();
  return `${SIGNIN_PATH}${text ? `?${text}` : ''}`;
}

async function readSignIn(request: Request): Promise<{ token: string; next?: string }> {
  const text = (await readLimited(request, MAX_FORM_BYTES)).toString('utf8');
  if (isForm(request)) {
    const form = new URLSearchParams(text);
    return { token: (form.get('token') ?? '').trim(), next: safeNext(form.get('next')) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RequestError(failure(400, 'BadRequest', 'send {"token": "..."} as JSON or a form'));
  }
  const token = typeof parsed === 'object' && parsed !== null ? (parsed as { token?: unknown }).token : undefined;
  return { token: typeof token === 'string' ? token.trim() : '' };
}

function problemOf(status: Status): SignInProblem {
  if (status.code === 401) return 'rejected';
  if (status.code === 503) return 'unreachable';
  return 'failed';
}

/** POST /api/session — sign in with a bearer token. */
export async function signIn(request: Request): Promise<Response> {
  const form = isForm(request);
  let next: string | undefined;
  const fail = (problem: SignInProblem, status: Status, headers?: HeadersInit): Response =>
    form ? seeOther(signInPage({ error: problem, next })) : statusResponse(status, headers);
  try {
    authorize(request);
    const config = authConfig();
    if (config.mode !== 'token') return fail('off', failure(404, 'NotFound', 'sign-in with a token is off: Porthole was not started with --auth token'));
    const input = await readSignIn(request);
    next = input.next;
    // Too many refused sign-ins from this address: refused before the API server is asked.
    const client = clientAddress(request.headers, config);
    const wait = signInLimiter.retryAfter(client);
    if (wait !== undefined) {
      const message = `too many refused sign-ins from this address (${SIGNIN_FAILURE_LIMIT} a minute): try again in ${wait} s`;
      return fail('too-many', failure(429, 'TooManyRequests', message, { retryAfterSeconds: wait }), { 'Retry-After': String(wait) });
    }
    if (!/^[\x21-\x7e]+$/.test(input.token)) return fail('empty', failure(400, 'BadRequest', 'enter a bearer token (printable characters, no spaces)'));
    const review = await reviewToken(input.token, request.signal);
    if (!review.ok) {
      if (review.status.code === 401) signInLimiter.recordFailure(client);
      if ((review.status.code ?? 500) >= 500) console.error(`[porthole] sign-in check failed: ${review.status.message}`);
      return fail(problemOf(review.status), review.status.code === 401 ? failure(401, 'Unauthorized', 'the API server does not accept this token') : review.status);
    }
    const now = Date.now();
    const session: Session = { sid: newSessionId(), token: input.token, user: review.user, groups: review.groups, issuedAt: now, lastSeen: now };
    const sealed = sealForCookie(session, config.sessionKeys[0]);
    if (!sealed) return fail('too-large', failure(400, 'BadRequest', 'this token is too long to keep in a browser cookie'));
    const cookie = sessionCookie(sealed, session, config, isSecureRequest(request.headers, config), now);
    console.log(`[porthole] signed in: ${review.user}`);
    if (form) return seeOther(next ?? '/', cookie);
    return json({ auth: 'token', user: review.user, groups: review.groups, expiresAt: sessionDeadline(session, config) } satisfies SessionInfo, 200, cookie);
  } catch (err) {
    return fail('failed', statusFromError(err));
  }
}

/**
 * POST /api/session/sign-out — end the session: its id is revoked on every replica until the
 * session's absolute expiry (lib/server/session-revocation-store.ts), so the cookie is refused even
 * if it is sent again; the browser drops it.
 */
export async function signOut(request: Request): Promise<Response> {
  try {
    authorize(request);
  } catch (err) {
    return statusResponse(statusFromError(err));
  }
  const config = authConfig();
  const state = config.mode === 'token' ? sessionState(request.headers, config) : undefined;
  if (state?.kind === 'active') {
    await revokeSession(state.session.sid, sessionAbsoluteEnd(state.session, config));
    console.log(`[porthole] signed out: ${state.session.user}`);
  }
  const cookie = clearSessionCookie(isSecureRequest(request.headers, config));
  return isForm(request) ? seeOther(signInPage({ reason: 'signed-out' }), cookie) : json({ signedOut: true }, 200, cookie);
}

/**
 * GET /api/session — who this browser is signed in as. Token mode asks the API server again (a
 * SelfSubjectReview with the token, without moving the idle clock): a token the server no longer
 * accepts ends the session here.
 */
export async function currentSession(request: Request): Promise<Response> {
  try {
    authorize(request);
    const config = authConfig();
    if (config.mode === 'kubeconfig') return json({ auth: 'kubeconfig' } satisfies SessionInfo);
    const identity = identityFor(request.headers);
    if (identity.session) {
      const review = await reviewToken(identity.session.token, request.signal);
      if (!review.ok && review.status.code === 401) {
        return statusResponse(failure(401, 'Unauthorized', 'the API server no longer accepts this token: sign in again'), {
          'Set-Cookie': clearSessionCookie(isSecureRequest(request.headers, config)),
        });
      }
    }
    const info: SessionInfo = {
      auth: identity.auth,
      user: identity.user?.name,
      groups: identity.user?.groups,
      expiresAt: identity.session ? sessionDeadline(identity.session, config) : undefined,
    };
    return json(info);
  } catch (err) {
    return statusResponse(statusFromError(err));
  }
}
