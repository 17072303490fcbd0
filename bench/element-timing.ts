import type { Page } from '@playwright/test';

/**
 * When the element marked `elementtiming="<identifier>"` was painted (Element Timing's renderTime, ms
 * from navigation start), read after the fact from the buffered entries; NaN when none came within
 * `waitMs`.
 */
export function elementPaintTime(page: Page, identifier: string, waitMs = 2000): Promise<number> {
  return page.evaluate(
    ({ identifier, waitMs }) =>
      new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(Number.NaN), waitMs);
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number })[]) {
            if (e.identifier === identifier) {
              clearTimeout(timer);
              resolve(e.renderTime || e.startTime);
            }
          }
        }).observe({ type: 'element', buffered: true });
      }),
    { identifier, waitMs },
  );
}
