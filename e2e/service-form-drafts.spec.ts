/**
 * The New-Service form (issue 18, items 5 and 6): an ExternalName keeps no "pods match" and says
 * its selector is ignored; the form's draft survives a reload (as the YAML editor's drafts do), the
 * URL follows the type, and a created Service leaves no draft behind.
 */
import { expect, test } from './fixtures';
import { createRunning, pod } from './pod-support';
import { api, kubectlGet, openNew, saveAndOpenDetail, unique } from './service-form-support';

const NS = unique('forms-drafts');

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  await createRunning([pod(NS, 'web-1', { app: 'web' }, [{ name: 'http', containerPort: 8080 }]), pod(NS, 'web-2', { app: 'web' }, [{ name: 'http', containerPort: 8080 }])]);
});

test('item 5: ExternalName with a selector says the selector is ignored, and offers no pods or their ports', async ({ page }) => {
  await openNew(page, 'ClusterIP', NS);
  await page.getByRole('button', { name: 'Add selector' }).click();
  await page.getByLabel('Selector 1 key').fill('app');
  await page.getByLabel('Selector 1 value').fill('web');
  const count = page.getByRole('status').filter({ hasText: /pods match|pod matches/ });
  await expect(count).toHaveText('2 pods match (2 ready)');
  await expect(page.getByRole('button', { name: 'http (8080/TCP)' })).toBeVisible();

  await page.getByLabel('Service type').selectOption('ExternalName');
  await page.getByLabel('External name').fill('db.example.com');
  const ignored = 'spec.selector is ignored when spec.type is "ExternalName"';
  await expect(page.getByRole('list', { name: 'Warnings' })).toContainText(ignored);
  await expect(page.locator('#f-selector-msgs, [data-testid=selector-ignored]').filter({ hasText: ignored }).first()).toBeVisible();
  await expect(count).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'http (8080/TCP)' })).toHaveCount(0);
  await expect(page.getByTestId('type-switch-summary')).toContainText('clear by hand: pod selector');
});

test('item 6: the form keeps its draft over a reload, the URL follows the type, a create leaves no draft', async ({ page }) => {
  const name = unique('kept');
  await openNew(page, 'NodePort', NS);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add selector' }).click();
  await page.getByLabel('Selector 1 key').fill('app');
  await page.getByLabel('Selector 1 value').fill('web');
  await page.getByLabel('Service type').selectOption('ClusterIP');
  await expect(page).toHaveURL(/type=ClusterIP/);
  await page.getByLabel('Port 1: target port').fill('http');

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'A draft of this new Service was restored' })).toBeVisible();
  await expect(page.getByLabel('Service type')).toHaveValue('ClusterIP');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Selector 1 value')).toHaveValue('web');
  await expect(page.getByLabel('Port 1: target port')).toHaveValue('http');

  // Discard starts again from an empty form of the same type.
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Port 1: target port').fill('8080');
  await saveAndOpenDetail(page, NS, name);
  expect((await kubectlGet(NS, name)).spec?.type).toBe('ClusterIP');
  await openNew(page, 'ClusterIP', NS);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'A draft of this new Service was restored' })).toHaveCount(0);
});
