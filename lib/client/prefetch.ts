/**
 * Early list fetches: a page may start fetching its main list from an inline script while the
 * JavaScript bundle still loads (`prefetchScript`), and the hook that needs the list then takes the
 * response instead of asking again (`takePrefetched`). Saves the bundle's load + hydration time on the
 * way to the first rows.
 */
const GLOBAL = '__portholePrefetch';

/**
 * Inline script text that starts GET `url` (the URL must be one of Porthole's own): at once, or
 * `after-load` — once the page's scripts and images are in (the load event), for a page whose HTML
 * already shows what the first screen needs (the list's first rows): the rest of the list then does
 * not compete with them for the link. Either way the hook finds the request at once.
 */
export function prefetchScript(url: string, accept = 'application/json', when: 'now' | 'after-load' = 'now'): string {
  if (!url.startsWith('/api/')) throw new Error('prefetch only Porthole API URLs');
  const u = JSON.stringify(url);
  const get = `function(){return fetch(${u},{headers:{Accept:${JSON.stringify(accept)}},cache:'no-store'})}`;
  const start = when === 'now' ? 'g()' : "new Promise(function(r){document.readyState==='complete'?r(g()):addEventListener('load',function(){r(g())},{once:true})})";
  return `(function(){try{var g=${get},m=window.${GLOBAL}=window.${GLOBAL}||{};m[${u}]={t:Date.now(),p:${start}}}catch(e){}})()`;
}

const MAX_AGE_MS = 15_000;

/** The prefetched response for `url`, once, if started in the last few seconds (else undefined). */
export function takePrefetched(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const map = (window as unknown as Record<string, Record<string, { t: number; p: Promise<Response> }> | undefined>)[GLOBAL];
  const entry = map?.[url];
  if (!entry || !map) return undefined;
  delete map[url];
  return Date.now() - entry.t < MAX_AGE_MS ? entry.p : undefined;
}
