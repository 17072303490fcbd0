/**
 * What the page shows from cluster text an attacker may control (bidi controls, a 5,000-character
 * word), and the connection pill while nothing has loaded (an API server slow to answer).
 */
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Service } from '../lib/k8s/types';
import { startPorthole } from '../test/support/start-porthole';
import { env } from './support';
import { api, open, recreate } from './service-detail-helpers';
import { pointAtEditor } from './yaml-editor-helpers';

const NS = 'e2e-sec-display';
const RLO = '\u202E';
const LRI = '\u2066';
const PDI = '\u2069';

async function noHorizontalOverflow(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => {
    const main = document.getElementById('main');
    return {
      doc: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
  expect(sizes.doc, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.viewport);
  expect(sizes.main, JSON.stringify(sizes)).toBeLessThanOrEqual(1);
}

test.describe('cluster text on the detail page', () => {
  test.beforeAll(async () => {
    await api.ensureNamespace(NS);
    await recreate(`/api/v1/namespaces/${NS}/services`, {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'tricky', namespace: NS, annotations: { download: `invoice${RLO}gnp.exe`, [`note`]: `safe ${LRI}hidden${PDI} end` } },
      spec: { ports: [{ port: 80 }] },
    });
    const svc = (await api.request('GET', `/api/v1/namespaces/${NS}/services/tricky`)).body as Service;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const event = (name: string, message: string) => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: NS },
      involvedObject: { apiVersion: 'v1', kind: 'Service', name: 'tricky', namespace: NS, uid: svc.metadata.uid },
      reason: 'Probe',
      message,
      type: 'Warning',
      source: { component: 'e2e' },
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
    });
    await recreate(`/api/v1/namespaces/${NS}/events`, event('tricky.long', 'A'.repeat(5000)));
    await recreate(`/api/v1/namespaces/${NS}/events`, event('tricky.bidi', `saved as report${RLO}fdp.exe`));
  });

  test('a 5,000-character event message wraps inside its card; bidi controls show as markers', async ({ page }) => {
    await open(page, NS, 'tricky');
    await expect(page.getByTestId('event-row')).toHaveCount(2);
    await noHorizontalOverflow(page);
    const events = page.getByTestId('section-events');
    const box = await events.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    const annotations = page.getByTestId('meta-annotations');
    await expect(annotations).toContainText('invoice⟪U+202E⟫gnp.exe');
    await expect(annotations).toContainText('safe ⟪U+2066⟫hidden⟪U+2069⟫ end');
    await expect(page.getByTestId('events-table')).toContainText('report⟪U+202E⟫fdp.exe');
    const markers = page.getByTestId('bidi-marker');
    await expect(markers.first()).toBeVisible();
    expect(await markers.count()).toBeGreaterThanOrEqual(4);
    // Nothing on the page still carries a control character that would reorder what follows it.
    const carriers = await page.evaluate(() => {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.getElementById('main')!, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/.test(n.textContent ?? '')) continue;
        const owner = n.parentElement?.closest('[data-testid]');
        out.push(`${owner?.getAttribute('data-testid') ?? '?'}: ${(n.textContent ?? '').slice(0, 60)}`);
      }
      return out;
    });
    expect(carriers).toEqual([]);
  });

  test('narrow window: still no horizontal overflow', async ({ page }) => {
    await page.setViewportSize({ width: 420, height: 800 });
    await open(page, NS, 'tricky');
    await expect(page.getByTestId('event-row')).toHaveCount(2);
    await noHorizontalOverflow(page);
  });
});

test('the Content-Security-Policy blocks nothing Porthole itself runs: list, detail, YAML editor (Monaco and its workers)', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  const base = env('PORTHOLE_E2E_URL');
  const check = async () => expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  await page.goto(`${base}/services`);
  await expect(page.getByTestId('service-row').first()).toBeVisible();
  await check();
  await open(page, NS, 'tricky');
  await check();
  await page.goto(`${base}/services/${NS}/tricky/yaml`);
  await pointAtEditor(page);
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('kind: Service', { timeout: 30_000 });
  // Monaco starts its editor and YAML workers from same-origin bundles: a blocked worker is a violation too.
  await check();
  expect(consoleErrors).toEqual([]);
});

test.describe('connection pill', () => {
  const LIST_DELAY_MS = 5000;
  let fake: http.Server;
  let stopPorthole: (() => Promise<void>) | undefined;
  let url = '';
  const work = mkdtempSync(join(tmpdir(), 'porthole-slow-'));

  test.beforeAll(async () => {
    // An API server that takes seconds to list Services and holds watches open without events.
    fake = http.createServer((req, res) => {
      req.resume();
      const u = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST') {
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: {}, status: { allowed: true } }));
        return;
      }
      if (u.searchParams.get('watch') === 'true' || u.searchParams.get('watch') === '1') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.flushHeaders();
        return;
      }
      const list = JSON.stringify({ kind: 'List', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [] });
      const delay = u.pathname.endsWith('/services') ? LIST_DELAY_MS : 0;
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(list);
      }, delay);
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const port = (fake.address() as { port: number }).port;
    const kubeconfig = join(work, 'kubeconfig');
    writeFileSync(
      kubeconfig,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'slow', cluster: { server: `http://127.0.0.1:${port}` } }],
        users: [{ name: 'u', user: { token: 't' } }],
        contexts: [{ name: 'slow', context: { cluster: 'slow', user: 'u' } }],
        'current-context': 'slow',
      }),
    );
    const porthole = await startPorthole({ kubeconfigPath: kubeconfig, source: 'kubeconfig' });
    url = porthole.url;
    stopPorthole = () => porthole.stop();
  });

  test.afterAll(async () => {
    await stopPorthole?.();
    fake?.closeAllConnections();
    await new Promise((r) => fake?.close(r));
    rmSync(work, { recursive: true, force: true });
  });

  test('never reads "Live" before anything loaded, and shows how long it has waited', async ({ page }) => {
    // Every text the pill shows, from the first paint on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __pill: string[] }).__pill = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid=connection-state]')?.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${url}/services`);
    const pill = page.getByTestId('connection-state');
    await expect(pill).toHaveText(/^Connecting · [2-9]s$/, { timeout: LIST_DELAY_MS });
    await expect(pill).toHaveText('Live', { timeout: 15_000 });
    const seen = await page.evaluate(() => (window as unknown as { __pill: string[] }).__pill);
    const firstLive = seen.indexOf('Live');
    expect(seen.slice(0, firstLive).length, JSON.stringify(seen)).toBeGreaterThan(0);
    for (const text of seen.slice(0, firstLive)) expect(text, JSON.stringify(seen)).toMatch(/^Connecting/);
  });
});
