/**
 * Guided creation ("Expose a workload") against the embedded cluster: from a namespace with pods and
 * no Service to a Service whose endpoints show on its detail page; back/forward keeps the answers;
 * local validation refuses a bad name before anything is sent. Plus the selector builder's live
 * match count, near misses, and the targetPort picker's warnings.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ContainerPort, Service } from '../lib/k8s/types';
import { createRunning, pod } from './pod-support';
import { env, sharedApi } from './support';

const api = sharedApi();
const NS = 'e2e-guided';
const SEL_NS = 'e2e-guided-sel';

const http: ContainerPort = { name: 'http', containerPort: 8080 };
const metrics: ContainerPort = { name: 'metrics', containerPort: 9090 };

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  await api.ensureNamespace(SEL_NS);
  await createRunning([pod(NS, 'web-1', { app: 'web' }, [http]), pod(NS, 'web-2', { app: 'web' }, [http])]);
  await createRunning([
    pod(SEL_NS, 'shop-a', { app: 'shop', tier: 'front' }, [http, metrics]),
    pod(SEL_NS, 'shop-b', { app: 'shop', tier: 'front' }, [http]),
    pod(SEL_NS, 'api-a', { app: 'api', tier: 'back' }, [{ name: 'grpc', containerPort: 9000 }]),
  ]);
});

async function openGuided(page: Page, namespace: string): Promise<void> {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/new/guided`);
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: What to expose' })).toBeVisible();
  await expect(page.getByLabel('Namespace of the new Service').locator(`option[value="${namespace}"]`)).toHaveCount(1);
  await page.getByLabel('Namespace of the new Service').selectOption(namespace);
}

const next = (page: Page) => page.getByRole('button', { name: /^Next:/ });

test('guided flow: pods → ClusterIP → ports → review → a Service whose endpoints show on its page', async ({ page }) => {
  const services = await api.request('GET', `/api/v1/namespaces/${NS}/services`);
  expect((services.body as { items: Service[] }).items).toHaveLength(0);
  await openGuided(page, NS);

  // 1: pick a pod and use its labels.
  await page.getByRole('radio', { name: 'Pick a pod and use its labels' }).check();
  await page.getByLabel('Pod', { exact: true }).selectOption('web-1');
  await expect(page.getByLabel('Label 1 key')).toHaveValue('app');
  await expect(page.getByLabel('Label 1 value')).toHaveValue('web');
  await expect(page.getByRole('status').filter({ hasText: 'pods match' })).toHaveText('2 pods match (2 ready)');
  await expect(page.getByRole('list', { name: 'Matching pods' }).getByRole('listitem')).toHaveText([/web-1\s*ready/, /web-2\s*ready/]);
  await next(page).click();

  // 2: who should reach it; the name comes from the app label.
  await expect(page).toHaveURL(/step=2/);
  await expect(page.getByRole('radio', { name: /Inside the cluster \(ClusterIP\)/ })).toBeChecked();
  await expect(page.getByText('Costs:').first()).toBeVisible();
  await expect(page.getByLabel('Service name')).toHaveValue('web');
  // A mistake is refused here, with the API server's message, before anything reaches the cluster.
  await page.getByLabel('Service name').fill('Web_1');
  await expect(page.getByRole('alert').filter({ hasText: 'metadata.name: Invalid value: "Web_1"' })).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByLabel('Service name').fill('web');
  await next(page).click();

  // 3: ports from the pods' container ports.
  await expect(page).toHaveURL(/step=3/);
  await expect(page.getByLabel('Port 1 number')).toHaveValue('8080');
  await expect(page.getByLabel('Target port of port 1', { exact: true })).toHaveValue('http');
  await page.getByLabel('Port 1 number').fill('80');

  // Browser back/forward moves between steps and keeps every answer.
  await page.goBack();
  await expect(page.getByRole('heading', { name: /Step 2 of 4/ })).toBeVisible();
  await expect(page.getByLabel('Service name')).toHaveValue('web');
  await page.goForward();
  await expect(page.getByLabel('Port 1 number')).toHaveValue('80');
  await next(page).click();

  // 4: review.
  await expect(page).toHaveURL(/step=4/);
  const yaml = page.getByLabel('Service YAML');
  await expect(yaml).toContainText('targetPort: http');
  await expect(yaml).toContainText('port: 80');
  await expect(page.getByText('web.e2e-guided.svc.cluster.local', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Environment variables', { exact: true })).toContainText('WEB_SERVICE_HOST=CLUSTER-IP');
  await expect(page.getByLabel('Environment variables', { exact: true })).toContainText('WEB_SERVICE_PORT_HTTP=80');
  await expect(page.getByRole('status', { name: 'Server dry run' })).toContainText('Server dry run: accepted');
  // The dry run stored nothing.
  expect((await api.request('GET', `/api/v1/namespaces/${NS}/services/web`)).status).toBe(404);
  // The same with kubectl, each part explained in one line.
  const kubectl = page.getByRole('figure', { name: 'kubectl command' });
  await expect(kubectl.getByRole('region', { name: 'kubectl command text' })).toContainText(`kubectl create -n ${NS} -f - <<'EOF'`);
  const parts = kubectl.getByRole('list', { name: 'What each part of the command does' }).getByRole('listitem');
  await expect(parts.filter({ hasText: `-n ${NS}` })).toContainText(`in namespace ${NS}`);
  await expect(parts.filter({ hasText: '-f -' })).toContainText('reads the object from standard input');

  // 5: create → the detail page with its endpoints.
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${NS}/web$`));
  await expect(page.getByTestId('service-name')).toHaveText('web');
  await expect(page.getByTestId('endpoint-counts')).toHaveText('2/2 ready');
  const stored = (await api.request('GET', `/api/v1/namespaces/${NS}/services/web`)).body as Service;
  expect(stored.spec?.selector).toEqual({ app: 'web' });
  expect(stored.spec?.ports).toMatchObject([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]);
  expect(stored.spec?.type).toBe('ClusterIP');
});

test('selector builder: live match count, near misses; targetPort picker warnings', async ({ page }) => {
  await openGuided(page, SEL_NS);
  const count = page.getByRole('status').filter({ hasText: /pods match|pod matches|No label chosen/ });
  await expect(count).toContainText('No label chosen');
  await page.getByRole('button', { name: 'Select app=shop (2 pods)' }).click();
  await expect(count).toHaveText('2 pods match (2 ready)');
  await expect(page.getByRole('list', { name: 'Matching pods' }).getByRole('listitem')).toHaveCount(2);

  // Adding tier=back leaves no pod; the near misses name the missing label.
  await page.getByRole('button', { name: 'Select tier=back (1 pod)' }).click();
  await expect(count).toHaveText('0 pods match (0 ready)');
  const misses = page.getByRole('list', { name: 'Near misses' });
  await expect(misses).toContainText('api-a has app=api (wanted shop)');
  await expect(misses).toContainText('shop-a has tier=front (wanted back)');
  await page.getByRole('button', { name: 'Remove label 2' }).click();
  await expect(count).toHaveText('2 pods match (2 ready)');

  // Typing a key/value by hand.
  await page.getByLabel('Label 1 value').fill('sho');
  await expect(count).toHaveText('0 pods match (0 ready)');
  await expect(misses).toContainText('shop-a has app=shop (wanted sho)');
  await page.getByLabel('Label 1 value').fill('shop');
  await expect(count).toHaveText('2 pods match (2 ready)');

  await next(page).click();
  await expect(page.getByRole('heading', { name: /Step 2 of 4/ })).toBeVisible();
  await next(page).click();
  await expect(page.getByRole('heading', { name: /Step 3 of 4/ })).toBeVisible();
  const port1 = page.getByRole('listitem', { name: 'Port 1' });
  const target = port1.getByLabel('Target port of port 1', { exact: true });
  await expect(port1.getByRole('button', { name: 'metrics (9090/TCP)' })).toBeVisible();
  // Declared by only one of the two pods.
  await target.fill('metrics');
  await expect(port1.getByRole('alert').filter({ hasText: 'Only 1 of 2 matching pods declare a TCP container port named "metrics"; shop-b will get no traffic' })).toBeVisible();
  // Declared by none.
  await target.fill('grpc');
  await expect(port1.getByRole('alert').filter({ hasText: 'No matching pod declares a TCP container port named "grpc"' })).toBeVisible();
  // Declared by all: no warning.
  await port1.getByRole('button', { name: 'http (8080/TCP)' }).click();
  await expect(target).toHaveValue('http');
  await expect(port1.getByRole('alert').filter({ hasText: 'container port named' })).toHaveCount(0);
});

test('the namespace picker offers only namespaces where the identity may create Services', async ({ page, context }) => {
  const url = env('PORTHOLE_E2E_URL');
  // The editor may create Services only in demo (a RoleBinding there).
  await context.addCookies([{ name: 'porthole-context', value: 'porthole-editor', url }]);
  await page.goto(`${url}/services/new/guided`);
  const picker = page.getByLabel('Namespace of the new Service');
  await expect(picker.locator('option')).toHaveText([/^demo \(\d+ pods?\)$/]);
  await expect(picker).toHaveValue('demo');

  // The viewer may create nowhere: it is told so, and Create stays disabled with the reason.
  await context.addCookies([{ name: 'porthole-context', value: 'porthole-viewer', url }]);
  await page.goto(`${url}/services/new/guided?step=4`);
  await expect(page.getByRole('alert').filter({ hasText: 'You may not create Services in any namespace' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Service' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create Service' })).toHaveAccessibleDescription(/^You may not create Services in any namespace/);
});

test('guided flow: an ExternalName needs no pods and no ports; an IP address is refused with the reason', async ({ page }) => {
  await openGuided(page, NS);
  await next(page).click();
  await expect(page.getByRole('heading', { name: /Step 2 of 4/ })).toBeVisible();
  await page.getByRole('radio', { name: /A name outside the cluster \(ExternalName\)/ }).check();
  await page.getByLabel('Service name').fill('billing-db');
  await page.getByLabel('External host name').fill('10.0.0.7');
  await expect(page.getByRole('alert').filter({ hasText: 'spec.externalName: Invalid value: "10.0.0.7"' })).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByLabel('External host name').fill('db.billing.example.com');
  await next(page).click();
  await expect(page.getByText('it needs no ports')).toBeVisible();
  await next(page).click();
  await expect(page.getByRole('heading', { name: /Step 4 of 4/ })).toBeVisible();
  await expect(page.getByText('ExternalName Services have no cluster IP, so the kubelet sets no variables for them.')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Server dry run' })).toContainText('Server dry run: accepted');
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${NS}/billing-db$`));
  const stored = (await api.request('GET', `/api/v1/namespaces/${NS}/services/billing-db`)).body as Service;
  expect(stored.spec).toMatchObject({ type: 'ExternalName', externalName: 'db.billing.example.com' });
  expect(stored.spec?.selector).toBeUndefined();
});
