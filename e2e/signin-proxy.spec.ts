/**
 * `--auth proxy` in the browser: Porthole started as a user starts it (bin/porthole.ts, its front
 * stamps the peer address), behind a "proxy" played by the browser context's extra headers from
 * 127.0.0.1 (the trusted address). Each user acts as themselves through impersonation: the viewer
 * sees the list read-only, an admin-group user may change Services and the audit line names them;
 * without a user, no cluster data is shown, only how to get in.
 */
import { expect, test } from './fixtures';
import { startPortholeCommand, type StartedCommand } from '../test/support/start-porthole-command';
import { axeViolations } from './axe';
import { env, sharedApi } from './support';

const api = sharedApi();
const NS = `e2e-proxy-${Date.now().toString(36)}`;
let porthole: StartedCommand;
const base = (): string => `http://127.0.0.1:${porthole.port}`;

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  await api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'behind-proxy', namespace: NS }, spec: { ports: [{ port: 80 }] } });
  porthole = await startPortholeCommand(['--kubeconfig', env('PORTHOLE_E2E_KUBECONFIG'), '--auth', 'proxy', '--trusted-proxies', '127.0.0.1/32']);
});

test.afterAll(async () => {
  await porthole?.stop();
});

test('the viewer named by the proxy: the list as that user, read-only with the reason, no sign-out', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Remote-User': 'viewer', 'X-Remote-Group': 'porthole:viewers' } });
  const page = await context.newPage();
  await page.goto(`${base()}/services?namespace=${NS}`);
  await expect(page.getByRole('link', { name: 'behind-proxy' })).toBeVisible();
  await expect(page.getByTestId('signed-in-user')).toHaveText(/viewer/);
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await context.close();
});

test('a user in an admin group deletes a Service as themselves: the audit line names them', async ({ browser }) => {
  await api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'proxy-delete', namespace: NS }, spec: { ports: [{ port: 80 }] } });
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Remote-User': 'alice@example.com', 'X-Remote-Group': 'system:masters' } });
  const page = await context.newPage();
  await page.goto(`${base()}/services/${NS}/proxy-delete`);
  await expect(page.getByTestId('signed-in-user')).toHaveText(/alice@example\.com/);
  await expect(page.getByTestId('read-only')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete Service ${NS}/proxy-delete?` });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect.poll(async () => (await api.request('GET', `/api/v1/namespaces/${NS}/services/proxy-delete`)).status).toBe(404);
  await expect.poll(() => porthole.output()).toMatch(/"user":"alice@example\.com".*"verb":"delete"|"verb":"delete".*"user":"alice@example\.com"/);
  await context.close();
});

test('no user from the proxy: no cluster data, a page that says how to get in', async ({ page }) => {
  await page.goto(`${base()}/services?namespace=${NS}`);
  await expect(page).toHaveURL(/\/signin\?reason=no-user$/);
  await expect(page.getByRole('heading', { name: 'Sign in through your organisation' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('the authenticating proxy in front of it named nobody');
  await expect(page.getByRole('link', { name: 'behind-proxy' })).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await axeViolations(page), theme).toEqual([]);
  }
});
