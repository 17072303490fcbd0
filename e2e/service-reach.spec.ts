/**
 * Reaching a Service from its detail page (issue 20): Try it sends a request to every endpoint through
 * a port-forward and shows each answer; a wrong targetPort is named as the likely cause; "Forward to
 * localhost" opens 127.0.0.1:PORT that answers with a pod's name until it is stopped; read-only mode
 * and the viewer see the reason instead of the buttons. The real lane has no kubelet, so nothing
 * answers there: Try it must show each endpoint's failure, and the forward's answer is skipped.
 */
import { expect, test } from './fixtures';
import { READ_ONLY_REASON } from '../lib/read-only';
import { realCluster } from '../test/support/cluster-kind';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import { actAs, base } from './service-actions-helpers';
import { env } from './support';

let readOnly: PortholeServer;

test.beforeAll(async () => {
  readOnly = await startPorthole({ kubeconfigPath: env('PORTHOLE_E2E_KUBECONFIG'), env: { PORTHOLE_READ_ONLY: '1' } });
});

test.afterAll(async () => {
  await readOnly?.stop();
});

test('Try it on demo/web: two endpoints, each with its own answer (its pod name; on the real lane its failure)', async ({ page }) => {
  await page.goto(`${base()}/services/demo/web#try-it`);
  const section = page.getByTestId('section-try-it');
  await section.getByLabel('Path').fill('/from-the-browser');
  await section.getByRole('button', { name: 'Try it' }).click();
  const endpoints = section.getByRole('list', { name: 'Endpoints tried' }).getByTestId('try-endpoint');
  await expect(endpoints).toHaveCount(2);
  if (realCluster) {
    // No kubelet behind a real API server here: each endpoint says why it could not be reached.
    for (const e of await endpoints.all()) await expect(e).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
    await expect(section.getByTestId('try-error')).toHaveCount(2);
    return;
  }
  for (const e of await endpoints.all()) {
    await expect(e).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
    const pod = (await e.locator('code').first().textContent()) ?? '';
    expect(pod).toMatch(/^web-/);
    await expect(e.getByLabel(`Body from ${pod}`)).toContainText(pod);
    await expect(e.getByTestId('try-status')).toContainText('200');
  }
});

test('Try it on shop/inventory: every endpoint fails and the page names the targetPort as the likely cause', async ({ page }) => {
  await page.goto(`${base()}/services/shop/inventory#try-it`);
  const section = page.getByTestId('section-try-it');
  await section.getByRole('button', { name: 'Try it' }).click();
  await expect(section.getByTestId('try-hint')).toContainText('the targetPort is the likely cause', { timeout: 30_000 });
  const endpoints = section.getByTestId('try-endpoint');
  await expect(endpoints).toHaveCount(2);
  for (const e of await endpoints.all()) await expect(e).toHaveAttribute('data-state', 'failed');
});

test('Forward to localhost: the forward answers plain HTTP with a pod name and stops when stopped', async ({ page }) => {
  test.skip(realCluster, 'a real kube-apiserver here has no kubelet: nothing answers behind a port-forward');
  await page.goto(`${base()}/services/demo/web#try-it`);
  const section = page.getByTestId('section-try-it');
  await expect(section.getByLabel('Copy kubectl command')).toHaveAttribute('data-copy-text', 'kubectl port-forward svc/web 80:80 -n demo');
  await section.getByRole('button', { name: 'Forward to localhost' }).click();
  const table = section.getByRole('table', { name: 'Port forwards' });
  const row = table.getByTestId('forward-row').filter({ hasText: 'demo/web:80' }).last();
  await expect(row).toBeVisible();
  const url = (await row.getByTestId('forward-url').textContent()) ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  const answer = await (await fetch(url)).text();
  expect(answer).toMatch(/web-[a-z0-9]+-[a-z0-9]+/);
  await expect(row).toContainText(/[1-9]\d* \(\d+ open\)/);
  await row.getByRole('button', { name: `Stop forward ${url}` }).click();
  await expect(table.getByTestId('forward-url').filter({ hasText: url })).toHaveCount(0);
  await expect(fetch(url)).rejects.toThrow();
});

test('read-only mode: the reason instead of the Try it and Forward buttons', async ({ page }) => {
  await page.goto(`${readOnly.url}/services/demo/web#try-it`);
  const section = page.getByTestId('section-try-it');
  await expect(section.getByTestId('reach-refused')).toHaveText(READ_ONLY_REASON);
  await expect(section.getByRole('button', { name: 'Try it' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Forward to localhost' })).toHaveCount(0);
});

test('viewer: the reason instead of the Try it and Forward buttons', async ({ page }) => {
  await actAs(page, 'porthole-viewer');
  await page.goto(`${base()}/services/demo/web#try-it`);
  const section = page.getByTestId('section-try-it');
  await expect(section.getByTestId('reach-refused')).toHaveText('Your identity porthole-viewer may not port-forward to pods in namespace demo (create pods/portforward).');
  await expect(section.getByRole('button', { name: 'Try it' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Forward to localhost' })).toHaveCount(0);
});
