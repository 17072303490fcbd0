/**
 * Porthole benchmarks (issues 3, 10, 11): the Service list with 10,000 Services in real Chromium —
 * time to first rows COLD (a new browser context per sample: empty HTTP cache, nothing compiled, as a
 * first visit or a shared link) and WARM (reloads of one page), the list's bytes on the wire, filter
 * keystroke to rows updated, JS heap — and the proxy's list of 10,000 against the same list straight
 * from the API server.
 */
import os from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startTestCluster, type TestCluster } from '../test/support/start-cluster';
import { startPorthole } from '../test/support/start-porthole';
import { seedBenchServices } from './cluster-bench';
import { percentile, result, type BenchResult } from './stats';

const SERVICES = Number(process.env.BENCH_SERVICES ?? 10_000);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function medianFetch(url: string, headers: Record<string, string>, runs = 7): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (res.status !== 200 || body.length < SERVICES * 50) throw new Error(`GET ${url}: ${res.status}`);
    samples.push(performance.now() - start);
  }
  return percentile(samples, 50);
}

/** Navigation start → first Service row in the DOM. */
async function timeToFirstRows(page: Page, url: string): Promise<number> {
  const start = performance.now();
  await page.goto(url);
  await page.locator('[data-testid="service-row"]').first().waitFor({ state: 'visible', timeout: 30_000 });
  return performance.now() - start;
}

const VIEWPORT = { width: 1440, height: 900 };

async function newBenchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  // tsx (esbuild keepNames) wraps functions passed to page.evaluate in __name(); define it in the page.
  await page.addInitScript('window.__name = function (f) { return f; }');
  return page;
}

/** Bytes the Service list's response took on the wire (resource timing of the page's list request). */
async function listBytes(page: Page): Promise<number> {
  return page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const list = entries.find((e) => /\/api\/(service-rows|services)(\?|$)/.test(new URL(e.name).pathname + new URL(e.name).search));
    return list ? list.encodedBodySize : Number.NaN;
  });
}

/** First rows in a fresh browser context per sample (empty cache, cold JavaScript), median of `runs`. */
async function coldFirstRows(browser: Browser, url: string, runs = 5): Promise<{ median: number; samples: number[]; bytes: number }> {
  const samples: number[] = [];
  let bytes = Number.NaN;
  for (let i = 0; i < runs; i++) {
    const page = await newBenchPage(browser);
    try {
      samples.push(await timeToFirstRows(page, `${url}?cold=${i}`));
      bytes = await listBytes(page);
    } finally {
      await page.context().close();
    }
  }
  return { median: percentile(samples, 50), samples, bytes };
}

const machine = (): string => `${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, Node ${process.versions.node}`;

/** Types one character into the search box inside the page and waits for the result count to change and paint. */
async function keystroke(page: Page, ch: string): Promise<number> {
  return page.evaluate(async (c) => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="service-search"]');
    const count = document.querySelector('[data-testid="result-count"]');
    if (!input || !count) throw new Error('search box or result count missing');
    const before = count.textContent;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const start = performance.now();
    setValue?.call(input, input.value + c);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (count.textContent !== before || performance.now() - start > 2000) resolve();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await new Promise<void>((r) => requestAnimationFrame(() => r()));
    return performance.now() - start;
  }, ch);
}

async function heapMiB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usage.usedSize / 1024 / 1024;
}

export async function benchApp(): Promise<BenchResult[]> {
  const cluster: TestCluster = await startTestCluster({ empty: true });
  const porthole = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await seedBenchServices(cluster, SERVICES);
    const direct = await medianFetch(`${cluster.url}/api/v1/services`, { authorization: `Bearer ${cluster.tokens.admin}` });
    const proxied = await medianFetch(`${porthole.url}/api/services`, {});

    const warmup = await newBenchPage(browser);
    await timeToFirstRows(warmup, `${porthole.url}/services`); // first compile of server code paths
    await warmup.context().close();
    const loadBefore = machine();
    const cold = await coldFirstRows(browser, `${porthole.url}/services`);

    const page = await newBenchPage(browser);
    await timeToFirstRows(page, `${porthole.url}/services`);
    const firstRows: number[] = [];
    for (let i = 0; i < 3; i++) firstRows.push(await timeToFirstRows(page, `${porthole.url}/services?bench=${i}`));
    await page.locator('[data-testid="service-search"]').click();
    const keys: number[] = [];
    for (const ch of ['7', '7', '7', '1']) keys.push(await keystroke(page, ch));
    const heap = await heapMiB(page);
    return [
      result(
        `list page: first rows COLD, ${SERVICES} Services (new browser context per sample, median of 5)`,
        cold.median,
        'ms',
        { max: 1000 },
        `samples ${cold.samples.map((v) => v.toFixed(0)).join(', ')} ms; ${loadBefore}`,
      ),
      result(`list page: first rows WARM, ${SERVICES} Services (reloads of one page, median of 3)`, percentile(firstRows, 50), 'ms', { max: 1000 }, machine()),
      result(`list response on the wire, ${SERVICES} Services (resource timing, encoded body)`, cold.bytes / 1e6, 'MB', { max: 1.5 }),
      result('filter keystroke → rows updated (worst of 4)', Math.max(...keys), 'ms', { max: 50 }),
      result(`JS heap with ${SERVICES} Services listed`, heap, 'MiB', { max: 80 }),
      result(`proxy list ${SERVICES} / direct list (medians)`, proxied / direct, 'x', { max: 1.15 }, `${proxied.toFixed(0)} ms vs ${direct.toFixed(0)} ms`),
    ];
  } finally {
    await browser.close();
    await porthole.stop();
    await cluster.stop();
  }
}
