/**
 * The token-mode session cookie: reading it (with idle and absolute expiry), refreshing it on
 * activity, and the Set-Cookie values. The cookie is opaque to the browser (sealed, see
 * session-seal.ts), HttpOnly (no script reads it), SameSite=Strict (no other site makes the browser
 * send it) and Secure when Porthole is reached over https.
 * No `server-only` here: proxy.ts uses it too.
 */
import type { AuthConfig } from './auth-mode';
import { sealForCookie, unseal, type Session } from './session-seal';

export const SESSION_COOKIE = 'porthole-session';

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
  | { kind: 'expired'; why: 'idle' | 'absolute' }
  /** `refresh`: the re-sealed cookie value with lastSeen = now, when it is time to move the idle clock. */
  | { kind: 'active'; session: Session; refresh?: string };

/** How often the idle clock is moved (a Set-Cookie), at most: every minute, or a quarter of the idle time. */
function refreshEveryMs(config: AuthConfig): number {
  return Math.min(60_000, (config.idleSeconds * 1000) / 4);
}

export function sessionState(headers: Headers, config: AuthConfig, now: number = Date.now()): SessionState {
  const sealed = readCookie(headers.get('cookie'), SESSION_COOKIE);
  if (!sealed) return { kind: 'none' };
  const session = unseal(sealed, config.sessionKeys);
  if (!session || session.issuedAt > now + 60_000) return { kind: 'invalid' };
  if (now - session.issuedAt >= config.maxSeconds * 1000) return { kind: 'expired', why: 'absolute' };
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
 * Whether the browser reached Porthole over https: directly, or through a proxy saying so in
 * X-Forwarded-Proto. Trusting that header only ever adds Secure: a client lying about it only stops
 * its own browser from sending the cookie back over http.
 */
export function isSecureRequest(headers: Headers, url: string, config: AuthConfig): boolean {
  if (config.secureCookies) return true;
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https' || new URL(url).protocol === 'https:';
}

function attributes(secure: boolean, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Strict; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}${secure ? '; Secure' : ''}`;
}

/** Set-Cookie for a sealed session; the browser drops it at the absolute expiry. */
export function sessionCookie(sealed: string, session: Session, config: AuthConfig, secure: boolean, now: number = Date.now()): string {
  const left = (session.issuedAt + config.maxSeconds * 1000 - now) / 1000;
  return `${SESSION_COOKIE}=${sealed}; ${attributes(secure, left)}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; ${attributes(secure, 0)}`;
}
