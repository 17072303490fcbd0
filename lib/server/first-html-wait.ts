import 'server-only';

/**
 * How long a page's server render waits for the cluster before it leaves the data to the browser: a
 * slow or silent API server must not hold up the page's HTML (the browser then loads and retries as
 * it always did).
 */
export const FIRST_HTML_WAIT_MS = 1500;

/**
 * How long a page's shell waits for that data before it streams without it (app/services/
 * in-shell-or-streamed.tsx): data that comes sooner is painted with the shell. Streamed data is
 * revealed no sooner than 300 ms after the shell's paint (React batches reveals), so a wait below that
 * never paints the data later; it delays the shell (and the start of script loading) only when the
 * cluster is slow.
 */
export const SHELL_WAIT_MS = 200;

/**
 * `work` given a signal that aborts after FIRST_HTML_WAIT_MS or with the page's request; its result,
 * or undefined when it failed or did not answer in time (the work is aborted then).
 */
export async function withinFirstHtmlWait<T>(work: (signal: AbortSignal) => Promise<T | undefined>, requestSignal?: AbortSignal): Promise<T | undefined> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), FIRST_HTML_WAIT_MS);
  const signal = requestSignal ? AbortSignal.any([requestSignal, stop.signal]) : stop.signal;
  try {
    const aborted = new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined), { once: true }));
    const working = work(signal);
    working.catch(() => undefined);
    return await Promise.race([working, aborted]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
