import 'server-only';

/** Full-jitter exponential backoff: a random delay in [base/2, min(cap, base·2^attempt)]. */
export function backoffDelay(attempt: number, baseMs = 500, capMs = 15_000, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(baseMs / 2 + random() * (ceiling - baseMs / 2));
}

/** Resolves after `ms`, or early (without rejecting) when `signal` (if any) aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
