/**
 * Markup in Service data renders as text everywhere: an annotation and an event message carrying
 * HTML/script payloads (values the API server accepts), and the same payloads typed into the form's
 * name, external name, port name and selector fields, the annotation editor and the list search
 * (values the API server refuses, whose messages quote them back). Nothing runs: no dialog, no
 * `window.__xss`, no element made from the payload; the text is there as typed.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { env, sharedApi } from './support';
import { newServiceUrl } from './service-form-support';
import { pointAtEditor } from './yaml-editor-helpers';

const api = sharedApi();
const NS = `e2e-xss-${Date.now().toString(36)}`;
const IMG = `<img src=x onerror="window.__xss='img'">`;
const SCRIPT = `<script>window.__xss='script'</script>`;
const SVG = `"><svg onload="window.__xss='svg'">`;
const PAYLOAD = `${IMG}${SCRIPT}${SVG}`;
const base = (): string => env('PORTHOLE_E2E_URL');

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  await api.createService({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'xss-probe', namespace: NS, annotations: { 'porthole.test/payload': PAYLOAD } },
    spec: { selector: { app: 'xss-probe' }, ports: [{ name: 'http', port: 80 }] },
  });
  const now = new Date().toISOString();
  const event = await api.request('POST', `/api/v1/namespaces/${NS}/events`, {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'xss-probe.payload', namespace: NS },
    involvedObject: { apiVersion: 'v1', kind: 'Service', name: 'xss-probe', namespace: NS },
    reason: 'Probe',
    message: PAYLOAD,
    type: 'Warning',
    count: 1,
    firstTimestamp: now,
    lastTimestamp: now,
    source: { component: 'xss-test' },
  });
  expect(event.status, JSON.stringify(event.body)).toBe(201);
});

/** Fails the test on any dialog and checks after each step that nothing from a payload ran or became markup. */
function guard(page: Page): () => Promise<void> {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return async () => {
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    await expect(page.locator('img[src="x"], svg[onload], [onerror]')).toHaveCount(0);
  };
}

test('detail page: the annotation and the event message show as text', async ({ page }) => {
  const check = guard(page);
  await page.goto(`${base()}/services/${NS}/xss-probe`);
  await expect(page.getByTestId('service-name')).toHaveText('xss-probe');
  await expect(page.locator('main')).toContainText(IMG);
  await expect(page.getByRole('region', { name: /Events/ })).toContainText(SCRIPT);
  await check();
});

test('YAML editor: the payload is text in the document', async ({ page }) => {
  const check = guard(page);
  await page.goto(`${base()}/services/${NS}/xss-probe/yaml`);
  await pointAtEditor(page);
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('porthole.test/payload', { timeout: 30_000 });
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('<img src=x');
  await check();
});

test('list: a payload typed into the search stays text (in the box and in the empty state)', async ({ page }) => {
  const check = guard(page);
  await page.goto(`${base()}/services?namespace=${NS}`);
  await expect(page.getByRole('link', { name: 'xss-probe' })).toBeVisible();
  await page.getByLabel('Search Services').fill(IMG);
  await expect(page.getByLabel('Search Services')).toHaveValue(IMG);
  await expect(page.getByRole('link', { name: 'xss-probe' })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=%3Cimg/);
  await page.reload();
  await expect(page.getByLabel('Search Services')).toHaveValue(IMG);
  await check();
});

test('form: payloads in name and port name are refused with messages (local and the dry run) that quote them as text', async ({ page }) => {
  const check = guard(page);
  await page.goto(newServiceUrl('ClusterIP', NS));
  await expect(page.getByLabel('Service type')).toBeVisible();
  const form = page.getByRole('tabpanel', { name: 'Form' });
  await form.getByLabel('Name', { exact: true }).fill(IMG);
  await form.getByLabel('Port 1: name').fill(SVG);
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(IMG);
  await expect(form.getByLabel('Port 1: name')).toHaveValue(SVG);
  await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'refused');
  await expect(page.locator('main')).toContainText(`metadata.name: Invalid value: "${IMG.replaceAll('"', '\\"')}"`);
  await expect(page.locator('main')).toContainText(`spec.ports[0].name: Invalid value: "${SVG.replaceAll('"', '\\"')}"`);
  await expect(page.getByRole('button', { name: 'Create Service' })).toBeDisabled();
  await check();
});

test('form: a payload as external name is refused, shown as text', async ({ page }) => {
  const check = guard(page);
  await page.goto(newServiceUrl('ExternalName', NS));
  const form = page.getByRole('tabpanel', { name: 'Form' });
  await form.getByLabel('Name', { exact: true }).fill('xss-external');
  await form.getByLabel('External name').fill(SCRIPT);
  await expect(form.getByLabel('External name')).toHaveValue(SCRIPT);
  await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'refused');
  await expect(page.locator('main')).toContainText(`spec.externalName: Invalid value: "${SCRIPT}"`);
  await check();
});

test('annotation editor: a payload saved as a value comes back as text', async ({ page }) => {
  const check = guard(page);
  await page.goto(`${base()}/services/${NS}/xss-probe`);
  await page.getByRole('button', { name: 'Edit annotations' }).click();
  const ed = page.getByRole('group', { name: 'Edit annotations' });
  await ed.getByRole('button', { name: 'Add annotation' }).click();
  await ed.getByRole('textbox', { name: 'Annotation 2 key' }).fill('porthole.test/second');
  await ed.getByRole('textbox', { name: 'Annotation 2 value' }).fill(SVG);
  await ed.getByRole('button', { name: 'Save annotations' }).click();
  await expect.poll(async () => (await api.request('GET', `/api/v1/namespaces/${NS}/services/xss-probe`)).body).toMatchObject({
    metadata: { annotations: { 'porthole.test/second': SVG } },
  });
  await expect(page.locator('main')).toContainText(SVG);
  await check();
});
