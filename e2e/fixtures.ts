/**
 * The `test` of every browser spec: Playwright's, with one automatic check — a test fails on any
 * uncaught error in a page it opened (an exception or unhandled rejection the page itself did not
 * catch), listed with its message, so no journey passes while the app throws. It watches the test's
 * own browser context and every context the test opens with `browser.newContext()`.
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';

export const test = base.extend<{ noUncaughtPageErrors: void }>({
  noUncaughtPageErrors: [
    async ({ context, browser }, run) => {
      const errors: string[] = [];
      const watch = (c: BrowserContext): BrowserContext =>
        c.on('weberror', (e) => errors.push(`${e.page()?.url() ?? 'a page'}: ${e.error().stack ?? e.error().message}`));
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => watch(await newContext(...args));
      try {
        await run();
      } finally {
        browser.newContext = newContext;
      }
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
