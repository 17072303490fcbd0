/**
 * Sessions ended by sign-out before their expiry: session id → when it would have ended anyway
 * (its absolute expiry, ms since the epoch). A sealed cookie stays valid cryptographically until then,
 * so every replica must refuse a revoked id: this process's list is filled by its own sign-outs and
 * by the shared list every replica keeps on the cluster (lib/server/session-revocation-store.ts).
 * Entries leave at that expiry, so the list holds at most the sessions signed out within the
 * absolute expiry time.
 * Kept on globalThis: proxy.ts, the route handlers and instrumentation.ts are separate bundles in one
 * process, and must share it. No `server-only` here: proxy.ts uses it.
 */

type Revoked = Map<string, number>;

function revoked(): Revoked {
  const holder = globalThis as { __portholeRevokedSessions?: Revoked };
  holder.__portholeRevokedSessions ??= new Map();
  return holder.__portholeRevokedSessions;
}

export function isRevoked(sid: string, now: number = Date.now()): boolean {
  const until = revoked().get(sid);
  return until !== undefined && until > now;
}

/** Records a revocation (this replica's sign-out, or one read from the shared list). */
export function noteRevoked(sid: string, until: number): void {
  revoked().set(sid, until);
}

/** Merges the shared list in (entries are only ever added until they expire), and drops expired entries. */
export function mergeRevoked(entries: Iterable<[string, number]>, now: number = Date.now()): void {
  const list = revoked();
  for (const [sid, until] of entries) if (until > now) list.set(sid, until);
  for (const [sid, until] of list) if (until <= now) list.delete(sid);
}

/** Session ids whose revocation has expired in `entries` (to prune from the shared list). */
export function expiredIds(entries: Iterable<[string, number]>, now: number = Date.now()): string[] {
  return [...entries].filter(([, until]) => until <= now).map(([sid]) => sid);
}
