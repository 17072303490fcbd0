/**
 * `--auth token` in the browser: the sign-in page (an accessible form, the token in a password
 * field labelled "Bearer token"), a clear error for a bad token, the signed-in user and Sign out in
 * the chrome, the session cookie out of reach of scripts, and the tab sent back to the sign-in page
 * when the session expires. Its own Porthole servers in token mode, on the shared test cluster.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEFAULT_TOKENS } from '../lib/cluster/auth/defaults';
import { seal } from '../lib/server/session-seal';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import { axeViolations } from './axe';
import { env } from './support';

const KEY = randomBytes(32);
let porthole: PortholeServer;
let shortLived: PortholeServer;

test.beforeAll(async () => {
  const kubeconfigPath = env('PORTHOLE_E2E_KUBECONFIG');
  [porthole, shortLived] = await Promise.all([
    startPorthole({ kubeconfigPath, env: { PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_KEY: KEY.toString('base64') } }),
    startPorthole({ kubeconfigPath, env: { PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_IDLE_SECONDS: '4' } }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([porthole?.stop(), shortLived?.stop()]);
});

async function signIn(page: Page, token: string): Promise<void> {
  const field = page.getByLabel('Bearer token');
  await expect(field).toHaveAttribute('type', 'password');
  await field.fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a page asks for a sign-in; a bad token gets a clear error and nothing else is reachable', async ({ page }) => {
  await page.goto(`${porthole.url}/services?namespace=shop`);
  await expect(page).toHaveURL(/\/signin\?next=%2Fservices%3Fnamespace%3Dshop$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Porthole' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  // Nothing of the cluster is offered before signing in.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByLabel('Namespace')).toHaveCount(0);

  await signIn(page, 'not-a-real-token');
  await expect(page).toHaveURL(/\/signin\?error=rejected/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/The cluster did not accept this token/);
  await expect(page.getByLabel('Bearer token')).toHaveAttribute('aria-invalid', 'true');
  // WCAG AA in both themes, error shown (before: the dark theme's Sign in button was white on light blue, 2.6:1).
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.reload();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    expect(await axeViolations(page), theme).toEqual([]);
  }
  await page.goto(`${porthole.url}/services`);
  await expect(page).toHaveURL(/\/signin/);
});

test('signed in as the viewer: the list, who is signed in, an unreadable cookie, and sign-out', async ({ page, context }) => {
  await page.goto(`${porthole.url}/services?namespace=shop`);
  await signIn(page, DEFAULT_TOKENS.viewer);
  await expect(page).toHaveURL(/\/services\?namespace=shop$/);
  await expect(page.getByRole('link', { name: 'checkout' })).toBeVisible();
  await expect(page.getByTestId('signed-in-user')).toHaveText(/Signed in as\s*viewer/);
  await expect(page.getByTestId('read-only')).toBeVisible();

  // The browser holds only the sealed cookie, and no script can read it.
  const cookie = (await context.cookies()).find((c) => c.name === 'porthole-session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Strict');
  expect(cookie?.value).not.toContain(DEFAULT_TOKENS.viewer);
  expect(await page.evaluate(() => document.cookie)).not.toContain('porthole-session');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin\?reason=signed-out$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('You are signed out.');
  await page.goto(`${porthole.url}/services`);
  await expect(page).toHaveURL(/\/signin/);
});

test('signed in as the editor (Services in demo only): the list opens in demo, not on a refusal', async ({ page }) => {
  await page.goto(`${porthole.url}/services`);
  await signIn(page, DEFAULT_TOKENS.editor);
  // Before: "All namespaces (not allowed)" and "Not allowed to list Services" (a token user has no context namespace).
  await expect(page).toHaveURL(/\/services\?namespace=demo$/);
  await expect(page.getByTestId('list-error')).toHaveCount(0);
  await expect(page.getByTestId('service-row').first()).toBeVisible();
  await expect(page.getByTestId('readable-namespaces')).toContainText('You can read Services in: demo');
});

test('an idle session expires and the open tab goes to the sign-in page, then back after signing in', async ({ page }) => {
  await page.goto(`${shortLived.url}/services?namespace=demo`);
  await signIn(page, DEFAULT_TOKENS.editor);
  await expect(page.getByTestId('signed-in-user')).toHaveText(/editor/);
  // Nobody touches the tab: after 4 s of no activity the session has ended.
  await expect(page).toHaveURL(/\/signin\?reason=expired&next=%2Fservices%3Fnamespace%3Ddemo$/, { timeout: 15_000 });
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your session expired. Sign in again.');
  await signIn(page, DEFAULT_TOKENS.editor);
  await expect(page).toHaveURL(/\/services\?namespace=demo$/);
});

test('when the cluster stops accepting the token, the tab goes to the sign-in page saying so', async ({ page, context }) => {
  // A session Porthole can open whose token the cluster does not accept (a revoked token).
  const now = Date.now();
  const value = seal({ sid: 'revoked-token-session', token: 'revoked-token', user: 'viewer', groups: [], issuedAt: now, lastSeen: now }, KEY);
  await context.addCookies([{ name: 'porthole-session', value, url: porthole.url, httpOnly: true, sameSite: 'Strict' }]);
  await page.goto(`${porthole.url}/services?namespace=demo`);
  await expect(page).toHaveURL(/\/signin\?reason=ended&next=%2Fservices%3Fnamespace%3Ddemo$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/the cluster no longer accepts your token/);
  expect((await context.cookies()).find((c) => c.name === 'porthole-session')).toBeUndefined();
});
