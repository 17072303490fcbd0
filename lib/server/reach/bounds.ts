import 'server-only';
import { failure } from '../../k8s/status';
import { positiveInt } from '../env-number';
import { RequestError } from '../errors';


/**
 * The Reach bounds (issue 20): concurrent Try-it runs per identity (PORTHOLE_MAX_TRY_PER_IDENTITY,
 * default 2) and on the whole server (PORTHOLE_MAX_TRY_PER_SERVER, default 8), endpoints tried per
 * run (PORTHOLE_MAX_TRY_ENDPOINTS, default 50), the per-endpoint timeout (PORTHOLE_TRY_TIMEOUT_MS,
 * default 5 s), and local forwards per identity (PORTHOLE_MAX_FORWARDS_PER_IDENTITY, default 5).
 */
export function reachLimits(env: Record<string, string | undefined> = process.env) {
  return {
    tryPerIdentity: positiveInt(env.PORTHOLE_MAX_TRY_PER_IDENTITY, 2),
    tryPerServer: positiveInt(env.PORTHOLE_MAX_TRY_PER_SERVER, 8),
    endpointsPerTry: positiveInt(env.PORTHOLE_MAX_TRY_ENDPOINTS, 50),
    tryTimeoutMs: positiveInt(env.PORTHOLE_TRY_TIMEOUT_MS, 5000),
    forwardsPerIdentity: positiveInt(env.PORTHOLE_MAX_FORWARDS_PER_IDENTITY, 5),
  };
}

/** A 429 Status with the Retry-After a client waits. */
export function tooMany(message: string, retryAfterSeconds: number): RequestError {
  return new RequestError(failure(429, 'TooManyRequests', message, { retryAfterSeconds }));
}

const running = new Map<string, number>();
let runningTotal = 0;

/** Takes a Try-it slot for `identity` (429 past the bounds); the returned function gives it back, once. */
export function claimTrySlot(identity: string): () => void {
  const limits = reachLimits();
  const mine = running.get(identity) ?? 0;
  if (mine >= limits.tryPerIdentity) throw tooMany(`too many Try-it requests at once: at most ${limits.tryPerIdentity} per user; try again when one has finished`, 2);
  if (runningTotal >= limits.tryPerServer) throw tooMany(`too many Try-it requests at once on this Porthole: at most ${limits.tryPerServer}; try again shortly`, 2);
  running.set(identity, mine + 1);
  runningTotal++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    runningTotal--;
    const left = (running.get(identity) ?? 1) - 1;
    if (left > 0) running.set(identity, left);
    else running.delete(identity);
  };
}
