/**
 * Token mode's sign-in rate limit: at most SIGNIN_FAILURE_LIMIT refused sign-ins per client address
 * within a sliding minute; past it, every sign-in from that address gets a 429 Status with
 * Retry-After until the oldest failure leaves the window. A signed-in user's token is never counted.
 *
 * The client address is the socket's (lib/server/auth-mode-proxy.ts stamps it on every request),
 * or, when that is a configured trusted proxy (`--trusted-proxies`), the last X-Forwarded-For entry:
 * the address that proxy saw. X-Forwarded-For from anyone else is ignored: a client rotating it would
 * otherwise escape the limit, or name someone else's address to lock them out. Counters are per
 * process: each replica counts its own.
 */

import type { AuthConfig } from './auth-mode';
import { fromTrustedProxy, normalizeAddress, requestPeer } from './auth-mode-proxy';

export const SIGNIN_FAILURE_LIMIT = 10;
export const SIGNIN_WINDOW_MS = 60_000;
/** Addresses tracked at once (memory bound); the oldest are forgotten first. */
const MAX_ADDRESSES = 10_000;

/** The client address a sign-in is counted against. */
export function clientAddress(headers: Headers, config: AuthConfig): string {
  const peer = requestPeer(headers) ?? 'unknown';
  const forwarded = fromTrustedProxy(headers, config) ? (headers.get('x-forwarded-for') ?? '').split(',').map((a) => a.trim()).filter(Boolean).at(-1) : undefined;
  return normalizeAddress(forwarded ?? peer).slice(0, 100);
}

export class FailureLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    readonly limit = SIGNIN_FAILURE_LIMIT,
    readonly windowMs = SIGNIN_WINDOW_MS,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds until `key` may try again, or undefined when it may now. */
  retryAfter(key: string, now = Date.now()): number | undefined {
    const kept = this.recent(key, now);
    if (kept.length < this.limit) return undefined;
    return Math.max(1, Math.ceil((kept[kept.length - this.limit] + this.windowMs - now) / 1000));
  }

  recordFailure(key: string, now = Date.now()): void {
    const kept = this.recent(key, now);
    kept.push(now);
    this.failures.delete(key); // re-insert: Map order = least recently failed first
    this.failures.set(key, kept.slice(-this.limit));
    if (this.failures.size > MAX_ADDRESSES) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }
}

/** The process's sign-in limiter. */
export const signInLimiter = new FailureLimiter();
