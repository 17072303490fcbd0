/**
 * Issue 22: the list's first rows are in the page's first HTML (rendered on the server from its cache
 * or the API server's first page, as the page's identity: lib/server/first-rows.ts). The browser takes
 * them over without a second request for a list the HTML carried whole, without hydration warnings and
 * without layout shift; a namespace-limited identity gets no row outside its namespaces in the HTML.
 * Rows the server has at once are in the page's shell (app/services/in-shell-or-streamed.tsx).
 * Not timed (the timing is in `npm run bench`).
 */
import { expect, test } from './fixtures';
import { actAs, api, base, recreate, service } from './service-actions-helpers';
import { pageHtml, watch } from './first-html-support';

const LONG_NS = 'e2e-first-html';
const LONG = 320; // more than the HTML carries whole (WHOLE_LIST_MAX)
const SHORT_NS = 'demo';
const SHORT = 'e2e-first-html-short';
const HIDDEN = 'e2e-first-html-hidden';

/** The keys of the Service rows in an HTML text, in document order. */
function rowKeys(html: string): string[] {
  const keys: string[] = [];
  for (const tag of html.match(/<div[^>]*data-testid="service-row"[^>]*>/g) ?? []) {
    const key = /data-key="([^"]+)"/.exec(tag);
    if (key) keys.push(key[1].replace(/&amp;/g, '&'));
  }
  return keys;
}

const svcName = (i: number) => `fh-${String(i).padStart(3, '0')}`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await api.ensureNamespace(LONG_NS);
  const existing = await api.request('GET', `/api/v1/namespaces/${LONG_NS}/services`);
  const have = new Set(((existing.body as { items?: { metadata: { name: string } }[] }).items ?? []).map((s) => s.metadata.name));
  const missing = Array.from({ length: LONG }, (_, i) => svcName(i)).filter((n) => !have.has(n));
  for (let i = 0; i < missing.length; i += 20) {
    await Promise.all(missing.slice(i, i + 20).map((name) => api.createService(service(LONG_NS, name, { clusterIP: 'None' }, { labels: { app: name } }))));
  }
  await recreate(service(SHORT_NS, SHORT, {}, { labels: { app: SHORT } }));
  await recreate(service('default', HIDDEN, {}, { labels: { app: HIDDEN } }));
});

test('a short list comes whole in the HTML: its rows are there, the browser asks for none, nothing shifts', async ({ page }) => {
  // A new context acts as the kubeconfig's current context: porthole-admin.
  const html = await pageHtml(page, `/services?namespace=${SHORT_NS}`);
  expect(rowKeys(html)).toContain(`${SHORT_NS}/${SHORT}`);
  expect(rowKeys(html).every((k) => k.startsWith(`${SHORT_NS}/`))).toBe(true);

  const seen = await watch(page);
  await page.goto(`${base()}/services?namespace=${SHORT_NS}`);
  await expect(page.locator(`[data-testid=service-row][data-key="${SHORT_NS}/${SHORT}"]`)).toBeVisible();
  // Live: the watch runs from the carried list (a change made now shows up).
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await api.patchService(SHORT_NS, SHORT, { metadata: { labels: { app: SHORT, changed: 'yes' } } });
  await page.getByRole('searchbox').first().fill('changed=yes');
  await expect(page.locator(`[data-testid=service-row][data-key="${SHORT_NS}/${SHORT}"]`)).toBeVisible();
  expect(seen.rowRequests).toEqual([]);
  expect(seen.hydration).toEqual([]);
  expect(await seen.cls()).toBeLessThan(0.02);
});

test('a long list: the first rows of the URL view in the HTML, the same rows on screen once the whole list is in, one request', async ({ page }) => {
  // A new context acts as the kubeconfig's current context: porthole-admin.
  const path = `/services?namespace=${LONG_NS}&sort=name&dir=desc`;
  const expected = Array.from({ length: LONG }, (_, i) => `${LONG_NS}/${svcName(LONG - 1 - i)}`);
  const html = await pageHtml(page, path);
  const carried = rowKeys(html);
  expect(carried.length).toBeGreaterThan(10);
  expect(carried).toEqual(expected.slice(0, carried.length));
  expect(html).toContain(`${LONG} Services`);

  const seen = await watch(page);
  await page.goto(base() + path);
  await expect(page.getByTestId('result-count')).toHaveText(`${LONG} Services`);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  const shown = await page.locator('[data-testid=service-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
  expect(shown.slice(0, 10)).toEqual(expected.slice(0, 10));
  // The rest of the list: one request (the page's early one, taken by the list), not one per part.
  expect(seen.rowRequests).toHaveLength(1);
  expect(seen.hydration).toEqual([]);
  expect(await seen.cls()).toBeLessThan(0.02);
});

test('a phone gets a phone’s screen of rows in the HTML; hydration keeps them, the rest follows on scroll', async ({ browser }) => {
  // Chromium on a phone says so in Sec-CH-UA-Mobile; Safari and Firefox in their User-Agent (lib/server/request-device.ts).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
    extraHTTPHeaders: { 'Sec-CH-UA-Mobile': '?1' },
  });
  const page = await context.newPage();
  try {
    const path = `/services?namespace=${LONG_NS}`;
    const expected = Array.from({ length: LONG }, (_, i) => `${LONG_NS}/${svcName(i)}`);
    const phoneRows = rowKeys(await pageHtml(page, path));
    const desktopRows = rowKeys(await (await page.request.get(base() + path, { headers: { 'Sec-CH-UA-Mobile': '?0', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' } })).text());
    expect(phoneRows).toEqual(expected.slice(0, phoneRows.length));
    expect(phoneRows.length).toBeGreaterThanOrEqual(8); // a tall phone's screen of 112 px cards
    expect(phoneRows.length).toBeLessThan(desktopRows.length);

    const seen = await watch(page);
    await page.goto(base() + path);
    await expect(page.getByTestId('result-count')).toHaveText(`${LONG} Services`);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
    const rows = page.getByTestId('service-rows');
    await rows.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    const middle = `${LONG_NS}/${svcName(LONG / 2)}`;
    await expect(page.locator(`[data-testid=service-row][data-key="${middle}"]`)).toBeVisible();
    expect(seen.hydration).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a long list: the browser’s own list takes over the HTML’s rows without flashing them; a changed Service flashes', async ({ page }) => {
  // Every row whose flash animation starts, from the first HTML on.
  await page.addInitScript(() => {
    const w = window as unknown as { __flashed: string[] };
    w.__flashed = [];
    document.addEventListener('animationstart', (e) => {
      if (e.animationName === 'flash') w.__flashed.push((e.target as HTMLElement).dataset.key ?? '');
    });
  });
  const flashed = () => page.evaluate(() => (window as unknown as { __flashed: string[] }).__flashed);
  await page.goto(`${base()}/services?namespace=${LONG_NS}`);
  await expect(page.getByTestId('result-count')).toHaveText(`${LONG} Services`);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('attention-filter')).not.toContainText('…');
  const first = `${LONG_NS}/${svcName(0)}`;
  await expect(page.locator(`[data-testid=service-row][data-key="${first}"]`)).toBeVisible();
  expect(await flashed(), 'rows flashed while the page loaded').toEqual([]);

  await api.patchService(LONG_NS, svcName(0), { metadata: { labels: { app: svcName(0), flashed: String(Date.now()) } } });
  await expect.poll(flashed).toEqual([first]);
});

test('with the server holding the list (a tab has it open), the rows are in the page shell, not in a part streamed after it', async ({ page, browser }) => {
  // A new context acts as the kubeconfig's current context: porthole-admin. Its open tab keeps the
  // shared informer for the list, so the next page of the same list is rendered from that cache.
  const path = `/services?namespace=${LONG_NS}`;
  await page.goto(base() + path);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('result-count')).toHaveText(`${LONG} Services`);
  const other = await browser.newContext();
  try {
    const res = await other.request.get(base() + path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(rowKeys(html).length).toBeGreaterThan(10);
    // A part streamed after the shell is a hidden <div id="S:n"> that React reveals later (no sooner
    // than 300 ms after the shell's paint): no row may be in one.
    const streamed = html.search(/<div hidden id="S:\d+">/);
    const firstRow = html.indexOf('data-testid="service-row"');
    expect(streamed === -1 || firstRow < streamed, `first row at ${firstRow}, first streamed part at ${streamed}`).toBe(true);
  } finally {
    await other.close();
  }
});

test('with the server holding the EndpointSlices too, the rows’ endpoints are in the HTML and stay as they were when the browser’s own arrive', async ({ page, browser }) => {
  // The open tab keeps the shared informers of the namespace's Services and EndpointSlices.
  const path = `/services?namespace=${SHORT_NS}`;
  await page.goto(base() + path);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  const other = await browser.newContext();
  try {
    const res = await other.request.get(base() + path);
    const html = await res.text();
    expect(rowKeys(html)).toContain(`${SHORT_NS}/${SHORT}`);
    expect(html).not.toContain('aria-label="loading"');
    // SHORT has no selector and no EndpointSlices: nothing receives its traffic, marked as a problem, in the HTML.
    const start = html.indexOf(`data-key="${SHORT_NS}/${SHORT}"`);
    const row = html.slice(start, html.indexOf('data-testid="service-row"', start));
    expect(row).toContain('class="ep none" title="No selector and no EndpointSlices');
    expect(row).toContain('aria-label="Problem: ');

    const tab = await other.newPage();
    await tab.addInitScript(() => {
      const w = window as unknown as { __epChanges: string[] };
      w.__epChanges = [];
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver((records) => {
          for (const r of records) {
            const el = r.target instanceof Element ? r.target : r.target.parentElement;
            if (el?.closest('[data-col="endpoints"]') || (r.type === 'childList' && el?.matches('[data-col="name"]'))) w.__epChanges.push(`${r.type} ${el?.closest('[data-key]')?.getAttribute('data-key')}`);
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });
    });
    await tab.goto(base() + path);
    await expect(tab.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
    // The browser's own EndpointSlices are in once "Needs attention" counts.
    await expect(tab.getByTestId('attention-filter')).toContainText(/\d/, { timeout: 30_000 });
    expect(await tab.evaluate(() => (window as unknown as { __epChanges: string[] }).__epChanges)).toEqual([]);
  } finally {
    await other.close();
  }
});

/** The requests for what the list page's HTML carries besides its rows. */
const pageAnswerRequests = (requests: string[]) =>
  requests.filter((r) => r === 'GET /api/identity' || r === 'GET /api/namespaces' || r === 'POST /api/access/selfsubjectaccessreviews');

test('who the identity is and what it may do come with the HTML: the list asks no identity, namespace list or access review again', async ({ page }) => {
  // A new context acts as the kubeconfig's current context: porthole-admin.
  for (const path of ['/services', `/services?namespace=${SHORT_NS}`]) {
    const html = await pageHtml(page, path);
    expect(html, path).not.toContain('Checking what your identity may do');
    await page.goto('about:blank');
    const seen = await watch(page);
    await page.goto(base() + path);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'Create a Service' }).getByRole('link', { name: 'New Service' })).toBeVisible();
    await expect(page.getByLabel('Acting as')).toHaveValue('porthole-admin');
    expect(pageAnswerRequests(seen.requests), path).toEqual([]);
    expect(seen.hydration, path).toEqual([]);
  }
});

test('a viewer’s list HTML already says it may not create Services there, and the page asks nothing again', async ({ page }) => {
  await actAs(page, 'porthole-viewer');
  const path = `/services?namespace=${SHORT_NS}`;
  const html = await pageHtml(page, path);
  expect(html).toContain(`may not create Services in namespace ${SHORT_NS}`);
  await page.goto('about:blank');
  const seen = await watch(page);
  await page.goto(base() + path);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('new-service-reason')).toContainText(`may not create Services in namespace ${SHORT_NS}`);
  // The app chrome renders before the page's answers are in the cache: it takes them after hydration.
  await expect(page.getByTestId('read-only')).toBeVisible();
  expect(pageAnswerRequests(seen.requests)).toEqual([]);
  expect(seen.hydration).toEqual([]);
});

test('a search in the URL: the HTML carries the matches and their count', async ({ page }) => {
  // A new context acts as the kubeconfig's current context: porthole-admin.
  const html = await pageHtml(page, `/services?namespace=${LONG_NS}&q=fh-31`);
  // fh-31 itself does not exist: fh-310..fh-319 start with it, ranked by name.
  expect(rowKeys(html)).toEqual(Array.from({ length: 10 }, (_, i) => `${LONG_NS}/fh-31${i}`));
  expect(html).toContain(`10 of ${LONG} Services`);
});

test('a namespace-limited identity: no row outside its namespace in any HTML', async ({ page }) => {
  await actAs(page, 'porthole-developer');
  for (const path of ['/services', `/services?namespace=${SHORT_NS}`, '/services?namespace=default', `/services?namespace=${LONG_NS}`, '/services?type=ClusterIP&sort=age']) {
    const html = await pageHtml(page, path);
    expect(html.includes(HIDDEN), `${path} names ${HIDDEN}`).toBe(false);
    expect(html.includes('fh-000'), `${path} names fh-000`).toBe(false);
    expect(
      rowKeys(html).every((k) => k.startsWith(`${SHORT_NS}/`)),
      path,
    ).toBe(true);
  }
  // Its own namespace: rows, and the browser takes them without asking again.
  expect(rowKeys(await pageHtml(page, `/services?namespace=${SHORT_NS}`))).toContain(`${SHORT_NS}/${SHORT}`);
  const seen = await watch(page);
  await page.goto(`${base()}/services?namespace=${SHORT_NS}`);
  await expect(page.locator(`[data-testid=service-row][data-key="${SHORT_NS}/${SHORT}"]`)).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  expect(seen.rowRequests).toEqual([]);
  expect(seen.hydration).toEqual([]);
  // A namespace it may not read: the refusal, as before.
  await page.goto(`${base()}/services?namespace=default`);
  await expect(page.getByTestId('list-error')).toContainText('Not allowed to list Services');
});

test('the toolbar keeps its lines whatever its counts say: the table does not move while the list arrives', async ({ page }) => {
  // Lighthouse's desktop window (1350 px) measured a layout shift of 0.72 on a list of 10,000: the
  // toolbar's line break came and went as the counts grew ("300 Services so far, loading…" → "10021
  // Services") and the whole table moved. Its lines now depend on the window's width only. Checked here
  // by giving the counts their longest texts and their shortest, at widths around each breakpoint.
  await page.goto(`${base()}/services?namespace=${SHORT_NS}`);
  await expect(page.locator(`[data-testid=service-row][data-key="${SHORT_NS}/${SHORT}"]`)).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  for (const width of [1000, 1280, 1350, 1440, 1599, 1600, 1920]) {
    await page.setViewportSize({ width, height: 940 });
    const tops = await page.evaluate(() => {
      const table = document.querySelector('[role=table], .table-wrap');
      const texts = [...document.querySelectorAll('.chip-count, [data-testid=result-count]')];
      const before = texts.map((t) => t.textContent);
      const top = (): number => table?.getBoundingClientRect().top ?? Number.NaN;
      const set = (count: string, chip: string): number => {
        texts.forEach((t) => (t.textContent = t.matches('[data-testid=result-count]') ? count : chip));
        return top();
      };
      const out = [top(), set('88888 of 88888 Services', '88888'), set('1 Service', '0'), set('300 Services', '300')];
      texts.forEach((t, i) => (t.textContent = before[i]));
      return out;
    });
    expect(new Set(tops).size, `${width} px: table tops ${tops.join(', ')}`).toBe(1);
  }
});
