/**
 * Create, edit and delete controls follow the identity's permissions (issue 7): SelfSubjectAccessReview
 * per action and namespace; a read-only identity sees them disabled with the reason, and a forced
 * request through Porthole's API gets the API server's 403. Also the New Service entry points.
 */
import { expect, test } from './fixtures';
import type { Status } from '../lib/k8s/types';
import { actAs, api, base, openDetail, recreate, service, stored } from './service-actions-helpers';

const NS = 'e2e-svc-perms';
const EMPTY = 'e2e-svc-perms-empty';

test.beforeAll(async () => {
  await recreate(service(NS, 'guarded', {}, { labels: { app: 'guarded' } }));
  await api.ensureNamespace(EMPTY);
});

test('viewer: Edit, Edit YAML, Delete and label editing are disabled with the reason; forced DELETE and PATCH get 403', async ({ page }) => {
  await actAs(page, 'porthole-viewer');
  await openDetail(page, NS, 'guarded');
  for (const name of ['Edit', 'Edit YAML', 'Delete', 'Edit labels', 'Edit annotations']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveAccessibleDescription(
    `Your identity porthole-viewer may not delete Services in namespace ${NS}.`,
  );
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveAccessibleDescription(
    `Your identity porthole-viewer may not update Services in namespace ${NS}.`,
  );
  await expect(page.getByTestId('service-actions')).toContainText(`Your identity porthole-viewer may not delete Services in namespace ${NS}.`);
  await expect(page.getByTestId('edit-labels-button-reason')).toHaveText(`Your identity porthole-viewer may not patch Services in namespace ${NS}.`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click({ force: true });
  await page.getByRole('button', { name: 'Edit labels' }).click({ force: true });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Edit labels' })).toHaveCount(0);

  // The browser's own cookie (viewer) on a forced request: the API server's 403 Status comes through.
  const uid = (await stored(NS, 'guarded')).service.metadata.uid;
  const del = await page.request.delete(`${base()}/api/namespaces/${NS}/services/guarded`, {
    headers: { 'Content-Type': 'application/json', Origin: base() },
    data: JSON.stringify({ kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid } }),
  });
  expect(del.status()).toBe(403);
  const delStatus = (await del.json()) as Status;
  expect(delStatus).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
  expect(delStatus.message).toBe(`services "guarded" is forbidden: User "viewer" cannot delete resource "services" in API group "" in the namespace "${NS}"`);
  const patch = await page.request.patch(`${base()}/api/namespaces/${NS}/services/guarded`, {
    headers: { 'Content-Type': 'application/merge-patch+json', Origin: base() },
    data: JSON.stringify({ metadata: { labels: { app: null } } }),
  });
  expect(patch.status()).toBe(403);
  expect(((await patch.json()) as Status).message).toContain('User "viewer" cannot patch resource "services"');
  const now = await stored(NS, 'guarded');
  expect(now.status).toBe(200);
  expect(now.service.metadata.labels).toEqual({ app: 'guarded' });
});

test('viewer on the list: New Service and the row menu items are disabled with the reason', async ({ page }) => {
  await actAs(page, 'porthole-viewer');
  await page.goto(`${base()}/services?namespace=${NS}`);
  await expect(page.getByRole('button', { name: 'New Service' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Guided' })).toBeDisabled();
  await expect(page.getByTestId('new-service-reason')).toHaveText(`Your identity porthole-viewer may not create Services in namespace ${NS}.`);
  await page.getByRole('button', { name: `Actions for ${NS}/guarded` }).click();
  const menu = page.getByRole('menu');
  for (const name of ['Edit', 'Edit YAML', 'Delete…']) {
    await expect(menu.getByRole('menuitem', { name, exact: true })).toHaveAttribute('aria-disabled', 'true');
  }
  await expect(menu.getByRole('menuitem', { name: 'Delete…' })).toHaveAccessibleDescription(`Your identity porthole-viewer may not delete Services in namespace ${NS}.`);
  await menu.getByRole('menuitem', { name: 'Delete…' }).click({ force: true });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await stored(NS, 'guarded')).status).toBe(200);
});

test('admin: New Service and Guided on the list and in an empty namespace lead to the create routes', async ({ page }) => {
  await page.goto(`${base()}/services?namespace=${NS}`);
  await expect(page.getByRole('link', { name: 'New Service' })).toHaveAttribute('href', `/services/new?namespace=${NS}`);
  await expect(page.getByRole('link', { name: 'Guided' })).toHaveAttribute('href', `/services/new/guided?namespace=${NS}`);
  await page.goto(`${base()}/services?namespace=${EMPTY}`);
  const empty = page.getByTestId('list-empty');
  await expect(empty).toContainText(`No Services in namespace ${EMPTY}`);
  await empty.getByRole('link', { name: 'New Service' }).click();
  await expect(page).toHaveURL(new RegExp(`/services/new\\?namespace=${EMPTY}$`));
});

test('editor: may create and delete in demo (its namespace), not elsewhere', async ({ page }) => {
  await actAs(page, 'porthole-editor');
  await page.goto(`${base()}/services?namespace=demo`);
  await expect(page.getByRole('link', { name: 'New Service' })).toBeVisible();
  // The rows and the link are in the HTML: a click before hydration would open no menu.
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await page.getByRole('button', { name: /^Actions for demo\// }).first().click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Delete…' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await page.goto(`${base()}/services?namespace=default`);
  await expect(page.getByRole('button', { name: 'New Service' })).toBeDisabled();
  await expect(page.getByTestId('new-service-reason')).toHaveText('Your identity porthole-editor may not create Services in namespace default.');
});

test('item 16: a viewer in "All namespaces" is told it may create Services in no namespace (not "in namespace default")', async ({ page }) => {
  await actAs(page, 'porthole-viewer');
  await page.goto(`${base()}/services`);
  await expect(page.getByRole('button', { name: 'New Service' })).toBeDisabled();
  await expect(page.getByTestId('new-service-reason')).toHaveText('Your identity porthole-viewer may not create Services in any namespace.');
});

test('item 16: an editor in "All namespaces" may create (in demo, where it may), and the form opens there', async ({ page }) => {
  await actAs(page, 'porthole-editor');
  await page.goto(`${base()}/services`);
  await page.getByRole('link', { name: 'New Service' }).click();
  await page.getByRole('link', { name: /^ClusterIP/ }).click();
  await expect(page.getByRole('tabpanel', { name: 'Form' }).getByLabel('Namespace')).toHaveValue('demo');
});

test('item 15: a viewer on /edit and /yaml is told once, at the top, that its permissions refuse it', async ({ page }) => {
  await actAs(page, 'porthole-viewer');
  await page.goto(`${base()}/services/${NS}/guarded/edit`);
  const note = page.getByRole('note', { name: 'Why nothing can be saved' });
  await expect(note).toContainText(`Your identity porthole-viewer may not update Services in namespace ${NS}.`);
  await expect(note).toContainText('your permissions in the cluster, not a Porthole setting');
  await expect(page.getByText(`may not update Services in namespace ${NS}`)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveAccessibleDescription(/may not update Services/);
  await page.goto(`${base()}/services/${NS}/guarded/yaml`);
  const yamlNote = page.getByRole('note', { name: 'Why nothing can be saved' });
  await expect(yamlNote).toContainText(`Your identity porthole-viewer may not update Services in namespace ${NS}.`);
  await expect(page.getByText(`may not update Services in namespace ${NS}`)).toHaveCount(1);
  await expect(page.getByTestId('service-yaml-pane')).toHaveAttribute('data-dry-run', 'done');
  await expect(page.getByTestId('yaml-problem-count')).toHaveText('0 errors, 0 warnings');
});
