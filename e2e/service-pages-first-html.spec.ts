/**
 * Issue 22: the Service's detail, edit and YAML pages carry the Service in their first HTML (read on
 * the server as the page's identity: lib/server/first-service.ts). The browser takes it over without
 * asking for it again, without hydration warnings and without layout shift; the YAML page shows the
 * text as coloured read-only text until Monaco is ready; an identity that may not read the Service gets
 * none of it in the HTML. Not timed (the timing is in `npm run bench`).
 */
import { expect, test } from './fixtures';
import { axeViolations } from './axe';
import { pageHtml, watch } from './first-html-support';
import { actAs, api, base, recreate, service } from './service-actions-helpers';

const NS = 'demo';
const NAME = 'e2e-fh-pages';
const HIDDEN = 'e2e-fh-pages-hidden';
const TARGET_PORT = 8765;
let clusterIP = '';

test.beforeAll(async () => {
  const svc = await recreate(service(NS, NAME, { selector: { app: NAME }, ports: [{ name: 'http', port: 80, targetPort: TARGET_PORT }] }, { labels: { app: NAME } }));
  clusterIP = svc.spec?.clusterIP ?? '';
  expect(clusterIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  await recreate(service('default', HIDDEN, { ports: [{ port: 80 }] }));
});

/** The page's own GET of the Service (the live list's first request), if it made one. */
const serviceGets = (requests: string[]) => requests.filter((r) => r === `GET /api/namespaces/${NS}/services/${NAME}`);

/** The page's own reads of what the diagnosis needs (pods, EndpointSlices, Endpoints, events). */
const diagnosisGets = (requests: string[]) =>
  requests.filter((r) => [`GET /api/namespaces/${NS}/pods`, `GET /api/namespaces/${NS}/endpointslices`, `GET /api/namespaces/${NS}/endpoints/${NAME}`, `GET /api/namespaces/${NS}/events`].includes(r));

test('detail: the Service and its diagnosis are in the HTML, the browser does not ask for them again, nothing shifts', async ({ page }) => {
  const html = await pageHtml(page, `/services/${NS}/${NAME}`);
  expect(html).toContain('data-testid="service-type"');
  expect(html).toContain(clusterIP);
  // The diagnosis is worked out from the lists the HTML carries: its headline, not "Checking…".
  expect(html).toContain('data-testid="diagnosis-headline"');
  expect(html).not.toContain('Checking selector, pods, endpoints and events');

  const seen = await watch(page);
  await page.goto(`${base()}/services/${NS}/${NAME}`);
  await expect(page.getByTestId('service-type')).toHaveText('ClusterIP');
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('header-counts')).not.toHaveAttribute('data-loading', 'true', { timeout: 30_000 });
  expect(await seen.cls()).toBeLessThan(0.02);
  // Live from the carried object: a change made now shows up.
  await api.patchService(NS, NAME, { metadata: { labels: { app: NAME, changed: 'yes' } } });
  await expect(page.getByTestId('meta-labels')).toContainText('changed', { timeout: 30_000 });
  expect(serviceGets(seen.requests)).toEqual([]);
  expect(diagnosisGets(seen.requests)).toEqual([]);
  expect(seen.hydration).toEqual([]);
});

test('edit form: the form is in the HTML with the Service’s values, and no second request', async ({ page }) => {
  const html = await pageHtml(page, `/services/${NS}/${NAME}/edit`);
  expect(html).toContain(`value="${TARGET_PORT}"`);

  const seen = await watch(page);
  await page.goto(`${base()}/services/${NS}/${NAME}/edit`);
  await expect(page.getByRole('combobox', { name: 'Port 1: target port' })).toHaveValue(String(TARGET_PORT));
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  expect(serviceGets(seen.requests)).toEqual([]);
  expect(seen.hydration).toEqual([]);
  expect(await seen.cls()).toBeLessThan(0.02);
});

test('YAML editor: the text is in the HTML as coloured read-only text, Monaco takes its place, nothing shifts', async ({ page }) => {
  const html = await pageHtml(page, `/services/${NS}/${NAME}/yaml`);
  expect(html).toContain('data-testid="yaml-preview"');
  expect(html).toMatch(/<span class="sy-t-key">targetPort<\/span>/);
  expect(html).toContain(`<span class="sy-t-number">${TARGET_PORT}</span>`);

  const seen = await watch(page);
  await page.goto(`${base()}/services/${NS}/${NAME}/yaml`);
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText(`targetPort: ${TARGET_PORT}`, { timeout: 30_000 });
  await expect(page.getByTestId('yaml-preview')).toHaveCount(0);
  // Lighthouse's accessibility audit found the breadcrumb's link told apart by colour alone (axe's
  // link-in-text-block). Not asked here yet: color-contrast, which Monaco's own dimmed line numbers
  // and some token colours fail.
  expect(await axeViolations(page, ['link-in-text-block'])).toEqual([]);
  // The editor is editable (not the preview): a keystroke lands in Monaco's text.
  await page.getByTestId('yaml-editor').locator('.view-lines').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' # edited');
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('# edited');
  expect(serviceGets(seen.requests)).toEqual([]);
  expect(seen.hydration).toEqual([]);
  expect(await seen.cls()).toBeLessThan(0.02);
});

test('an identity that may not read the Service gets none of it in the HTML, and the refusal on the page', async ({ page }) => {
  await actAs(page, 'porthole-developer');
  const hiddenIP = (await api.request('GET', `/api/v1/namespaces/default/services/${HIDDEN}`)).body as { spec: { clusterIP: string } };
  for (const path of [`/services/default/${HIDDEN}`, `/services/default/${HIDDEN}/edit`, `/services/default/${HIDDEN}/yaml`]) {
    const html = await pageHtml(page, path);
    expect(html.includes(hiddenIP.spec.clusterIP), `${path} shows the clusterIP`).toBe(false);
    expect(html.includes('data-testid="service-type"'), `${path} shows the type`).toBe(false);
    expect(html.includes('data-testid="yaml-preview"'), `${path} shows the YAML`).toBe(false);
  }
  await page.goto(`${base()}/services/default/${HIDDEN}`);
  await expect(page.getByTestId('detail-error')).toContainText('Not allowed to read this Service');
});
