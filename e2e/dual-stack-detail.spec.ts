/**
 * A dual-stack cluster (`--service-cluster-ip-range 10.96.0.0/12,fd00:10:96::/108`) with Porthole on
 * top: a RequireDualStack Service created through the API shows both cluster IPs (IPv6 first when
 * asked), its families and policy on the detail page, and IPv6 addresses with brackets and port.
 */
import { expect, test } from './fixtures';
import type { Service } from '../lib/k8s/types/service';
import { startPrivateStack, type PrivateStack } from './support';

const NS = 'e2e-dual';
let stack: PrivateStack;

test.beforeAll(async () => {
  stack = await startPrivateStack({ empty: true, serviceClusterIPRange: '10.96.0.0/12,fd00:10:96::/108' });
  await stack.api.ensureNamespace(NS);
});

test.afterAll(async () => {
  await stack?.stop();
});

test('a dual-stack Service shows both cluster IPs and its families on the detail page', async ({ page }) => {
  const svc: Service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'both', namespace: NS },
    spec: { selector: { app: 'both' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }], ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv6', 'IPv4'] },
  };
  const created = await stack.api.createService(svc);
  const [v6, v4] = created.spec?.clusterIPs ?? [];
  expect(v6).toMatch(/^fd00:10:96::[0-9a-f]+$/);
  expect(v4).toMatch(/^10\./);

  await page.goto(`${stack.porthole.url}/services/${NS}/both`);
  await expect(page.getByTestId('service-name')).toHaveText('both');
  const ips = page.locator('[data-field=clusterIPs] code');
  await expect(ips).toHaveText([v6, v4]);
  await expect(page.locator('[data-field=ipFamilies] code')).toHaveText(['IPv6', 'IPv4']);
  await expect(page.locator('[data-field=ipFamilyPolicy] code')).toHaveText('RequireDualStack');
  const addresses = page.getByTestId('addresses').locator('tr[data-kind=cluster-ip]');
  await expect(addresses).toHaveCount(2);
  await expect(addresses.first()).toContainText(`[${v6}]:80`);
  await expect(addresses.nth(1)).toContainText(`${v4}:80`);
});
