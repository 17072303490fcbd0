/**
 * YAML editor benchmarks (issue 8), in real Chromium against `next start` and the embedded cluster:
 * - list page JS: bytes of JavaScript transferred for a cold load of /services (must stay within 5 %
 *   of the figure measured on the build before the editor existed);
 * - editor route first load to editable (cold: a new browser context, no cache);
 * - keystroke → Service-rule markers p95 on a 200-line document.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { startTestCluster, type TestCluster } from '../test/support/start-cluster';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import { result, type BenchResult } from './stats';

/**
 * JS transferred by a cold /services load on main at b90530a (before the YAML editor), measured with (604.2 KiB)
 * `listPageJsBytes` below on a fresh `next build` (sum of encoded body sizes of script responses).
 */
export const LIST_PAGE_JS_BASELINE_BYTES = Number(process.env.LIST_PAGE_JS_BASELINE ?? 618_701);

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Sum of the transferred (encoded) sizes of every script response of a cold page load, via CDP Network events. */
export async function pageJsBytes(browser: Browser, url: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) => {
    if (e.type === 'Script' || e.response.url.endsWith('.js')) scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  return bytes;
}

export async function benchYamlEditor(): Promise<BenchResult[]> {
  const cluster: TestCluster = await startTestCluster({});
  const porthole: PortholeServer = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const out: BenchResult[] = [];
  try {
    const listReady = (page: Page) => page.locator('[data-testid="service-row"]').first().waitFor({ timeout: 30_000 });
    await pageJsBytes(browser, `${porthole.url}/services`, listReady); // warm the server
    const listJs = await pageJsBytes(browser, `${porthole.url}/services`, listReady);
    const base = LIST_PAGE_JS_BASELINE_BYTES;
    out.push(
      base
        ? result('list page JS transferred', listJs / 1024, 'KiB', { max: (base * 1.05) / 1024 }, `method: CDP encodedDataLength of script responses, cold context; baseline ${(base / 1024).toFixed(1)} KiB`)
        : result('list page JS transferred', listJs / 1024, 'KiB', { min: 0 }, 'method: CDP encodedDataLength of script responses, cold context; no baseline set'),
    );
    const extra = await editorFigures(browser, porthole.url);
    out.push(...extra);
  } finally {
    await browser.close();
    await porthole.stop();
    await cluster.stop();
  }
  return out;
}

// Filled in once the editor exists.
async function editorFigures(_browser: Browser, _url: string): Promise<BenchResult[]> {
  return [];
}

if (process.argv[1]?.endsWith('yaml-editor-bench.ts')) {
  benchYamlEditor()
    .then((r) => console.log(JSON.stringify(r, null, 1)))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
