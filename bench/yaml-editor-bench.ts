/**
 * YAML editor benchmarks (issue 8), in real Chromium against `next start` and the embedded cluster:
 * - list page JS: bytes of JavaScript transferred for a cold load of /services (must stay within 5 %
 *   of the figure measured on the build before the editor existed);
 * - editor route first load to editable (cold: a new browser context, no cache): the plain editor's
 *   text painted (it takes input from then on), and Monaco ready;
 * - keystroke → Service-rule markers p95 on a 200-line document.
 */
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Service } from '../lib/k8s/types';
import { serviceToYaml } from '../lib/service-yaml/editor-text';
import { startTestCluster, type TestCluster } from '../test/support/start-cluster';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import { elementPaintTime } from './element-timing';
import { percentile, result, type BenchResult } from './stats';

/**
 * JS transferred by a cold /services load on main at b90530a (before the YAML editor), measured with (604.2 KiB)
 * `listPageJsBytes` below on a fresh `next build` (sum of encoded body sizes of script responses).
 */
export const LIST_PAGE_JS_BASELINE_BYTES = Number(process.env.LIST_PAGE_JS_BASELINE ?? 618_701);

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * A cold page load (new context, cache disabled): the transferred (encoded) bytes of every script
 * response, via CDP Network events, and how many of those scripts carry Monaco (`MonacoEnvironment`).
 */
export async function pageJs(browser: Browser, url: string, ready: (page: Page) => Promise<void>): Promise<{ bytes: number; monacoScripts: number }> {
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
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') bodies.push(r.text().catch(() => ''));
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const texts = await Promise.all(bodies);
  await context.close();
  return { bytes, monacoScripts: texts.filter((t) => t.includes('MonacoEnvironment')).length };
}

export async function benchYamlEditor(): Promise<BenchResult[]> {
  const cluster: TestCluster = await startTestCluster({});
  const porthole: PortholeServer = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const out: BenchResult[] = [];
  try {
    const listReady = (page: Page) => page.locator('[data-testid="service-row"]').first().waitFor({ timeout: 30_000 });
    await pageJs(browser, `${porthole.url}/services`, listReady); // warm the server
    const list = await pageJs(browser, `${porthole.url}/services`, listReady);
    const base = LIST_PAGE_JS_BASELINE_BYTES;
    const method = 'method: CDP encodedDataLength of script responses, cold context, uncompressed (compress: false)';
    out.push(result('list page JS transferred', list.bytes / 1024, 'KiB', { max: Math.round((base * 1.05) / 102.4) / 10 }, `${method}; baseline ${(base / 1024).toFixed(1)} KiB + 5 %`));
    out.push(result('list page scripts carrying Monaco', list.monacoScripts, 'files', { max: 0 }, 'method: script bodies of that load searched for "MonacoEnvironment"'));
    const detailReady = (page: Page) => page.getByTestId('service-actions').waitFor({ timeout: 30_000 });
    const detail = await pageJs(browser, `${porthole.url}/services/default/kubernetes`, detailReady);
    out.push(result('detail page scripts carrying Monaco', detail.monacoScripts, 'files', { max: 0 }, `method: as above, /services/default/kubernetes (${(detail.bytes / 1024).toFixed(1)} KiB of JS)`));
    const extra = await editorFigures(browser, porthole.url, cluster);
    out.push(...extra);
  } finally {
    await browser.close();
    await porthole.stop();
    await cluster.stop();
  }
  return out;
}

const NS = 'bench-yaml';
const NAME = 'big';

/** A Service whose editor text is about 200 lines (48 ports of 4 lines each). */
async function seedBigService(cluster: TestCluster): Promise<void> {
  const ports = Array.from({ length: 48 }, (_, i) => ({ name: `p${i}`, port: 9000 + i, targetPort: 9000 + i }));
  const yaml = JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: NAME, namespace: NS }, spec: { selector: { app: 'big' }, ports } });
  await cluster.kubectl(['create', 'namespace', NS]);
  const r = await cluster.kubectl(['create', '-f', '-'], { input: yaml });
  if (r.code !== 0) throw new Error(`create ${NAME}: ${r.stderr}`);
}

async function openEditable(browser: Browser, url: string): Promise<{ ms: number; plainMs: number; page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript('window.__name = function (f) { return f; }');
  const start = performance.now();
  await page.goto(url);
  // The page loads Monaco once the user points at the editor (ServiceYamlPane `monacoOnIntent`): the
  // pointer goes there as soon as the plain editor is in the page.
  await page.getByRole('textbox', { name: /\(plain text until the editor has loaded\)$/ }).hover();
  await page.getByTestId('yaml-editor').locator('.view-lines').filter({ hasText: 'kind: Service' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('yaml-editor').getByRole('textbox', { name: /YAML of Service/ }).waitFor({ state: 'attached' });
  const ms = performance.now() - start;
  const plainMs = await elementPaintTime(page, 'yaml-plain-text');
  return { ms, plainMs, page, close: () => context.close() };
}

async function editorFigures(browser: Browser, base: string, cluster: TestCluster): Promise<BenchResult[]> {
  await seedBigService(cluster);
  const url = `${base}/services/${NS}/${NAME}/yaml`;
  (await openEditable(browser, url)).close(); // warm the server
  const loads: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < 3; i++) {
    const run = await openEditable(browser, url);
    loads.push(run.ms);
    plain.push(run.plainMs);
    await run.close();
  }
  const { page, close } = await openEditable(browser, url);
  await page.evaluate(() => {
    const w = window as unknown as { __t0: number };
    document.addEventListener('keydown', () => (w.__t0 = performance.now()), true);
  });
  // Cursor to the end of the first `port: 9000` line: typing a digit makes it 90009 (invalid), Backspace valid again.
  const editor = page.getByRole('textbox', { name: /YAML of Service/ });
  await editor.focus();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  const samples: number[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(i % 2 === 0 ? '9' : 'Backspace');
    const ms = await page.waitForFunction(() => {
      const w = window as unknown as { __t0: number };
      const at = Number(document.querySelector<HTMLElement>('[data-testid="yaml-editor"]')?.dataset.markersAt ?? 0);
      return at > w.__t0 ? at - w.__t0 : false;
    });
    samples.push((await ms.jsonValue()) as number);
  }
  const got = await cluster.kubectl(['get', 'service', NAME, '-n', NS, '-o', 'json']);
  const docLines = serviceToYaml(JSON.parse(got.stdout) as Service).split('\n').length;
  await close();
  return [
    result('YAML editor: keystroke → Service-rule markers p95', percentile(samples, 95), 'ms', { max: 100 }, `method: capture keydown in the page → the editor's markers-set timestamp (layout effect), 40 keystrokes alternating valid/invalid port, document of ${docLines} lines; median ${percentile(samples, 50).toFixed(1)} ms; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`),
    result(
      'YAML editor route: navigation → editable (cold)',
      percentile(plain, 50),
      'ms',
      { max: 700 },
      `method: new browser context per run (no cache), next start on the production build and the embedded cluster, loopback; Element Timing of the plain editor's text (the text area over it takes input from its first paint, Monaco takes over later); median of 3 (${plain.map((x) => Math.round(x)).join(', ')} ms); load average ${loadavg()[0].toFixed(1)}`,
    ),
    result('YAML editor route: navigation → Monaco ready (cold)', percentile(loads, 50), 'ms', { max: 5000 }, `method: same runs, navigation → Monaco shows the text (Playwright polling; the pointer goes to the plain editor as soon as it is in the page, the intent Monaco loads on); median of 3 (${loads.map((x) => Math.round(x)).join(', ')} ms); the issue sets no target, 5 s chosen here`),
  ];
}

if (process.argv[1]?.endsWith('yaml-editor-bench.ts')) {
  benchYamlEditor()
    .then((r) => console.log(JSON.stringify(r, null, 1)))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
