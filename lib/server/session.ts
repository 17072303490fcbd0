/**
 * The token-mode session cookie: reading it (with idle and absolute expiry), refreshing it on
 * activity, and the Set-Cookie values. The cookie is opaque to the browser (sealed, see
 * session-seal.ts), HttpOnly (no script reads it), SameSite=Strict (no other site makes the browser
 * send it), and Secure and named `__Host-porthole-session` when Porthole is reached over https.
 * No `server-only` here: proxy.ts uses it too.
 */
import type { AuthConfig } from './auth-mode';
import { fromTrustedProxy } from './auth-mode-proxy';
import { isRevoked } from './session-revocation';
import { sealForCookie, unseal, type Session } from './session-seal';

export const SESSION_COOKIE = 'porthole-session';
export const SECURE_SESSION_COOKIE = '__Host-porthole-session';

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export type SessionState =
  | { kind: 'none' }
  /** A cookie that does not open (forged, damaged, sealed with a key this replica does not hold). */
  | { kind: 'invalid' }
  /** `signed-out`: the session was ended by sign-out (on any replica) before its expiry. */
  | { kind: 'expired'; why: 'idle' | 'absolute' | 'signed-out' }
  /** `refresh`: the re-sealed cookie value with lastSeen = now, when it is time to move the idle clock. */
  | { kind: 'active'; session: Session; refresh?: string };

/** How often the idle clock is moved (a Set-Cookie), at most: every minute, or a quarter of the idle time. */
function refreshEveryMs(config: AuthConfig): number {
  return Math.min(60_000, (config.idleSeconds * 1000) / 4);
}

export function sessionState(headers: Headers, config: AuthConfig, now: number = Date.now()): SessionState {
  const sealed = readCookie(headers.get('cookie'), sessionCookieName(isSecureRequest(headers, config)));
  if (!sealed) return { kind: 'none' };
  const session = unseal(sealed, config.sessionKeys);
  if (!session || session.issuedAt > now + 60_000) return { kind: 'invalid' };
  if (now - session.issuedAt >= config.maxSeconds * 1000) return { kind: 'expired', why: 'absolute' };
  if (isRevoked(session.sid, now)) return { kind: 'expired', why: 'signed-out' };
  if (now - session.lastSeen >= config.idleSeconds * 1000) return { kind: 'expired', why: 'idle' };
  if (now - session.lastSeen < refreshEveryMs(config)) return { kind: 'active', session };
  return { kind: 'active', session, refresh: sealForCookie({ ...session, lastSeen: now }, config.sessionKeys[0]) };
}

/** When the session ends however much it is used (ms since the epoch). */
export function sessionAbsoluteEnd(session: Session, config: AuthConfig): number {
  return session.issuedAt + config.maxSeconds * 1000;
}

/** When the session ends at the latest, if nobody uses it (ms since the epoch). */
export function sessionDeadline(session: Session, config: AuthConfig): number {
  return Math.min(sessionAbsoluteEnd(session, config), session.lastSeen + config.idleSeconds * 1000);
}

/**
 * Whether the browser reached Porthole over https: `--secure-cookies`, or X-Forwarded-Proto: https
 * from a configured trusted proxy (`--trusted-proxies`; from anyone else the header is ignored).
 * Decides the Secure attribute and the `__Host-` cookie name. Not the request URL's scheme: Porthole's
 * server speaks plain http, and Next builds that scheme from X-Forwarded-Proto, whoever sent it.
 */
export function isSecureRequest(headers: Headers, config: AuthConfig): boolean {
  if (config.secureCookies) return true;
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https' && fromTrustedProxy(headers, config);
}

/**
 * The cookie's name. Over https it is `__Host-porthole-session`: the browser keeps such a cookie only
 * when it was set Secure, with Path=/ and no Domain, by this very origin — so a page on another port
 * or a sibling subdomain cannot toss in its own session (a plain `porthole-session` it set is never
 * read over https). Plain http (loopback use) keeps the plain name.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function attributes(secure: boolean, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Strict; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}${secure ? '; Secure' : ''}`;
}

/** Set-Cookie for a sealed session; the browser drops it at the absolute expiry. */
export function sessionCookie(sealed: string, session: Session, config: AuthConfig, secure: boolean, now: number = Date.now()): string {
  const left = (session.issuedAt + config.maxSeconds * 1000 - now) / 1000;
  return `${sessionCookieName(secure)}=${sealed}; ${attributes(secure, left)}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${sessionCookieName(secure)}=; ${attributes(secure, 0)}`;
}
