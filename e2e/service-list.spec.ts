import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Service, ServiceList } from '../lib/k8s/types';
import { env, sharedApi } from './support';

const NS = 'e2e-list';
const api = sharedApi();

const row = (page: Page, ns: string, name: string) => page.locator(`[data-testid=service-row][data-key="${ns}/${name}"]`);
const cell = (page: Page, ns: string, name: string, col: string) => row(page, ns, name).locator(`[data-col=${col}]`);
const visibleNames = async (page: Page) => page.locator('[data-testid=service-row] [data-col=name]').allInnerTexts();

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  const fixtures: Service[] = [
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: NS, labels: { team: 'payments' } },
      spec: {
        type: 'LoadBalancer',
        selector: { app: 'web' },
        ports: [
          { name: 'http', port: 80, targetPort: 'http', nodePort: 30048 },
          { name: 'https', port: 443, targetPort: 8443, nodePort: 30043 },
        ],
      },
    },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'api', namespace: NS }, spec: { type: 'NodePort', selector: { app: 'api' }, ports: [{ port: 8080, nodePort: 30058, protocol: 'TCP' }] } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'db', namespace: NS }, spec: { clusterIP: 'None', selector: { app: 'db' }, ports: [{ port: 5432 }] } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'legacy', namespace: NS }, spec: { type: 'ExternalName', externalName: 'legacy.example.com' } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'cache', namespace: NS }, spec: { clusterIP: '10.96.0.210', selector: { app: 'cache' }, ports: [{ name: 'redis', port: 6379, protocol: 'TCP', targetPort: 6379 }, { name: 'metrics', port: 9121, protocol: 'TCP' }] } },
  ];
  for (const svc of fixtures) {
    await api.deleteService(NS, svc.metadata.name!);
    await api.createService(svc);
  }
  for (const name of ['web-1', 'web-2']) {
    await api.request('DELETE', `/api/v1/namespaces/${NS}/pods/${name}`);
    const r = await api.request('POST', `/api/v1/namespaces/${NS}/pods`, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: NS, labels: { app: 'web' } },
      spec: { containers: [{ name: 'web', image: 'nginx', ports: [{ name: 'http', containerPort: 8080 }] }] },
    });
    expect([201, 409]).toContain(r.status);
  }
});

test('lists every Service of the cluster with the right columns', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services`);
  const all = (await api.request('GET', '/api/v1/services')).body as ServiceList;
  await expect(page.getByTestId('result-count')).toHaveText(`${all.items.length} Services`);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');

  // Only the rows in view exist (virtualized list): narrow by search to look at particular ones.
  await page.getByTestId('service-search').fill('kubernetes');
  // The API server's own Service.
  await expect(cell(page, 'default', 'kubernetes', 'type')).toHaveText('ClusterIP');
  await expect(cell(page, 'default', 'kubernetes', 'clusterIP')).toHaveText('10.96.0.1');
  await expect(cell(page, 'default', 'kubernetes', 'ports')).toHaveText(/^443\/TCP → \d+$/);

  // Fixtures of every type.
  await page.getByTestId('service-search').fill(NS);
  const web = all.items.find((s) => s.metadata.namespace === NS && s.metadata.name === 'web')!;
  await expect(cell(page, NS, 'web', 'type')).toHaveText('LoadBalancer');
  await expect(cell(page, NS, 'web', 'clusterIP')).toHaveText(web.spec!.clusterIP!);
  // Several ports: the first, "+N" for the others, all of them in the tooltip.
  await expect(cell(page, NS, 'web', 'ports')).toHaveText('80:30048/TCP → http+1');
  await expect(cell(page, NS, 'web', 'ports')).toHaveAttribute('title', '80:30048/TCP → http\n443:30043/TCP → 8443');
  await expect(cell(page, NS, 'web', 'selector')).toHaveText('app=web');
  await expect(cell(page, NS, 'web', 'external')).toHaveText(/^(172\.18\.255\.\d+|pending)$/);
  await expect(cell(page, NS, 'web', 'endpoints')).toHaveText('2/2', { timeout: 20_000 });
  await expect(cell(page, NS, 'web', 'namespace')).toHaveText(NS);
  await expect(cell(page, NS, 'web', 'age')).toHaveText(/^\d+(s|m\d*s?)$/);

  await expect(cell(page, NS, 'api', 'type')).toHaveText('NodePort');
  await expect(cell(page, NS, 'api', 'ports')).toHaveText('8080:30058/TCP → 8080');
  await expect(cell(page, NS, 'api', 'endpoints')).toHaveText('0/0');
  await expect(cell(page, NS, 'db', 'type')).toHaveText('Headless');
  await expect(cell(page, NS, 'db', 'clusterIP')).toHaveText('None');
  await expect(cell(page, NS, 'legacy', 'type')).toHaveText('ExternalName');
  await expect(cell(page, NS, 'legacy', 'external')).toHaveText('legacy.example.com');
  await expect(cell(page, NS, 'legacy', 'endpoints')).toHaveText('n/a');
  await expect(cell(page, NS, 'legacy', 'endpoints').locator('span')).toHaveAttribute('title', 'No endpoints by design: DNS answers with a CNAME to legacy.example.com');
  await expect(cell(page, NS, 'cache', 'clusterIP')).toHaveText('10.96.0.210');
  await expect(cell(page, NS, 'cache', 'ports')).toHaveText('6379/TCP → 6379+1');
  await expect(cell(page, NS, 'cache', 'ports')).toHaveAttribute('title', '6379/TCP → 6379\n9121/TCP → 9121');

  // Rows link to the Service.
  await expect(row(page, NS, 'web').getByRole('link', { name: 'web' })).toHaveAttribute('href', `/services/${NS}/web`);
});

test('search, type filter, sort and namespace live in the URL and survive a reload', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services`);
  await expect(page.getByTestId('service-row').first()).toBeVisible();

  // Namespace from the chrome.
  await page.getByTestId('namespace-select').selectOption(NS);
  await expect(page).toHaveURL(new RegExp(`namespace=${NS}`));
  await expect(page.getByTestId('result-count')).toHaveText('5 Services');

  // Search by label, then by port.
  await page.getByTestId('service-search').fill('team=payments');
  await expect.poll(() => visibleNames(page)).toEqual(['web']);
  await page.getByTestId('service-search').fill('5432');
  await expect.poll(() => visibleNames(page)).toEqual(['db']);
  await page.getByTestId('service-search').fill('');

  // Type filter.
  await page.getByTestId('type-filter-Headless').click();
  await page.getByTestId('type-filter-ExternalName').click();
  await expect.poll(() => visibleNames(page)).toEqual(['db', 'legacy']);
  await page.getByTestId('type-filter-ExternalName').click();
  await page.getByTestId('type-filter-Headless').click();

  // Sort by name descending, then by ports.
  await page.getByTestId('sort-name').click();
  await expect.poll(() => visibleNames(page)).toEqual(['web', 'legacy', 'db', 'cache', 'api']);
  await page.getByTestId('sort-ports').click();
  await expect.poll(() => visibleNames(page)).toEqual(['web', 'db', 'cache', 'api', 'legacy']);

  // Everything together, then reload.
  await page.getByTestId('service-search').fill('shop-unknown-term');
  await expect(page.getByTestId('list-empty')).toContainText('No Services match');
  await page.getByTestId('service-search').fill('app=');
  await page.getByTestId('type-filter-NodePort').click();
  await page.getByTestId('type-filter-LoadBalancer').click();
  await page.getByTestId('sort-name').click();
  await page.getByTestId('sort-name').click();
  await expect.poll(() => visibleNames(page)).toEqual(['web', 'api']);
  await expect(page).toHaveURL(/q=app%3D/);
  await page.reload();
  await expect.poll(() => visibleNames(page)).toEqual(['web', 'api']);
  await expect(page.getByTestId('service-search')).toHaveValue('app=');
  await expect(page.getByTestId('namespace-select')).toHaveValue(NS);
  await expect(page.getByTestId('type-filter-NodePort')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[role=columnheader][aria-sort=descending]')).toContainText('Name');

  // The URL alone reproduces the view in a fresh page.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect.poll(() => visibleNames(other)).toEqual(['web', 'api']);
});

test('Services created, changed and deleted through the API appear, change and disappear without a reload', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services?namespace=${NS}`);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
  await expect(row(page, NS, 'web')).toBeVisible();
  const marker = await page.evaluate(() => {
    const w = window as unknown as { __noReload: string };
    w.__noReload = 'still-here';
    return w.__noReload;
  });

  await api.deleteService(NS, 'live');
  await api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'live', namespace: NS }, spec: { selector: { app: 'live' }, ports: [{ port: 81 }] } });
  await expect(cell(page, NS, 'live', 'ports')).toHaveText('81/TCP → 81');
  await expect(cell(page, NS, 'live', 'type')).toHaveText('ClusterIP');

  await api.patchService(NS, 'live', { spec: { type: 'NodePort', ports: [{ port: 81, nodePort: 30081 }] } });
  await expect(cell(page, NS, 'live', 'type')).toHaveText('NodePort');
  await expect(cell(page, NS, 'live', 'ports')).toHaveText('81:30081/TCP → 81');

  await api.deleteService(NS, 'live');
  await expect(row(page, NS, 'live')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: string }).__noReload)).toBe(marker);
});

test('theme toggle persists and navigation is keyboard reachable', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services`);
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  await page.getByTestId('theme-toggle').click();
  const after = await page.evaluate(() => document.documentElement.dataset.theme);
  expect(after).not.toBe(before);
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(after);

  // Tab from the top: the skip link comes first, then the chrome.
  await page.keyboard.press('Tab');
  await expect(page.getByText('Skip to content')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Porthole home' })).toBeFocused();
  await page.keyboard.press('/');
  await expect(page.getByTestId('service-search')).toBeFocused();

  // Rows: arrow keys and End move focus through the virtualized list.
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services?namespace=${NS}`);
  await row(page, NS, 'api').getByRole('link').focus();
  await page.keyboard.press('ArrowDown');
  await expect(row(page, NS, 'cache').getByRole('link')).toBeFocused();
  await page.keyboard.press('End');
  await expect(row(page, NS, 'web').getByRole('link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/services/${NS}/web$`));
});

test('switching identity acts as another context of the kubeconfig', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services`);
  const select = page.locator('#identity-select');
  await expect(select).toHaveValue('porthole-admin');
  // The page reloads itself under the new identity.
  await Promise.all([page.waitForEvent('load'), select.selectOption('porthole-viewer')]);
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services?q=kubernetes`);
  await expect(page.locator('#identity-select')).toHaveValue('porthole-viewer');
  // The viewer reads every namespace: the list still loads.
  await expect(row(page, 'default', 'kubernetes')).toBeVisible();
  await Promise.all([page.waitForEvent('load'), page.locator('#identity-select').selectOption('porthole-admin')]);
  await expect(page.locator('#identity-select')).toHaveValue('porthole-admin');
});

test('at 1280 px every column is in view and names are whole; the navigation keeps its name (issue 18 item 13)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services`);
  await expect(page.getByTestId('service-row').first()).toBeVisible();
  const grid = page.getByRole('table', { name: 'Services' });
  // Nothing in or around the table scrolls sideways, and every column header is inside it.
  const sideways = await grid.evaluate((el) => {
    const out: string[] = [];
    for (let e: Element | null = el; e && e.tagName !== 'MAIN'; e = e.parentElement) {
      for (const x of [e, ...Array.from(e.children)]) if (x.scrollWidth > x.clientWidth + 1 && getComputedStyle(x).overflowX !== 'visible') out.push(`${x.className}: ${x.scrollWidth} > ${x.clientWidth}`);
    }
    return out;
  });
  expect(sideways).toEqual([]);
  const table = await grid.boundingBox();
  for (const column of ['Name', 'Namespace', 'Type', 'Cluster IP', 'External', 'Ports', 'Selector', 'Endpoints', 'Age']) {
    const header = await page.getByRole('columnheader', { name: new RegExp(`^${column}`, 'i') }).first().boundingBox();
    expect(table && header && header.x >= table.x && header.x + header.width <= table.x + table.width + 1, `${column}: ${JSON.stringify({ table, header })}`).toBe(true);
  }
  // The demo's longest names are not cut with an ellipsis (searched for: other specs add Services).
  for (const name of ['legacy-backend', 'node-exporter']) {
    await page.goto(`${env('PORTHOLE_E2E_URL')}/services?q=${name}`);
    const link = page.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    expect(await link.evaluate((a) => a.scrollWidth <= a.clientWidth), name).toBe(true);
  }
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services`);
  await expect(page.getByTestId('service-row').first()).toBeVisible();
  // Header texts and type badges are whole too.
  for (const el of [page.getByRole('columnheader', { name: /^Endpoints/i }).first(), page.getByTestId('service-row').filter({ hasText: 'external-db' }).getByText('ExternalName', { exact: true })]) {
    expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth && (e.parentElement?.scrollWidth ?? 0) <= (e.parentElement?.clientWidth ?? 0) + 1)).toBe(true);
  }
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' })).toBeVisible();
});

test('on a phone the top bar keeps the names of its choices, each above its select (issue 18 item 13)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services`);
  await expect(page.getByTestId('service-row').first()).toBeVisible();
  // Settled: the live state's pill (its width moves the columns) says Live.
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
  for (const name of ['Namespace', 'Acting as']) {
    const select = page.getByRole('combobox', { name });
    // Both boxes in one frame: measured one after the other, a layout change between them would misplace one.
    const [l, s] = await select.evaluate((el) => {
      const box = (e: Element | null) => {
        const r = e?.getBoundingClientRect();
        return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
      };
      return [box(document.querySelector(`label[for="${el.id}"]`)), box(el)];
    });
    // Readable (not the 1 px of a visually hidden label), just above its select, aligned with it, on screen.
    expect(l && s && l.width > 30 && l.height > 8 && l.y + l.height <= s.y + 1 && s.y - (l.y + l.height) < 8 && Math.abs(l.x - s.x) < 4 && s.x + s.width <= 390, `${name}: ${JSON.stringify({ l, s })}`).toBe(true);
  }
});
