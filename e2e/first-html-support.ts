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
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { hydration, rowRequests, requests, cls: () => page.evaluate(() => (window as unknown as { __cls: number }).__cls) };
}
