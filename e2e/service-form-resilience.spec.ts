/**
 * Saving when things go wrong: a network failure says so, keeps the form and offers a retry; a
 * Service deleted while it is edited is offered for re-creation from the edits; the YAML tab is
 * in the URL.
 */
import { expect, test } from './fixtures';
import type { Service } from '../lib/k8s/types';
import { api, editUrl, kubectlGet, saveAndOpenDetail, unique } from './service-form-support';

const NS = unique('forms-res');

function clusterIPService(name: string): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS },
    spec: { selector: { app: name }, ports: [{ port: 80, targetPort: 8080 }] },
  };
}

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
});

test('a network failure on save says so, keeps the edits and retries', async ({ page }) => {
  const name = unique('net');
  await api.createService(clusterIPService(name));
  await page.goto(editUrl(NS, name));
  await page.getByLabel('Port 1: target port').fill('9000');
  await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'ok');
  let failNext = true;
  await page.route(
    (url) => url.pathname === `/api/namespaces/${NS}/services/${name}` && !url.searchParams.has('dryRun'),
    async (route) => {
      if (route.request().method() === 'PUT' && failNext) {
        failNext = false;
        await route.abort('connectionrefused');
      } else await route.continue();
    },
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  const banner = page.getByTestId('save-network');
  await expect(banner).toContainText("Porthole's server could not be reached");
  await expect(page.getByLabel('Port 1: target port')).toHaveValue('9000');
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${NS}/${name}$`));
  expect((await kubectlGet(NS, name)).spec?.ports?.[0].targetPort).toBe(9000);
});

test('a Service deleted while it is edited: 404 on save offers to re-create it from the edits', async ({ page }) => {
  const name = unique('gone');
  await api.createService(clusterIPService(name));
  await page.goto(editUrl(NS, name));
  await page.getByLabel('Port 1: target port').fill('7000');
  await api.deleteService(NS, name);
  await expect(page.getByTestId('live-deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const gone = page.getByTestId('save-gone');
  await expect(gone).toContainText('deleted meanwhile (404)');
  await gone.getByRole('button', { name: 'Re-create the Service' }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${NS}/${name}$`));
  const svc = await kubectlGet(NS, name);
  expect(svc.spec?.ports?.[0].targetPort).toBe(7000);
  expect(svc.spec?.selector).toEqual({ app: name });
});

test('Form | YAML tabs: the view is in the URL, the YAML pane edits the same draft and it survives the switch', async ({ page }) => {
  const name = unique('view');
  await api.createService(clusterIPService(name));
  await page.goto(editUrl(NS, name));
  await page.getByLabel('Port 1: port').fill('8443');
  await page.getByRole('tab', { name: 'YAML' }).click();
  await expect(page).toHaveURL(/view=yaml/);
  await expect(page.getByRole('tab', { name: 'YAML' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'YAML' })).toBeVisible();
  await page.getByRole('tab', { name: 'Form' }).click();
  await expect(page).toHaveURL(/view=form/);
  await expect(page.getByLabel('Port 1: port')).toHaveValue('8443');
  await saveAndOpenDetail(page, NS, name, 'Save changes');
  expect((await kubectlGet(NS, name)).spec?.ports?.[0].port).toBe(8443);
});

test('a status written meanwhile (by a controller) is no conflict: the edit saves on top of it', async ({ page }) => {
  const name = unique('st');
  await api.createService(clusterIPService(name));
  await page.goto(editUrl(NS, name));
  await page.getByLabel('Port 1: target port').fill('6000');
  const r = await api.request('PATCH', `/api/v1/namespaces/${NS}/services/${name}/status`, { status: { conditions: [{ type: 'example.com/Checked', status: 'True', reason: 'Test', message: 'x', lastTransitionTime: '2024-01-01T00:00:00Z' }] } }, 'application/merge-patch+json');
  expect(r.status).toBe(200);
  await expect.poll(async () => (await kubectlGet(NS, name)).status?.conditions?.length ?? 0).toBe(1);
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('live-change')).toHaveCount(0);
  await saveAndOpenDetail(page, NS, name, 'Save changes');
  const svc = await kubectlGet(NS, name);
  expect(svc.spec?.ports?.[0].targetPort).toBe(6000);
  expect(svc.status?.conditions?.[0].type).toBe('example.com/Checked');
});
