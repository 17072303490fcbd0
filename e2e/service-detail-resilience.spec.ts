/**
 * The Service detail page when the API server goes away: with a page open it says it shows the last
 * known data (and dates the diagnosis); a page opened while the API server is down says what
 * happened and what to do instead of loading forever; both recover by themselves.
 */
import { expect, test } from './fixtures';
import { startPrivateStack, type PrivateStack } from './support';

const NS = 'e2e-detail-down';
let stack: PrivateStack;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startPrivateStack();
  await stack.api.ensureNamespace(NS);
  await stack.api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: NS }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('API server down: last-known-data banner on an open page, an error state on a cold load; both recover by themselves', async ({ page, context }) => {
  test.setTimeout(170_000);
  const url = `${stack.porthole.url}/services/${NS}/web`;
  await page.goto(url);
  await expect(page.getByTestId('service-type')).toHaveText('ClusterIP');
  await expect(page.locator('[data-testid=diagnosis]:not([aria-busy])')).toBeVisible();
  await expect(page.getByTestId('detail-stale-banner')).toHaveCount(0);

  await stack.killCluster();
  // D-12: the open page says its data is the last known, and dates the diagnosis.
  await expect(page.getByTestId('detail-stale-banner')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('detail-stale-banner')).toContainText('Showing the last known data');
  await expect(page.getByTestId('diagnosis-as-of')).toContainText(/As of \d{1,2}:\d{2}:\d{2}/);
  await expect(page.getByTestId('detail-stale-banner')).toContainText(/as of \d{1,2}:\d{2}:\d{2}/);
  await expect(page.getByTestId('service-type')).toHaveText('ClusterIP');

  // D-07: a page opened while the API server is down explains itself instead of loading forever.
  const cold = await context.newPage();
  await cold.goto(url);
  await expect(cold.getByTestId('detail-error')).toBeVisible({ timeout: 20_000 });
  await expect(cold.getByTestId('detail-error')).toContainText('Cannot reach the Kubernetes API server');
  await expect(cold.getByTestId('detail-error')).toContainText('keeps retrying');
  await expect(cold.getByTestId('detail-error')).toHaveAttribute('data-retrying', 'true');
  await expect(cold.getByTestId('detail-loading')).toHaveCount(0);

  await stack.restartCluster();
  await expect(cold.getByTestId('service-type')).toHaveText('ClusterIP', { timeout: 60_000 });
  await expect(cold.locator('[data-testid=diagnosis]:not([aria-busy])')).toBeVisible();
  await expect(page.getByTestId('detail-stale-banner')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('diagnosis-as-of')).toHaveCount(0);
});
