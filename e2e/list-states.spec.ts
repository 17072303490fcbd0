import { expect, test } from './fixtures';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import { env, sharedApi } from './support';

test('an empty namespace says so and how Services get there', async ({ page }) => {
  // It exists (a namespace that does not exist says that instead).
  await sharedApi().ensureNamespace('e2e-nothing-here');
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services?namespace=e2e-nothing-here`);
  await expect(page.getByTestId('list-empty')).toContainText('No Services in namespace e2e-nothing-here');
  await expect(page.getByTestId('list-empty')).toContainText('appear here as soon as they exist');
});

test.describe('API server unreachable from the start', () => {
  let porthole: PortholeServer;
  let dir: string;
  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'porthole-e2e-down-'));
    const kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters: [{name: prod, cluster: {server: "https://127.0.0.1:9"}}]',
        'users: [{name: u, user: {token: t}}]',
        'contexts: [{name: prod-admin, context: {cluster: prod, user: u}}]',
        'current-context: prod-admin',
      ].join('\n'),
    );
    porthole = await startPorthole({ kubeconfigPath: kubeconfig, source: 'kubeconfig' });
  });
  test.afterAll(async () => {
    await porthole?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('says what happened and what to do, and shows the connection as stale', async ({ page }) => {
    await page.goto(`${porthole.url}/services`);
    const error = page.getByTestId('list-error');
    await expect(error).toContainText('Cannot reach the Kubernetes API server');
    await expect(error).toContainText('https://127.0.0.1:9');
    await expect(error).toContainText('keeps retrying');
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', /stale|reconnecting/);
    // Nothing was ever loaded: not "Stale · 12s" (D-07).
    await expect(page.getByTestId('connection-state')).toHaveText(/^(Unreachable|Reconnecting)$/);
    await expect(page.getByTestId('cluster-name')).toContainText('prod-admin');
  });
});
