/**
 * Dual stack through the form: on a dual-stack embedded cluster
 * (`--service-cluster-ip-range 10.96.0.0/12,fd00:10:96::/108`) a Service created with the form's
 * IP family policy and families gets one cluster IP per family in the chosen order; on a
 * single-stack cluster the same choice is refused with the API server's message at the field.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Service } from '../lib/k8s/types/service';
import { startPrivateStack, type PrivateStack } from './support';

const NS = 'e2e-dual-form';
let dual: PrivateStack;

test.beforeAll(async () => {
  dual = await startPrivateStack({ empty: true, serviceClusterIPRange: '10.96.0.0/12,fd00:10:96::/108' });
  await dual.api.ensureNamespace(NS);
});

test.afterAll(async () => {
  await dual?.stop();
});

async function fillDualStack(page: Page, base: string, name: string): Promise<void> {
  await page.goto(`${base}/services/new?type=ClusterIP&namespace=${NS}`);
  await expect(page.getByRole('tabpanel', { name: 'Form' }).getByLabel('Namespace')).toHaveValue(NS);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add selector' }).click();
  await page.getByLabel('Selector 1 key').fill('app');
  await page.getByLabel('Selector 1 value').fill(name);
  await page.getByLabel('IP family policy').selectOption('RequireDualStack');
  await page.getByLabel('IP families').selectOption('IPv6,IPv4');
}

test('RequireDualStack with IPv6 first: both cluster IPs allocated, IPv6 primary, shown on the detail page', async ({ page }) => {
  const name = 'dual-web';
  await fillDualStack(page, dual.porthole.url, name);
  await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'ok');
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${NS}/${name}$`));

  const res = await dual.api.request('GET', `/api/v1/namespaces/${NS}/services/${name}`);
  expect(res.status).toBe(200);
  const svc = res.body as Service;
  expect(svc.spec?.ipFamilyPolicy).toBe('RequireDualStack');
  expect(svc.spec?.ipFamilies).toEqual(['IPv6', 'IPv4']);
  const [v6, v4] = svc.spec?.clusterIPs ?? [];
  expect(v6).toMatch(/^fd00:10:96::[0-9a-f]+$/);
  expect(v4).toMatch(/^10\./);
  expect(svc.spec?.clusterIP).toBe(v6);
  await expect(page.locator('[data-field=clusterIPs] code')).toHaveText([v6, v4]);
});

test('on a single-stack cluster the same choice is refused by the dry run, at the field, and nothing is stored', async ({ page }) => {
  const single = await startPrivateStack({ empty: true });
  try {
    await single.api.ensureNamespace(NS);
    await fillDualStack(page, single.porthole.url, 'one-family');
    // The form does not know the cluster's families: the API server's dry run says it, at the field.
    const server = await single.api.request('POST', `/api/v1/namespaces/${NS}/services?dryRun=All`, {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'one-family', namespace: NS },
      spec: { selector: { app: 'one-family' }, ports: [{ port: 80, protocol: 'TCP' }], ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv6', 'IPv4'] },
    });
    expect(server.status).toBe(422);
    const cause = ((server.body as { details?: { causes?: { message?: string }[] } }).details?.causes ?? [])[0]?.message ?? '';
    expect(cause).not.toBe('');
    await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'refused');
    await expect(page.locator('li[data-source=server]').first()).toBeVisible();
    await expect(page.getByText(cause, { exact: false }).first()).toBeVisible();
    const stored = await single.api.request('GET', `/api/v1/namespaces/${NS}/services/one-family`);
    expect(stored.status).toBe(404);
  } finally {
    await single.stop();
  }
});
