/**
 * The Service detail page fixes from a UI QA report (items D-01…D-26): header counts agree with the
 * diagnosis (D-01), the headline says what is broken (D-02), SVG status icons, a namespace-scoped
 * identity without nodes access (D-08), externalTrafficPolicy Local node ports (D-16), big Services
 * (D-26), condensed non-applicable sections (D-21), YAML (D-20) and small items (D-22).
 */
import { expect, test } from './fixtures';
import type { Pod } from '../lib/k8s/types';
import { env } from './support';
import { api, flipPod, NS, open, recreate, waitRunning } from './service-detail-helpers';

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
});

test.describe('QA fixes', () => {
  const readyPod = (name: string, labels: Record<string, string>): Pod => {
    const p = flipPod(name, labels);
    delete p.metadata.annotations;
    return p;
  };

  test('D-01 shop/inventory: the header does not count endpoints whose slice lists no ports as ready to take traffic', async ({ page }) => {
    await open(page, 'shop', 'inventory');
    await expect(page.getByTestId('header-counts')).toContainText('0/2 endpoints can take traffic');
    await expect(page.getByTestId('header-counts').locator('[data-tone]')).toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('slice-no-ports')).toBeVisible();
    await expect(page.getByTestId('endpoint-usable')).toContainText('0 can take traffic');
    await expect(page.getByTestId('diagnosis')).toHaveAttribute('data-severity', 'error');
  });

  test('D-02 shop/payments-gateway: a pending load balancer is reachable inside the cluster, not "nowhere to go"', async ({ page }) => {
    await open(page, 'shop', 'payments-gateway');
    await expect(page.getByTestId('diagnosis-headline')).toHaveText('Reachable inside the cluster, but no external address: the load balancer is pending');
    await expect(page.getByTestId('diagnosis-headline')).not.toContainText('nowhere to go');
  });

  test('status icons are inline SVG, never emoji', async ({ page }) => {
    for (const [ns, name] of [
      ['shop', 'frontend'],
      ['shop', 'cart'],
      ['shop', 'payments-api'],
    ]) {
      await open(page, ns, name);
      await expect(page.getByTestId('diagnosis-headline').locator('svg')).toHaveCount(1);
      const text = await page.locator('.sd-page').innerText();
      expect(text).not.toMatch(/[\u{1F000}-\u{1FAFF}\u26A0\u26D4\u2139\u2705\u25CF\u25CB]/u);
    }
  });

  test('D-08 a namespace-scoped identity: nodes forbidden degrade in place; no page banner, the live state stays live', async ({ page, context }) => {
    const name = 'e2e-np-editor';
    await api.deleteService('demo', name);
    await api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'demo' }, spec: { type: 'NodePort', selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] } });
    try {
      await context.addCookies([{ name: 'porthole-context', value: 'porthole-editor', url: env('PORTHOLE_E2E_URL') }]);
      await open(page, 'demo', name);
      await expect(page.getByTestId('nodes-unavailable')).toContainText('may not list nodes');
      await expect(page.getByTestId('node-addresses-unavailable')).toContainText(/node port \d+\/TCP is open on every node/);
      await expect(page.locator('.banner')).toHaveCount(0);
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
      // Still live a while later (a refused watch would have turned it stale by now).
      await page.waitForTimeout(4000);
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
      await expect(page.getByTestId('diagnosis')).toHaveAttribute('data-severity', 'ok');
    } finally {
      await context.clearCookies();
      await api.deleteService('demo', name);
    }
  });

  test('D-16 externalTrafficPolicy Local: node addresses without a local ready endpoint are marked, working ones first', async ({ page }) => {
    await recreate(`/api/v1/namespaces/${NS}/services`, {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'np-local', namespace: NS },
      spec: { type: 'NodePort', externalTrafficPolicy: 'Local', selector: { app: 'np-local' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
    });
    await recreate(`/api/v1/namespaces/${NS}/pods`, readyPod('np-local-1', { app: 'np-local' }));
    await waitRunning('np-local-1');
    await open(page, NS, 'np-local');
    await expect(page.getByTestId('endpoint-counts')).toHaveText('1/1 ready');
    const rows = page.getByTestId('addresses').locator('tr[data-kind=node-port]');
    await expect(rows.first()).not.toHaveAttribute('data-drops', 'true');
    const dropped = page.getByTestId('addresses').locator('tr[data-kind=node-port][data-drops=true]');
    await expect(dropped.first()).toContainText('drops the traffic: no ready endpoint on node-');
    await expect(dropped.first()).toContainText('externalTrafficPolicy: Local');
    // The working node is the one the pod runs on, and it is not struck out.
    const node = await page.getByTestId('endpoint-row').first().locator('td').nth(3).innerText();
    await expect(rows.first()).toContainText(node);
    // No copy button on an address that drops traffic.
    await expect(dropped.first().getByRole('button')).toHaveCount(0);
  });

  test('D-26 a large Service: endpoint and pod lists are collapsed (not-ready first) with "show all"', async ({ page }) => {
    test.setTimeout(120_000);
    const count = 45;
    await recreate(`/api/v1/namespaces/${NS}/services`, {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'many', namespace: NS },
      spec: { selector: { app: 'many' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
    });
    const names = Array.from({ length: count }, (_, i) => `many-${String(i).padStart(2, '0')}`);
    await Promise.all(names.map((n, i) => recreate(`/api/v1/namespaces/${NS}/pods`, i === count - 1 ? flipPod(n, { app: 'many' }) : readyPod(n, { app: 'many' }))));
    await open(page, NS, 'many');
    await expect(page.getByTestId('endpoint-counts')).toHaveText(`${count - 1}/${count} ready`, { timeout: 30_000 });
    await expect(page.getByTestId('endpoints-by-node')).toBeVisible();
    await expect(page.getByTestId('endpoint-row')).toHaveCount(20);
    await expect(page.getByTestId('endpoint-row').first()).toHaveAttribute('data-ready', 'false');
    await expect(page.getByTestId('pod-row')).toHaveCount(30);
    await expect(page.getByTestId('pod-row').first()).toHaveAttribute('data-pod', names[count - 1]);
    await page.getByTestId('show-all-endpoints').click();
    await expect(page.getByTestId('endpoint-row')).toHaveCount(count);
    await page.getByTestId('show-all-pods').click();
    await expect(page.getByTestId('pod-row')).toHaveCount(count);
  });

  test('D-21 sections that do not apply are condensed: ExternalName and a ClusterIP Status', async ({ page }) => {
    await open(page, 'demo', 'external-db');
    await expect(page.getByTestId('endpoint-counts')).toHaveText('n/a');
    await expect(page.getByTestId('pod-counts')).toHaveText('n/a');
    await expect(page.getByTestId('kubectl-commands')).not.toContainText('endpointslices');
    await open(page, 'demo', 'web');
    await expect(page.getByTestId('section-status')).toContainText('nothing to report');
    await expect(page.getByTestId('section-status').locator('h3')).toHaveCount(0);
  });

  test('D-20 the Service as read-only YAML, managedFields hidden by default; D-22 the API server endpoint names its node', async ({ page }) => {
    await open(page, 'shop', 'frontend');
    await page.getByTestId('yaml-toggle').click();
    await expect(page.getByTestId('yaml')).toContainText('kind: Service');
    await expect(page.getByTestId('yaml')).toContainText('name: frontend');
    await expect(page.getByTestId('yaml')).not.toContainText('managedFields');
    await page.getByLabel('include managedFields').check();
    await expect(page.getByTestId('yaml')).toContainText('managedFields');
    await open(page, 'default', 'kubernetes');
    await expect(page.getByTestId('endpoint-row').first().locator('td').nth(3)).toContainText(/node-\d \(by address\)/);
  });
});
