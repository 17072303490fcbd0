/** Limits shared by the API pipeline (lib/server/route.ts) and next.config.ts. */
import { positiveInt } from './env-number';

/** The largest request body an API route reads (the API server's own limit is 3 MiB). */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

/**
 * How much of a body Next buffers for proxy.ts (it clones bodies for the proxy; beyond this it keeps
 * only a prefix and discards the rest). One MiB above MAX_BODY_BYTES: a body cut at this size still
 * exceeds the API limit by more than any socket chunk, so it is refused with 413, never truncated.
 */
export const PROXY_BODY_BUFFER_BYTES = MAX_BODY_BYTES + 1024 * 1024;


/**
 * How many upstream watches (shared informers, lib/server/watch-hub.ts) one identity, and all
 * identities together on one API server, may hold open: PORTHOLE_MAX_WATCHES_PER_IDENTITY (default
 * 200) and PORTHOLE_MAX_WATCHES_PER_SERVER (default 500; the embedded cluster accepts 1,000
 * connections). A tab needs 2–6 and tabs of one identity share them (in kubeconfig mode and in a
 * Pod every user is one identity: 200 is some 50 people on different Service pages), so normal use
 * never meets either; past them `/api/watch` answers 429. `--max-watches-per-identity`, `--max-watches-per-server`.
 */
export function maxWatches(env: Record<string, string | undefined> = process.env): { perIdentity: number; perServer: number } {
  return {
    perIdentity: positiveInt(env.PORTHOLE_MAX_WATCHES_PER_IDENTITY, 200),
    perServer: positiveInt(env.PORTHOLE_MAX_WATCHES_PER_SERVER, 500),
  };
}
