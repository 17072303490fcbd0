/**
 * Creating one Service of each type through the form (ClusterIP, headless, NodePort with a fixed and
 * an allocated node port, LoadBalancer with a cloud preset, ExternalName), each checked with
 * `kubectl get -o json`.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, freeNodePort, kubectlGet, openNew, saveAndOpenDetail, unique } from './service-form-support';
import { env } from './support';

const NS = unique('forms-create');

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
});

async function basics(page: Page, name: string, selector = true): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  if (selector) {
    await page.getByRole('button', { name: 'Add selector' }).click();
    await page.getByLabel('Selector 1 key').fill('app');
    await page.getByLabel('Selector 1 value').fill(name);
  }
}

test('the type comes first: the picker leads to the form of that type', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/new?namespace=${NS}`);
  await page.getByRole('link', { name: /^NodePort/ }).click();
  await expect(page).toHaveURL(/type=NodePort/);
  await expect(page.getByLabel('Service type')).toHaveValue('NodePort');
  await expect(page.getByLabel('Port 1: node port')).toBeVisible();
});

test('ClusterIP', async ({ page }) => {
  const name = unique('cip');
  await openNew(page, 'ClusterIP', NS);
  await basics(page, name);
  await expect(page.getByLabel('Port 1: node port')).toHaveCount(0);
  await page.getByLabel('Port 1: target port').fill('8080');
  await saveAndOpenDetail(page, NS, name);
  const svc = await kubectlGet(NS, name);
  expect(svc.spec?.type).toBe('ClusterIP');
  expect(svc.spec?.selector).toEqual({ app: name });
  expect(svc.spec?.ports).toEqual([{ protocol: 'TCP', port: 80, targetPort: 8080 }]);
  expect(svc.spec?.clusterIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  // The saved form is replaced by the detail page: Back goes to where the user came from, not to an empty form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/services\/new/);
});

test('headless', async ({ page }) => {
  const name = unique('hl');
  await openNew(page, 'headless', NS);
  await basics(page, name);
  await expect(page.getByRole('radio', { name: /None \(headless\)/ })).toBeChecked();
  await saveAndOpenDetail(page, NS, name);
  const svc = await kubectlGet(NS, name);
  expect(svc.spec?.clusterIP).toBe('None');
  expect(svc.spec?.clusterIPs).toEqual(['None']);
});

test('NodePort with one fixed and one allocated node port', async ({ page }) => {
  const name = unique('np');
  const fixed = await freeNodePort();
  await openNew(page, 'NodePort', NS);
  await basics(page, name);
  await page.getByLabel('Port 1: name').fill('http');
  await page.getByLabel('Port 1: node port').fill(String(fixed));
  await page.getByRole('button', { name: 'Add port' }).click();
  // Two ports and the second unnamed: the naming rule is explained.
  await expect(page.getByTestId('multi-port-rule')).toBeVisible();
  await page.getByLabel('Port 2: name').fill('metrics');
  await page.getByLabel('Port 2: port').fill('9090');
  await expect(page.getByTestId('multi-port-rule')).toHaveCount(0);
  await saveAndOpenDetail(page, NS, name);
  const svc = await kubectlGet(NS, name);
  expect(svc.spec?.type).toBe('NodePort');
  expect(svc.spec?.ports?.[0]).toMatchObject({ name: 'http', port: 80, nodePort: fixed });
  const allocated = svc.spec?.ports?.[1].nodePort ?? 0;
  expect(svc.spec?.ports?.[1]).toMatchObject({ name: 'metrics', port: 9090 });
  expect(allocated).toBeGreaterThanOrEqual(30000);
  expect(allocated).toBeLessThanOrEqual(32767);
  expect(allocated).not.toBe(fixed);
});

test('LoadBalancer with a cloud preset', async ({ page }) => {
  const name = unique('lb');
  await openNew(page, 'LoadBalancer', NS);
  await basics(page, name);
  const preset = page.getByRole('checkbox', { name: 'AWS: Network Load Balancer' });
  await expect(page.getByText('Asks AWS for a Network Load Balancer')).toBeVisible();
  await preset.check();
  // A preset only writes annotations, editable like any other.
  await expect(page.getByLabel('Annotation 1 key')).toHaveValue('service.beta.kubernetes.io/aws-load-balancer-type');
  await expect(page.getByLabel('Annotation 1 value')).toHaveValue('nlb');
  await expect(page.getByLabel('Load balancer IP')).toBeVisible();
  await expect(page.getByText('deprecated', { exact: true })).toBeVisible();
  await saveAndOpenDetail(page, NS, name);
  const svc = await kubectlGet(NS, name);
  expect(svc.spec?.type).toBe('LoadBalancer');
  expect(svc.metadata.annotations).toEqual({ 'service.beta.kubernetes.io/aws-load-balancer-type': 'nlb' });
  expect(svc.spec?.ports?.[0].nodePort).toBeGreaterThanOrEqual(30000);
});

test('ExternalName', async ({ page }) => {
  const name = unique('ext');
  await openNew(page, 'ExternalName', NS);
  await basics(page, name, false);
  await expect(page.getByRole('radio', { name: /Allocated by the cluster/ })).toHaveCount(0);
  await page.getByLabel('External name').fill('db.example.com');
  await saveAndOpenDetail(page, NS, name);
  const svc = await kubectlGet(NS, name);
  expect(svc.spec?.type).toBe('ExternalName');
  expect(svc.spec?.externalName).toBe('db.example.com');
  expect(svc.spec?.clusterIP).toBeUndefined();
});

test('ExternalName refuses an IP address with the reason (a CNAME cannot point at an IP)', async ({ page }) => {
  await openNew(page, 'ExternalName', NS);
  await page.getByLabel('Name', { exact: true }).fill(unique('extip'));
  const field = page.getByLabel('External name');
  await field.fill('10.1.2.3');
  await expect(page.locator('#f-externalname-msgs li[data-kind=error]')).toContainText('must be a DNS name, not an IP address');
  await expect(page.getByRole('button', { name: 'Create Service' })).toBeDisabled();
  await field.fill('db.example.com');
  await expect(page.locator('#f-externalname-msgs li')).toHaveCount(0);
});
