/**
 * What the first-HTML browser tests look at: a page's HTML as the browser context gets it, and what the
 * page does from its first byte on (hydration warnings, layout shifts, the API requests it makes).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { base } from './service-actions-helpers';

/** The page's HTML as the browser context (its identity cookie) gets it, with React's text separators removed. */
export async function pageHtml(page: Page, path: string): Promise<string> {
  const res = await page.request.get(base() + path);
  expect(res.status()).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, '');
}

/** Watches the page for hydration warnings, layout shifts and row requests from the first byte on. */
export async function watch(page: Page): Promise<{ hydration: string[]; rowRequests: string[]; requests: string[]; cls: () => Promise<number> }> {
  const hydration: string[] = [];
  const rowRequests: string[] = [];
  /** Every /api request: method and path. */
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|#418|#423|#425|did not match/i.test(m.text())) hydration.push(m.text());
  });
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/service-rows') rowRequests.push(r.url());
    if (path.startsWith('/api/')) requests.push(`${r.method()} ${path}`);
  });
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    const describe = (node: Node | null | undefined): string => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const id = node.getAttribute('data-testid') ?? node.getAttribute('aria-label') ?? node.className.toString().split(' ')[0];
      return `${node.tagName.toLowerCase()}${id ? `[${id}]` : ''}`;
    };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        w.__cls += e.value;
        const moved = (e.sources ?? []).map((s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`).join('; ');
        w.__shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${moved}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    hydration,
    rowRequests,
    requests,
    cls: async () => {
      const { cls, shifts } = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __shifts: string[] };
        return { cls: w.__cls, shifts: w.__shifts };
      });
      // The shifts and what moved, in the test's output when a CLS assertion fails.
      if (cls >= 0.02) console.log(`layout shifts (CLS ${cls.toFixed(4)}):\n  ${shifts.join('\n  ')}`);
      return cls;
    },
  };
}

/**
 * Holds back the page's scripts (those whose body `matches`) until `release()`: the page as a slow
 * link or a slow phone shows it before they run. `held()` says how many were held.
 *
 * Once released, scripts go to the network untouched (no route.fetch): a chunk the page asks for
 * late (Monaco's, while the test is ending) must not be read through a response that the closing
 * page has disposed ("apiResponse.text: Response has been disposed", seen once in CI). A spec that
 * holds scripts calls `unholdScripts` after each test, before its page closes.
 */
export async function holdScripts(page: Page, matches: (body: string) => boolean = () => true): Promise<{ release(): void; held(): number }> {
  let released = false;
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  const pattern = '**/_next/static/chunks/*.js';
  await page.route(pattern, async (route) => {
    if (released) return route.continue();
    const response = await route.fetch();
    const body = await response.text();
    if (matches(body)) {
      held++;
      await gate;
    }
    await route.fulfill({ response, body });
  });
  return {
    release: () => {
      released = true;
      open();
    },
    held: () => held,
  };
}

/** Removes every route of the page, ignoring handlers that are still running (the page is about to close). */
export async function unholdScripts(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}
