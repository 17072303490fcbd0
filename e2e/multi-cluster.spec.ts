/**
 * Several clusters in the browser (issue 9): Porthole on two kubeconfig files describing two running
 * embedded clusters (`alpha` with the demo data, `beta` with a Service of its own) and an unreachable
 * one (`dead`). The cluster picker lists them with their reachability; choosing one changes the URL
 * and the list; a shared link opens the same Service on the same cluster; the unreachable cluster
 * shows its state while the others stay usable.
 */
import { expect, test } from '@playwright/test';
import { ONLY_IN_BETA, startMultiClusterStack, type MultiClusterStack } from '../test/support/multi-cluster';

let stack: MultiClusterStack;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startMultiClusterStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

const picker = (page: import('@playwright/test').Page) => page.getByRole('combobox', { name: 'Cluster' });

test('the picker lists every cluster with its reachability; choosing one changes the URL and the list', async ({ page }) => {
  await page.goto(`${stack.url}/services`);
  await expect(picker(page)).toHaveValue('alpha');
  await expect(picker(page).getByRole('option', { name: /^alpha \(default\) — reachable$/ })).toHaveCount(1);
  await expect(picker(page).getByRole('option', { name: /^beta — reachable$/ })).toHaveCount(1);
  await expect(picker(page).getByRole('option', { name: /^dead — unreachable: .*127\.0\.0\.1/ })).toHaveCount(1);
  await expect(page.getByTestId('cluster-reachability')).toHaveAccessibleName('This cluster is reachable');
  // alpha: the demo data, not beta's Service.
  await expect(page.getByTestId('service-row').filter({ hasText: 'demo' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: ONLY_IN_BETA })).toHaveCount(0);

  await picker(page).selectOption('beta');
  await expect(page).toHaveURL(/\/services\?cluster=beta$/);
  await expect(picker(page)).toHaveValue('beta');
  await expect(page.getByRole('link', { name: ONLY_IN_BETA })).toBeVisible();
  await expect(page.getByTestId('service-row').filter({ hasText: 'demo' })).toHaveCount(0);
  await expect(page.getByTestId('cluster-name')).toContainText('beta-admin');

  // The list's own URL state keeps the cluster (a namespace chosen on beta).
  await page.getByTestId('namespace-select').selectOption('default');
  await expect(page).toHaveURL(/[?&]cluster=beta/);
  await expect(page).toHaveURL(/[?&]namespace=default/);
  await expect(page.getByRole('link', { name: ONLY_IN_BETA })).toBeVisible();
});

test('a shared link opens the same Service on the same cluster', async ({ page, browser }) => {
  await page.goto(`${stack.url}/services?cluster=beta`);
  await page.getByRole('link', { name: ONLY_IN_BETA }).click();
  await expect(page).toHaveURL(new RegExp(`/services/default/${ONLY_IN_BETA}\\?cluster=beta$`));
  await expect(page.getByTestId('service-name')).toHaveText(ONLY_IN_BETA);
  const shared = page.url();

  // Someone else opens the link: a new browser context, nothing shared but the URL.
  const other = await browser.newContext();
  try {
    const theirs = await other.newPage();
    await theirs.goto(shared);
    await expect(theirs.getByTestId('service-name')).toHaveText(ONLY_IN_BETA);
    await expect(picker(theirs)).toHaveValue('beta');
    // On the default cluster that Service does not exist.
    await theirs.goto(`${stack.url}/services/default/${ONLY_IN_BETA}`);
    await expect(theirs.getByRole('heading', { name: `No Service ${ONLY_IN_BETA} in namespace default` })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the unreachable cluster shows its state while the others stay usable', async ({ page }) => {
  await page.goto(`${stack.url}/services?cluster=dead`);
  await expect(picker(page)).toHaveValue('dead');
  const error = page.getByTestId('list-error');
  await expect(error).toContainText('Cannot reach the Kubernetes API server');
  await expect(error).toContainText(`127.0.0.1:${stack.deadPort}`);
  await expect(page.getByTestId('cluster-reachability')).toHaveAccessibleName(/This cluster is unreachable/);

  // The picker still works and the other cluster answers at once.
  await picker(page).selectOption('alpha');
  await expect(page).toHaveURL(/\/services\?cluster=alpha$/);
  await expect(page.getByTestId('service-row').first()).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
});

test('a link naming an unknown cluster says so and links to the known ones', async ({ page }) => {
  await page.goto(`${stack.url}/services?cluster=nope`);
  await expect(page.getByRole('heading', { name: 'Unknown cluster' })).toBeVisible();
  const known = page.getByRole('navigation', { name: 'Known clusters' });
  await expect(known.getByRole('link')).toHaveText(['alpha', 'beta', 'dead']);
  await known.getByRole('link', { name: 'beta' }).click();
  await expect(page).toHaveURL(/\/services\?cluster=beta$/);
  await expect(page.getByRole('link', { name: ONLY_IN_BETA })).toBeVisible();
});
