/**
 * Read-only mode in the browser (issue 9): a Porthole started with --read-only (PORTHOLE_READ_ONLY=1)
 * acting as the cluster admin — who may do anything — disables every write control with the reason
 * "Porthole runs in read-only mode", and a forced write through its API gets the 403 Status.
 */
import { expect, test } from './fixtures';
import type { Status } from '../lib/k8s/types';
import { READ_ONLY_REASON } from '../lib/read-only';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import { recreate, service, stored } from './service-actions-helpers';
import { env } from './support';

const NS = 'e2e-read-only';
let readOnly: PortholeServer;

test.beforeAll(async () => {
  await recreate(service(NS, 'frozen', {}, { labels: { app: 'frozen' } }));
  readOnly = await startPorthole({ kubeconfigPath: env('PORTHOLE_E2E_KUBECONFIG'), env: { PORTHOLE_READ_ONLY: '1' } });
});

test.afterAll(async () => {
  await readOnly?.stop();
});

test('the list: Read-only badge, New Service, Guided and the row menu are disabled with the reason', async ({ page }) => {
  await page.goto(`${readOnly.url}/services?namespace=${NS}`);
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByTestId('read-only')).toHaveAttribute('title', READ_ONLY_REASON);
  await expect(page.getByRole('button', { name: 'New Service' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Guided' })).toBeDisabled();
  await expect(page.getByTestId('new-service-reason')).toHaveText(READ_ONLY_REASON);
  await page.getByRole('button', { name: `Actions for ${NS}/frozen` }).click();
  const menu = page.getByRole('menu');
  for (const name of ['Edit', 'Edit YAML', 'Delete…']) await expect(menu.getByRole('menuitem', { name, exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Delete…' })).toHaveAccessibleDescription(READ_ONLY_REASON);
});

test('the detail page: Edit, Edit YAML, Delete and label editing are disabled with the reason', async ({ page }) => {
  await page.goto(`${readOnly.url}/services/${NS}/frozen`);
  await expect(page.getByTestId('service-name')).toHaveText('frozen');
  for (const name of ['Edit', 'Edit YAML', 'Delete', 'Edit labels', 'Edit annotations']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveAccessibleDescription(READ_ONLY_REASON);
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveAccessibleDescription(READ_ONLY_REASON);
  await expect(page.getByTestId('edit-labels-button-reason')).toHaveText(READ_ONLY_REASON);
});

test('the form: Create Service is disabled with the reason and offers no "Send anyway"', async ({ page }) => {
  await page.goto(`${readOnly.url}/services/new?type=ClusterIP&namespace=${NS}`);
  await expect(page.getByRole('button', { name: 'Create Service' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create Service' })).toHaveAccessibleDescription(new RegExp(READ_ONLY_REASON.replace(/[.()-]/g, '\\$&')));
  await expect(page.getByRole('button', { name: 'Send anyway' })).toHaveCount(0);
});

test('item 15: /edit and /yaml say once, at the top, that Porthole runs in read-only mode; nothing to send, no error at line 1', async ({ page }) => {
  await page.goto(`${readOnly.url}/services/${NS}/frozen/edit`);
  const note = page.getByRole('note', { name: 'Why nothing can be saved' });
  await expect(note).toContainText(READ_ONLY_REASON);
  await expect(note).not.toContainText('may not');
  await expect(page.getByText(READ_ONLY_REASON)).toHaveCount(1);
  // At the top: above the editor's tabs.
  const noteBox = await note.boundingBox();
  const tabsBox = await page.getByRole('tablist', { name: 'Editor view' }).boundingBox();
  expect(noteBox && tabsBox && noteBox.y < tabsBox.y).toBe(true);
  await expect(page.getByLabel('Port 1: port')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send anyway' })).toHaveCount(0);

  await page.goto(`${readOnly.url}/services/${NS}/frozen/yaml`);
  const yamlNote = page.getByRole('note', { name: 'Why nothing can be saved' });
  await expect(yamlNote).toContainText(READ_ONLY_REASON);
  await expect(yamlNote).not.toContainText('porthole-admin');
  await expect(yamlNote).not.toContainText('may not update');
  await expect(page.getByText(READ_ONLY_REASON)).toHaveCount(1);
  await expect(page.getByTestId('service-yaml-pane')).toHaveAttribute('data-dry-run', 'done');
  await expect(page.getByTestId('yaml-problem-count')).toHaveText('0 errors, 0 warnings');
  await expect(page.getByRole('button', { name: 'Review and apply…' })).toBeDisabled();
});

test('the guided flow says why it cannot create', async ({ page }) => {
  await page.goto(`${readOnly.url}/services/new/guided?namespace=${NS}`);
  await expect(page.getByRole('alert').filter({ hasText: READ_ONLY_REASON })).toBeVisible();
});

test('a forced write from the page gets the 403 Status and changes nothing', async ({ page }) => {
  await page.goto(`${readOnly.url}/services?namespace=${NS}`);
  const del = await page.request.delete(`${readOnly.url}/api/namespaces/${NS}/services/frozen`, { headers: { Origin: readOnly.url } });
  expect(del.status()).toBe(403);
  expect((await del.json()) as Status).toMatchObject({ kind: 'Status', code: 403, reason: 'Forbidden', message: READ_ONLY_REASON });
  expect((await stored(NS, 'frozen')).status).toBe(200);
});
