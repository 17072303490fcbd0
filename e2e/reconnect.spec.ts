import { expect, test } from './fixtures';
import { startPrivateStack, type PrivateStack } from './support';

const NS = 'e2e-reconnect';
let stack: PrivateStack;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startPrivateStack();
  await stack.api.ensureNamespace(NS);
  await stack.api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'before', namespace: NS }, spec: { ports: [{ port: 80 }] } });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('stopping and restarting the cluster shows stale → reconnecting → live, and the data is right afterwards', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto(`${stack.porthole.url}/services?namespace=${NS}`);
  const indicator = page.getByTestId('connection-state');
  await expect(indicator).toHaveAttribute('data-state', 'live');
  await expect(page.locator('[data-testid=service-row]')).toHaveCount(1);

  // Record every state the indicator passes through.
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid=connection-state]')!;
    const log: string[] = [el.getAttribute('data-state') ?? ''];
    (window as unknown as { __states: string[] }).__states = log;
    new MutationObserver(() => {
      const s = el.getAttribute('data-state') ?? '';
      if (log[log.length - 1] !== s) log.push(s);
    }).observe(el, { attributes: true, attributeFilter: ['data-state'] });
  });

  await stack.killCluster();
  await expect(indicator).toHaveAttribute('data-state', 'stale', { timeout: 30_000 });
  await expect(page.getByTestId('stale-banner')).toBeVisible();
  // The last data stays on screen.
  await expect(page.locator('[data-key="e2e-reconnect/before"]')).toBeVisible();
  await expect(indicator).toContainText(/Stale · \d+s/, { timeout: 15_000 });

  await stack.restartCluster();
  // A change made while Porthole was reconnecting must show up too.
  await stack.api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'after', namespace: NS }, spec: { ports: [{ port: 81 }] } });
  await expect(indicator).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  await expect(page.locator('[data-key="e2e-reconnect/after"]')).toBeVisible();
  await expect(page.locator('[data-testid=service-row]')).toHaveCount(2);
  await expect(page.getByTestId('stale-banner')).toHaveCount(0);

  const states = await page.evaluate(() => (window as unknown as { __states: string[] }).__states);
  const iStale = states.indexOf('stale');
  const iReconnecting = states.indexOf('reconnecting', iStale);
  const iLive = states.indexOf('live', iReconnecting);
  expect(iStale, `states: ${states.join(' → ')}`).toBeGreaterThan(0);
  expect(iReconnecting, `states: ${states.join(' → ')}`).toBeGreaterThan(iStale);
  expect(iLive, `states: ${states.join(' → ')}`).toBeGreaterThan(iReconnecting);

  // Still live: a later change arrives.
  await stack.api.deleteService(NS, 'before');
  await expect(page.locator('[data-key="e2e-reconnect/before"]')).toHaveCount(0);
});

test('a frozen API server (SIGSTOP, connections open and silent): the tab says Stale within 30 s, and Live again after SIGCONT (issue 18 item 8)', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto(`${stack.porthole.url}/services?namespace=${NS}`);
  const indicator = page.getByTestId('connection-state');
  await expect(indicator).toHaveAttribute('data-state', 'live');
  stack.freezeCluster();
  try {
    // Porthole probes an API server whose watch has been silent for 10 s and gives it the upstream
    // timeout (10 s) to answer: about 20 s, 30 s allowed for a busy machine.
    await expect(indicator).toHaveAttribute('data-state', 'stale', { timeout: 30_000 });
    await expect(indicator).toContainText(/Stale · \d+s/);
    await expect(page.getByTestId('stale-banner')).toBeVisible();
  } finally {
    stack.thawCluster();
  }
  await expect(indicator).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  await stack.api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'after-freeze', namespace: NS }, spec: { ports: [{ port: 82 }] } });
  await expect(page.locator('[data-key="e2e-reconnect/after-freeze"]')).toBeVisible();
});
