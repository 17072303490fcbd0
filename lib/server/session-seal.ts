/**
 * A token-mode session sealed into its cookie with AES-256-GCM: the bearer token, who it belongs to,
 * when it was issued and when it was last used. Nothing is stored on the server, so any replica
 * holding the same key (a Kubernetes Secret shared by the Deployment) opens it: no sticky sessions.
 * GCM authenticates as well as encrypts: a cookie changed by one bit, or sealed with another key,
 * does not open. No `server-only` here: proxy.ts and unit tests use it too.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface Session {
  /** This session's id (random, from sign-in): what sign-out revokes (lib/server/session-revocation.ts). */
  sid: string;
  /** The user's bearer token (ServiceAccount or OIDC ID token). Never leaves the server in clear. */
  token: string;
  /** The user name from the SelfSubjectReview at sign-in. */
  user: string;
  groups: string[];
  /** Sign-in time, ms since the epoch (absolute expiry counts from here). */
  issuedAt: number;
  /** Last request, ms since the epoch (idle expiry counts from here). */
  lastSeen: number;
}

/** 2: with the session id (version-1 cookies, without one, no longer open: their users sign in again). */
const VERSION = 2;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bound to the purpose: a value sealed for something else with the same key does not open here. */
const AAD = Buffer.from('porthole-session-v1');
/** Browsers keep cookies up to 4096 bytes including the name and attributes. */
export const MAX_SEALED_LENGTH = 3800;

interface Wire {
  v: number;
  d: string;
  t: string;
  u: string;
  g: string[];
  i: number;
  s: number;
}

export function seal(session: Session, key: Buffer): string {
  const wire: Wire = { v: VERSION, d: session.sid, t: session.token, u: session.user, g: session.groups, i: session.issuedAt, s: session.lastSeen };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(JSON.stringify(wire), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The session in `sealed`, or undefined when it does not open with any of `keys` (forged, another key, garbage). */
export function unseal(sealed: string, keys: readonly Buffer[]): Session | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(sealed)) return undefined;
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES + 2) return undefined;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(AAD);
      decipher.setAuthTag(tag);
      const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      return fromWire(JSON.parse(text) as unknown);
    } catch {
      // not this key
    }
  }
  return undefined;
}

function fromWire(value: unknown): Session | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const w = value as Partial<Wire>;
  if (w.v !== VERSION || typeof w.d !== 'string' || !w.d || typeof w.t !== 'string' || !w.t || typeof w.u !== 'string' || typeof w.i !== 'number' || typeof w.s !== 'number') return undefined;
  const groups = Array.isArray(w.g) ? w.g.filter((g): g is string => typeof g === 'string') : [];
  return { sid: w.d, token: w.t, user: w.u, groups, issuedAt: w.i, lastSeen: w.s };
}

/** A new session id: 128 random bits. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Seals a session small enough for a cookie: when the groups make it too large they are left out
 * (they are only shown); undefined when even the token alone does not fit.
 */
export function sealForCookie(session: Session, key: Buffer): string | undefined {
  const full = seal(session, key);
  if (full.length <= MAX_SEALED_LENGTH) return full;
  const lean = seal({ ...session, groups: [] }, key);
  return lean.length <= MAX_SEALED_LENGTH ? lean : undefined;
}
