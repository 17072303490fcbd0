/**
 * Issue 9: a namespace-limited user (the embedded cluster's `developer`: Services in `demo` only, may
 * not list namespaces) gets useful views of the namespace it can read, never an error page: the list
 * opens in demo, the selector offers demo and says "All namespaces" is not allowed, a note says where
 * it can read Services, and a Service's page and actions work there.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations } from './axe';
import { actAs, base, openDetail, recreate, service, stored } from './service-actions-helpers';

const NS = 'demo';
const NAME = 'e2e-ns-limited';

const row = (page: Page, ns: string, name: string) => page.locator(`[data-testid=service-row][data-key="${ns}/${name}"]`);

test.beforeEach(async () => {
  await recreate(service(NS, NAME, {}, { labels: { app: NAME } }));
});

test('the list opens in demo, offers only what the user can read, and says so', async ({ page }) => {
  await actAs(page, 'porthole-developer');
  // Opening the list of all namespaces lands on the context's namespace.
  await expect(page).toHaveURL(/\/services\?namespace=demo$/);
  await expect(page.locator('#identity-select')).toHaveValue('porthole-developer');
  await expect(row(page, NS, NAME)).toBeVisible();
  await expect(page.getByTestId('readable-namespaces')).toContainText('You can read Services in: demo');
  await expect(page.getByTestId('list-error')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await axeViolations(page), theme).toEqual([]);
  }

  const selector = page.getByRole('combobox', { name: 'Namespace' });
  await expect(selector).toHaveValue(NS);
  await expect(selector.locator('option')).toHaveText(['All namespaces (not allowed)', NS]);
  await expect(selector.locator('option', { hasText: 'All namespaces' })).toBeDisabled();

  // The note's link opens that namespace's list.
  await page.goto(`${base()}/services?namespace=${NS}&q=${NAME}`);
  await page.getByTestId('readable-namespaces').getByRole('link', { name: NS }).click();
  await expect(page).toHaveURL(/\/services\?namespace=demo$/);
  await expect(row(page, NS, NAME)).toBeVisible();
});

test('a Service page and its actions work in demo', async ({ page }) => {
  await actAs(page, 'porthole-developer');
  await openDetail(page, NS, NAME);
  await expect(page.getByTestId('detail-error')).toHaveCount(0);
  await expect(page.getByTestId('service-actions').getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete Service ${NS}/${NAME}?` });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/services\?namespace=demo$/);
  await expect.poll(async () => (await stored(NS, NAME)).status).toBe(404);
});

test('a new Service is proposed in demo, the namespace the user may create in', async ({ page }) => {
  await actAs(page, 'porthole-developer');
  await page.goto(`${base()}/services/new?type=ClusterIP`);
  await expect(page.locator('#f-namespace')).toHaveValue(NS);
  await expect(page.locator('#f-namespace option')).toHaveText([NS]);
  // The guided flow offers the same namespace, with its pods to choose from.
  await page.goto(`${base()}/services/new/guided`);
  const namespace = page.getByRole('combobox', { name: 'Namespace of the new Service' });
  await expect(namespace).toHaveValue(NS);
  // Each with its pod count (issue 18 item 2).
  await expect(namespace.locator('option')).toHaveText([new RegExp(`^${NS} \\(\\d+ pods?\\)$`)]);
  await expect(page.getByText('You may not create Services in any namespace')).toHaveCount(0);
  await expect(page.getByText(/No label chosen: .* \(\d+ in demo\)\./)).toBeVisible();
});

test('a Service in a namespace it may not read: a clear note with where it can, not an error page', async ({ page }) => {
  await actAs(page, 'porthole-developer');
  // Its list: the refusal explained, the note, and counts that settle (before: "Needs attention …" for ever).
  await page.goto(`${base()}/services?namespace=default`);
  await expect(page.getByTestId('list-error')).toContainText('Not allowed to list Services');
  await expect(page.getByTestId('readable-namespaces')).toContainText('You can read Services in: demo');
  await expect(page.getByTestId('attention-filter')).toHaveText(/Needs attention\s*0$/);
  // The header says what holds here (before: "Read-only", as if reading were allowed).
  await expect(page.getByTestId('no-access')).toHaveText('No access here');
  await expect(page.getByTestId('read-only')).toHaveCount(0);
  await page.goto(`${base()}/services/default/kubernetes`);
  const error = page.getByTestId('detail-error');
  await expect(error.getByRole('heading', { name: 'Not allowed to read this Service' })).toBeVisible();
  await expect(error.getByTestId('readable-namespaces')).toContainText('You can read Services in: demo');
  await error.getByRole('link', { name: NS }).click();
  await expect(page).toHaveURL(/\/services\?namespace=demo$/);
  await expect(row(page, NS, NAME)).toBeVisible();
});

test('the create pages do not call a user who may create in demo "Read-only"', async ({ page }) => {
  await actAs(page, 'porthole-developer');
  // Before: /services/new/guided was read as namespace "new", where the developer may not write.
  for (const path of ['/services/new/guided', '/services/new?type=ClusterIP']) {
    await page.goto(`${base()}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The access reviews behind the badge answer within milliseconds; give them ample time to show it.
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('read-only')).toHaveCount(0);
  }
  // A Service's edit page: the header's namespace is the Service's.
  await page.goto(`${base()}/services/${NS}/${NAME}/edit`);
  await expect(page.getByRole('combobox', { name: 'Namespace' })).toHaveValue(NS);
  await expect(page.getByTestId('read-only')).toHaveCount(0);
});
