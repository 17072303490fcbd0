/**
 * The one place that decides where Porthole may send a browser (every redirect it issues, `next`
 * after sign-in included): a path of Porthole's own origin, as the browser itself will read it.
 *
 * A string check is not enough: browsers drop TAB, CR and LF anywhere in a URL and read `\` as `/`,
 * so `/<TAB>/evil.host` or `/\evil.host` become `//evil.host` (another site). So the value is
 * resolved with the WHATWG URL parser (the browser's own) against the origin, accepted only when the
 * result has that same origin, and the answer is rebuilt from the parsed URL (path, query and
 * fragment), never the raw string. A parsed path starting with `//` (e.g. from `/.//evil.host`) is
 * refused too: as a Location it would again name another host.
 * No `server-only` here: proxy.ts and unit tests use it too.
 */

/** Stands for "this server" when the caller has no request origin at hand (any origin gives the same answer for paths). */
const SELF = 'http://porthole.invalid';
const MAX_LENGTH = 2000;

/** `value` as a path (+ query + fragment) on `origin`, or undefined when it would leave that origin. */
export function sameOriginPath(value: string | null | undefined, origin: string = SELF): string | undefined {
  if (!value || value.length > MAX_LENGTH) return undefined;
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return undefined;
  }
  if (target.origin !== base.origin || target.username || target.password) return undefined;
  if (!target.pathname.startsWith('/') || target.pathname.startsWith('//')) return undefined;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** A redirect target for server pages: `path` when it stays on this origin, else `/`. */
export function redirectTarget(path: string): string {
  return sameOriginPath(path) ?? '/';
}
