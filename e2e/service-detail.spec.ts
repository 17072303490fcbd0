/**
 * The Service detail page against the embedded cluster's demo data (lib/cluster/demo/data.ts) and a
 * few Services this spec creates in its own namespace: every section for one Service of each type,
 * the diagnosis of each Service that is broken on purpose, live updates when a pod turns ready
 * through the API, and the copy buttons.
 */
import { expect, test } from './fixtures';
import { api, expectAllSections, finding, flipPod, NS, open, recreate, setReady, waitRunning } from './service-detail-helpers';

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  await recreate(`/api/v1/namespaces/${NS}/services`, {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'flip', namespace: NS },
    spec: { selector: { app: 'flip' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
  });
  await recreate(`/api/v1/namespaces/${NS}/services`, {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'orphan', namespace: NS },
    spec: { ports: [{ name: 'http', port: 8080, targetPort: 8080 }] },
  });
  for (const name of ['flip-a', 'flip-b']) await recreate(`/api/v1/namespaces/${NS}/pods`, flipPod(name, { app: 'flip' }));
  for (const name of ['flip-a', 'flip-b']) await waitRunning(name);
});

test.describe('every section renders for each type', () => {
  test('ClusterIP: shop/frontend', async ({ page }) => {
    await open(page, 'shop', 'frontend');
    await expectAllSections(page);
    await expect(page.getByTestId('service-type')).toHaveText('ClusterIP');
    await expect(page.getByTestId('diagnosis')).toHaveAttribute('data-severity', 'ok');
    await expect(page.getByTestId('dns-names')).toContainText('frontend.shop.svc.cluster.local');
    await expect(page.getByTestId('srv-records')).toContainText('_http._tcp.frontend.shop.svc.cluster.local');
    await expect(page.getByTestId('env-vars')).toContainText('FRONTEND_SERVICE_PORT_HTTPS=443');
    await expect(page.getByTestId('addresses').locator('tr[data-kind=cluster-ip]')).toHaveCount(2);
    await expect(page.getByTestId('port-row')).toHaveCount(2);
    await expect(page.locator('[data-testid=port-row][data-port="80"] [data-testid=target-resolution]')).toHaveText('http → 8080');
    await expect(page.locator('[data-testid=port-row][data-port="443"] [data-testid=target-resolution]')).toHaveText('https → 8443');
    await expect(page.getByTestId('endpoint-row')).toHaveCount(3);
    await expect(page.getByTestId('endpoint-counts')).toHaveText('3/3 ready');
    await expect(page.getByTestId('pod-row')).toHaveCount(3);
    await expect(page.getByTestId('kubectl-commands')).toContainText('kubectl port-forward svc/frontend 8080:80 -n shop');
    await expect(page.getByTestId('kubectl-commands')).toContainText('kubectl get endpointslices -n shop -l kubernetes.io/service-name=frontend');
    // An endpoint links to its pod's row.
    const link = page.getByTestId('endpoint-row').first().locator('a');
    const podName = await link.innerText();
    await link.click();
    await expect(page.locator(`#pod-${podName}`)).toBeInViewport();
  });

  test('Headless: demo/postgres', async ({ page }) => {
    await open(page, 'demo', 'postgres');
    await expectAllSections(page);
    await expect(page.getByTestId('service-type')).toHaveText('Headless');
    await expect(page.getByTestId('headless-callout')).toBeVisible();
    await expect(page.getByTestId('pod-records')).toContainText('postgres-0.postgres.demo.svc.cluster.local');
    await expect(page.getByTestId('pod-records').locator('tbody tr')).toHaveCount(3);
    await expect(page.getByTestId('srv-records')).toContainText('postgres-2.postgres.demo.svc.cluster.local:5432');
    await expect(page.getByTestId('section-reach')).toContainText('Headless Services have no cluster IP');
    await expect(page.getByTestId('endpoint-counts')).toHaveText('3/3 ready');
  });

  test('NodePort: shop/checkout', async ({ page }) => {
    await open(page, 'shop', 'checkout');
    await expectAllSections(page);
    await expect(page.getByTestId('service-type')).toHaveText('NodePort');
    const nodePorts = page.getByTestId('addresses').locator('tr[data-kind=node-port]');
    await expect(nodePorts.first()).toContainText(':30080');
    expect(await nodePorts.count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('ports-table')).toContainText('30080');
  });

  test('LoadBalancer: shop/storefront', async ({ page }) => {
    await open(page, 'shop', 'storefront');
    await expectAllSections(page);
    await expect(page.getByTestId('service-type')).toHaveText('LoadBalancer');
    await expect(page.getByTestId('lb-ingress')).toContainText(/172\.18\.255\.\d+/);
    await expect(page.getByTestId('lb-ingress')).toContainText('VIP');
    await expect(page.getByTestId('addresses').locator('tr[data-kind=load-balancer]')).toHaveCount(1);
    await expect(page.locator('[data-field=externalTrafficPolicy]')).toContainText('Local');
    await expect(page.locator('[data-field=healthCheckNodePort]')).toContainText(/\d{5}/);
    await expect(page.getByTestId('events-table')).toContainText('EnsuredLoadBalancer');
    // Labels and annotations are listed, each with its own copy button.
    await expect(page.getByTestId('meta-annotations').getByTestId('kv')).toHaveCount(3);
  });

  test('ExternalName: demo/external-db', async ({ page }) => {
    await open(page, 'demo', 'external-db');
    await expectAllSections(page);
    await expect(page.getByTestId('service-type')).toHaveText('ExternalName');
    await expect(page.getByTestId('dns-answer')).toContainText('CNAME');
    await expect(page.getByTestId('dns-answer')).toContainText('db.internal.example.com');
    await expect(page.getByTestId('section-traffic')).toContainText('no endpoints by design');
  });
});

test.describe('diagnosis of the broken demo Services', () => {
  test('shop/cart: the selector matches nothing; the near miss and its label are named', async ({ page }) => {
    await open(page, 'shop', 'cart');
    await expect(page.getByTestId('diagnosis')).toHaveAttribute('data-severity', 'error');
    await expect(finding(page, 'selector-matches-nothing')).toContainText('The selector app=cart,tier=backend matches no pods in shop');
    const miss = page.getByTestId('near-miss');
    await expect(miss).toHaveCount(1);
    await expect(miss).toContainText('cart-5c8d7b9f6-p0o9i');
    await expect(miss).toContainText('tier');
    await expect(miss).toContainText('cache');
    await expect(finding(page, 'selector-matches-nothing')).toContainText('Fix:');
  });

  test('demo/slow-start: pods match but none is ready', async ({ page }) => {
    await open(page, 'demo', 'slow-start');
    await expect(finding(page, 'no-ready-pods')).toHaveAttribute('data-severity', 'error');
    await expect(finding(page, 'no-ready-pods')).toContainText('2 pods match, but none is ready');
    await expect(page.getByTestId('endpoint-counts')).toHaveText('0/2 ready');
  });

  test('shop/inventory: a named targetPort the pods do not declare', async ({ page }) => {
    await open(page, 'shop', 'inventory');
    await expect(finding(page, 'named-target-port-missing')).toHaveAttribute('data-severity', 'error');
    await expect(finding(page, 'named-target-port-missing')).toContainText('targetPort "grpc"');
    await expect(page.locator('[data-testid=port-row][data-port="9000"] [data-testid=target-resolution]')).toContainText('grpc → unresolved on 2/2 pods');
  });

  test('demo/legacy-backend: no selector, endpoints managed by hand', async ({ page }) => {
    await open(page, 'demo', 'legacy-backend');
    await expect(finding(page, 'no-selector-manual-endpoints')).toHaveAttribute('data-severity', 'info');
    await expect(page.getByTestId('endpoint-row')).toHaveCount(2);
    await expect(page.getByTestId('not-controller-managed').first()).toBeVisible();
  });

  test('a Service without selector and without endpoints', async ({ page }) => {
    await open(page, NS, 'orphan');
    await expect(finding(page, 'no-selector-no-endpoints')).toHaveAttribute('data-severity', 'error');
  });

  test('shop/payments-gateway: LoadBalancer with a class no controller serves', async ({ page }) => {
    await open(page, 'shop', 'payments-gateway');
    await expect(finding(page, 'lb-no-controller-for-class')).toContainText('example.com/internal-lb');
    await expect(page.getByTestId('lb-pending')).toContainText('pending');
  });

  test('ExternalName Services: no endpoints by design', async ({ page }) => {
    for (const [ns, name] of [
      ['demo', 'external-db'],
      ['shop', 'payments-api'],
    ]) {
      await open(page, ns, name);
      await expect(finding(page, 'external-name')).toHaveAttribute('data-severity', 'info');
      await expect(page.getByTestId('diagnosis')).not.toHaveAttribute('data-severity', 'error');
    }
  });
});

test('a pod turning ready through the API updates endpoints, counts and diagnosis without a reload', async ({ page }) => {
  await setReady('flip-a', false);
  await setReady('flip-b', false);
  await open(page, NS, 'flip');
  await expect(finding(page, 'no-ready-pods')).toBeVisible();
  await expect(page.getByTestId('endpoint-counts')).toHaveText('0/2 ready');
  await expect(page.getByTestId('pod-counts')).toHaveText('0/2 ready');
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  await setReady('flip-a', true);
  await expect(page.getByTestId('endpoint-counts')).toHaveText('1/2 ready');
  await expect(page.getByTestId('pod-counts')).toHaveText('1/2 ready');
  await expect(page.getByTestId('header-counts')).toContainText('1/2 endpoints ready');
  await expect(page.locator('[data-testid=endpoint-row][data-ready=true]')).toHaveCount(1);
  await expect(finding(page, 'no-ready-pods')).toHaveCount(0);
  await expect(finding(page, 'some-pods-not-ready')).toContainText('1 of 2 matched pods ready');
  await expect(page.getByTestId('diagnosis')).toHaveAttribute('data-severity', 'info');

  await setReady('flip-b', true);
  await expect(page.getByTestId('endpoint-counts')).toHaveText('2/2 ready');
  await expect(page.getByTestId('diagnosis')).toHaveAttribute('data-severity', 'ok');
  await expect(finding(page, 'healthy')).toContainText('2 of 2 matched pods ready');

  await setReady('flip-a', false);
  await expect(page.getByTestId('endpoint-counts')).toHaveText('1/2 ready');
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});

test('relabelling the near-miss pod fixes the diagnosis live', async ({ page }) => {
  await recreate(`/api/v1/namespaces/${NS}/services`, {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'relabel', namespace: NS },
    spec: { selector: { app: 'relabel', tier: 'backend' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
  });
  const p = flipPod('relabel-1', { app: 'relabel', tier: 'cache' });
  delete p.metadata.annotations;
  await recreate(`/api/v1/namespaces/${NS}/pods`, p);
  await waitRunning('relabel-1');
  await open(page, NS, 'relabel');
  await expect(page.getByTestId('near-miss')).toContainText('relabel-1');
  const r = await api.request('PATCH', `/api/v1/namespaces/${NS}/pods/relabel-1`, { metadata: { labels: { tier: 'backend' } } }, 'application/merge-patch+json');
  expect(r.status).toBe(200);
  await expect(page.getByTestId('diagnosis')).toHaveAttribute('data-severity', 'ok');
  await expect(page.getByTestId('endpoint-counts')).toHaveText('1/1 ready');
  await expect(page.locator('[data-testid=pod-row][data-pod=relabel-1]')).toBeVisible();
});

test('a Service deleted and created again while its page is open', async ({ page }) => {
  const body = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'comes-and-goes', namespace: NS }, spec: { type: 'ExternalName', externalName: 'a.example.com' } };
  await recreate(`/api/v1/namespaces/${NS}/services`, body);
  await open(page, NS, 'comes-and-goes');
  await expect(page.getByTestId('dns-answer')).toContainText('a.example.com');
  await api.deleteService(NS, 'comes-and-goes');
  await expect(page.getByTestId('detail-not-found')).toBeVisible();
  await api.createService({ ...body, spec: { type: 'ExternalName', externalName: 'b.example.com' } });
  await expect(page.getByTestId('dns-answer')).toContainText('b.example.com');
});

test('copy buttons copy the right text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, 'shop', 'frontend');
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await page.getByRole('button', { name: 'Copy DNS name frontend.shop.svc.cluster.local' }).click();
  await expect.poll(clipboard).toBe('frontend.shop.svc.cluster.local');

  await page.getByRole('button', { name: 'Copy SRV name _https._tcp.frontend.shop.svc.cluster.local' }).click();
  await expect.poll(clipboard).toBe('_https._tcp.frontend.shop.svc.cluster.local');

  await page.getByRole('button', { name: 'Copy environment variables' }).click();
  const envText = await clipboard();
  expect(envText.split('\n')[0]).toMatch(/^FRONTEND_SERVICE_HOST=10\.\d+\.\d+\.\d+$/);
  expect(envText).toContain('FRONTEND_PORT_443_TCP_PROTO=tcp');

  await page.getByRole('button', { name: /^Copy command: Forward localhost:8080/ }).click();
  await expect.poll(clipboard).toBe('kubectl port-forward svc/frontend 8080:80 -n shop');

  const clusterIP = (await page.locator('[data-field=clusterIPs] code').first().innerText()).trim();
  await page.getByRole('button', { name: 'Copy cluster IP' }).click();
  await expect.poll(clipboard).toBe(clusterIP);

  await page.getByRole('button', { name: 'Copy value of app.kubernetes.io/name' }).click();
  await expect.poll(clipboard).toBe('frontend');
  await expect(page.getByRole('button', { name: 'Copy value of app.kubernetes.io/name' })).toHaveText('✓ Copied');

  // D-22: a label also copies as key=value (ready for kubectl -l).
  await page.getByRole('button', { name: 'Copy label app.kubernetes.io/name=frontend' }).click();
  await expect.poll(clipboard).toBe('app.kubernetes.io/name=frontend');
});
