/**
 * The list as a triage tool and on every screen: the Endpoints column and "Needs attention" agree
 * with the detail diagnosis (D-11, D-18), search by type and exact labels (D-13), Back returns to the
 * row (D-17), phones get cards (D-04), accessibility (D-14), identities (D-10, D-19).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Service } from '../lib/k8s/types';
import { axeViolations } from './axe';
import { env, sharedApi } from './support';

const NS = 'e2e-triage';
const MANY = 'e2e-many';
const api = sharedApi();
const base = () => env('PORTHOLE_E2E_URL');

const row = (page: Page, ns: string, name: string) => page.locator(`[data-testid=service-row][data-key="${ns}/${name}"]`);
const cell = (page: Page, ns: string, name: string, col: string) => row(page, ns, name).locator(`[data-col=${col}]`);
const visibleNames = async (page: Page) => page.locator('[data-testid=service-row] [data-col=name]').allInnerTexts();

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  const fixtures: Service[] = [
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'bare', namespace: NS }, spec: { ports: [{ port: 80 }] } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'ext', namespace: NS }, spec: { type: 'ExternalName', externalName: 'db.example.com' } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'nobody', namespace: NS, labels: { app: 'webshop' } }, spec: { selector: { app: 'nobody' }, ports: [{ port: 80 }] } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'lb', namespace: NS, labels: { app: 'web' } }, spec: { type: 'LoadBalancer', loadBalancerClass: 'example.com/none', selector: { app: 'nobody' }, ports: [{ port: 80 }] } },
  ];
  for (const svc of fixtures) {
    await api.deleteService(NS, svc.metadata.name!);
    await api.createService(svc);
  }
  await api.ensureNamespace(MANY);
  const existing = await api.request('GET', `/api/v1/namespaces/${MANY}/services`);
  const have = new Set(((existing.body as { items?: Service[] }).items ?? []).map((s) => s.metadata.name));
  for (let i = 0; i < 150; i++) {
    const name = `svc-${String(i).padStart(3, '0')}`;
    if (!have.has(name)) await api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: MANY }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } });
  }
});

test('Endpoints column and "Needs attention" say what the detail diagnosis says (D-11, D-18)', async ({ page }) => {
  await page.goto(`${base()}/services?namespace=${NS}`);
  await expect(cell(page, NS, 'bare', 'endpoints')).toHaveText('none');
  await expect(cell(page, NS, 'bare', 'endpoints').locator('span')).toHaveAttribute('title', 'No selector and no EndpointSlices: nothing receives the traffic');
  await expect(cell(page, NS, 'ext', 'endpoints')).toHaveText('n/a');
  await expect(row(page, NS, 'bare').locator('.attention.error')).toHaveAttribute('title', 'No selector and no EndpointSlices: nothing receives the traffic');
  await expect(row(page, NS, 'ext').locator('.attention')).toHaveCount(0);

  await expect(page.getByTestId('attention-filter')).toContainText('3');
  await page.getByTestId('attention-filter').click();
  await expect.poll(() => visibleNames(page)).toEqual(['bare', 'lb', 'nobody']);
  await expect(page).toHaveURL(/attention=1/);
  await page.reload();
  await expect.poll(() => visibleNames(page)).toEqual(['bare', 'lb', 'nobody']);
  await expect(page.getByTestId('attention-filter')).toHaveAttribute('aria-pressed', 'true');
});

test('search matches the type and key=value labels exactly (D-13)', async ({ page }) => {
  // /services/<namespace> is that namespace's list, and the tab names it (D-15, D-24).
  await page.goto(`${base()}/services/${NS}`);
  await expect(page).toHaveURL(new RegExp(`/services\\?namespace=${NS}$`));
  await expect(page).toHaveTitle(`Services in ${NS} · Porthole`);
  await expect(row(page, NS, 'bare')).toBeVisible();
  await page.getByTestId('service-search').fill('externalname');
  await expect.poll(() => visibleNames(page)).toEqual(['ext']);
  await page.getByTestId('service-search').fill('loadbalancer');
  await expect.poll(() => visibleNames(page)).toEqual(['lb']);
  await page.getByTestId('service-search').fill('app=web');
  await expect.poll(() => visibleNames(page)).toEqual(['lb']);
  await page.getByTestId('service-search').fill('app!=web');
  await expect.poll(() => visibleNames(page)).toEqual(['bare', 'ext', 'nobody']);

  // A namespace that does not exist says so (D-15).
  await page.goto(`${base()}/services?namespace=e2e-no-such-namespace`);
  await expect(page.getByTestId('list-empty')).toContainText('Namespace e2e-no-such-namespace does not exist');
  // One that cannot be a namespace name says why all namespaces are shown.
  await page.goto(`${base()}/services?namespace=BAD_NS`);
  await expect(page.getByTestId('bad-namespace')).toContainText('“BAD_NS” is not a namespace name');
});

test('Back from a Service returns to the same row; filter changes are history entries (D-17)', async ({ page }) => {
  await page.goto(`${base()}/services?namespace=${MANY}`);
  await expect(page.getByTestId('result-count')).toHaveText('150 Services');
  const rows = page.getByTestId('service-rows');
  await rows.evaluate((el) => (el.scrollTop = 4000));
  const target = row(page, MANY, 'svc-100');
  await expect(target).toBeVisible();
  const before = await rows.evaluate((el) => el.scrollTop);
  await target.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/services/${MANY}/svc-100$`));
  await page.goBack();
  await expect(target.getByRole('link')).toBeFocused();
  expect(Math.abs((await rows.evaluate((el) => el.scrollTop)) - before)).toBeLessThan(2);

  // A type filter is a history entry: Back undoes it and stays in Porthole.
  await page.getByTestId('type-filter-Headless').click();
  await expect(page).toHaveURL(/type=Headless/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/services\\?namespace=${MANY}$`));
  await expect(page.getByTestId('type-filter-Headless')).toHaveAttribute('aria-pressed', 'false');
});

test('Back at once after a filter undoes it, and Forward redoes it (D-17)', async ({ page }) => {
  await page.goto(`${base()}/services?namespace=${MANY}`);
  await expect(page.getByTestId('result-count')).toHaveText('150 Services');
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  // Back in the very task that pushes the filter's URL, on a slowed CPU: the router's update for the
  // push is still rendering (in slices) when the Back arrives, and takes both in one render.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.evaluate(() => {
    const push = window.history.pushState;
    const w = window as unknown as { backDone?: Promise<void> };
    w.backDone = new Promise<void>((resolve) => {
      window.history.pushState = function (...args: Parameters<History['pushState']>) {
        push.apply(this, args);
        window.history.pushState = push;
        window.addEventListener('popstate', () => setTimeout(resolve, 500), { once: true });
        window.history.back();
      };
    });
  });
  await page.getByTestId('type-filter-Headless').click();
  await page.evaluate(() => (window as unknown as { backDone: Promise<void> }).backDone);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page).toHaveURL(new RegExp(`/services\\?namespace=${MANY}$`));
  await expect(page.getByTestId('type-filter-Headless')).toHaveAttribute('aria-pressed', 'false');
  // The filter's entry is still ahead in the history (no second entry replaced it): Forward redoes it.
  await page.goForward();
  await expect(page).toHaveURL(/type=Headless/);
  await expect(page.getByTestId('type-filter-Headless')).toHaveAttribute('aria-pressed', 'true');
});

test.describe('on a phone (D-04)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the page fits the screen: header wraps, rows are cards, navigation stays reachable', async ({ page }) => {
    await page.goto(`${base()}/services`);
    // The rows come in the HTML as table rows (the server knows no viewport); phones switch to cards once
    // the page has hydrated: measure after that (the page is live by then).
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
    await expect(page.getByTestId('service-row').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await page.getByTestId('service-row').first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThan(100);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' })).toBeVisible();
    await expect(page.getByTestId('namespace-select')).toBeVisible();
    for (const col of ['name', 'type', 'clusterIP', 'ports', 'endpoints', 'age']) {
      const c = await page.getByTestId('service-row').first().locator(`[data-col=${col}]`).boundingBox();
      expect(c!.x + c!.width, col).toBeLessThanOrEqual(391);
    }
  });
});

test('no critical table-structure or contrast errors in either theme (D-14)', async ({ page }) => {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`${base()}/services?namespace=${NS}`);
    await expect(cell(page, NS, 'bare', 'endpoints')).toHaveText('none');
    // The legend explains the jargon (D-24); checked open, with the rest of the page.
    await page.getByTestId('list-legend').locator('summary').click();
    await expect(page.getByTestId('list-legend')).toContainText('Reading the list');
    expect(await axeViolations(page, ['aria-required-children', 'aria-required-parent', 'color-contrast']), theme).toEqual([]);
  }
});

test('identities: read-only is marked, a namespace-scoped one lands on its namespace (D-19, D-10)', async ({ page }) => {
  await page.goto(`${base()}/services`);
  await expect(page.getByTestId('read-only')).toHaveCount(0);
  await Promise.all([page.waitForEvent('load'), page.locator('#identity-select').selectOption('porthole-viewer')]);
  await expect(page.getByTestId('read-only')).toBeVisible();
  await Promise.all([page.waitForEvent('load'), page.locator('#identity-select').selectOption('porthole-editor')]);
  await expect(page).toHaveURL(/\/services\?namespace=demo$/);
  await expect(page.getByTestId('service-row').first()).toBeVisible();
  await expect(page.getByTestId('namespace-select')).toHaveValue('demo');
  // The selector offers only namespaces whose Services it may read (it may list namespaces, not read shop).
  await expect(page.locator('#namespace-select option[value=shop]')).toHaveCount(0);
  await expect(page.locator('#namespace-select option[value=demo]')).toHaveCount(1);
});
