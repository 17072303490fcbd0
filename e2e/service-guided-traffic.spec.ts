/**
 * The guided flow stops Services that can receive no traffic (issue 18, items 1-4): every warning
 * reaches Review, and creating a Service with no selector, a selector no pod matches, or a target
 * port no matching pod declares needs an explicit, explained confirmation. Started without a
 * namespace it opens where pods are; a StatefulSet pod's per-pod labels stay out of the selector;
 * step 3 shows no error for a port not typed yet and says when no pod matches at all.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ContainerPort, Service } from '../lib/k8s/types';
import { createRunning, pod } from './pod-support';
import { env, sharedApi } from './support';

const api = sharedApi();
const NS = 'e2e-guided-traffic';
const http: ContainerPort = { name: 'http', containerPort: 8080 };

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  await createRunning([pod(NS, 'web-1', { app: 'web' }, [http]), pod(NS, 'web-2', { app: 'web' }, [http])]);
  const sts = (i: number) =>
    pod(NS, `db-${i}`, { app: 'db', 'apps.kubernetes.io/pod-index': String(i), 'statefulset.kubernetes.io/pod-name': `db-${i}`, 'controller-revision-hash': 'db-7c9f8d6b5' }, [
      { name: 'pg', containerPort: 5432 },
    ]);
  await createRunning([sts(0), sts(1), sts(2)]);
});

const next = (page: Page) => page.getByRole('button', { name: /^Next:/ });
const stored = async (name: string) => (await api.request('GET', `/api/v1/namespaces/${NS}/services/${name}`)).status;

async function openGuided(page: Page): Promise<void> {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/new/guided?namespace=${NS}`);
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: What to expose' })).toBeVisible();
  await expect(page.getByLabel('Namespace of the new Service')).toHaveValue(NS);
}

/** Steps 2 and 3 with a name and one port (target port as given). */
async function nameAndPort(page: Page, name: string, targetPort?: string): Promise<void> {
  await next(page).click();
  await expect(page.getByRole('heading', { name: /Step 2 of 4/ })).toBeVisible();
  await page.getByLabel('Service name').fill(name);
  await next(page).click();
  await expect(page.getByRole('heading', { name: /Step 3 of 4/ })).toBeVisible();
  if ((await page.getByLabel('Port 1 number').count()) === 0) await page.getByRole('button', { name: 'Add port' }).click();
  await page.getByLabel('Port 1 number').fill('80');
  if (targetPort !== undefined) await page.getByLabel('Target port of port 1', { exact: true }).fill(targetPort);
  await next(page).click();
  await expect(page.getByRole('heading', { name: /Step 4 of 4/ })).toBeVisible();
}

/** Review refuses Create until the no-traffic confirmation is ticked; then Create opens the detail page. */
async function confirmAndCreate(page: Page, name: string, why: RegExp): Promise<void> {
  const warning = page.getByRole('group', { name: 'This Service can receive no traffic' });
  await expect(warning).toContainText(why);
  await expect(page.getByRole('status', { name: 'Server dry run' })).toContainText('Server dry run: accepted');
  const create = page.getByRole('button', { name: 'Create Service' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(/Confirm above/);
  await create.click({ force: true });
  expect(await stored(name)).toBe(404);
  await warning.getByRole('checkbox', { name: /Create it anyway/ }).check();
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page).toHaveURL(new RegExp(`/services/${NS}/${name}$`));
  expect(await stored(name)).toBe(200);
}

test('item 1a: no label chosen → a warning on step 1, and Review asks to confirm a Service that gets no traffic', async ({ page }) => {
  await openGuided(page);
  await expect(page.getByText(/No label chosen: a Service without a selector gets no endpoints/)).toBeVisible();
  await nameAndPort(page, 'no-label', '8080');
  await expect(page.getByText('Traffic has somewhere to go')).toHaveCount(0);
  await confirmAndCreate(page, 'no-label', /No selector and no EndpointSlices: nothing receives the traffic/);
});

test('item 1b: a named target port no pod declares reaches Review and needs the confirmation', async ({ page }) => {
  await openGuided(page);
  await page.getByRole('button', { name: 'Select app=web (2 pods)' }).click();
  await nameAndPort(page, 'web-htp', 'htp');
  await confirmAndCreate(page, 'web-htp', /targetPort "htp" of port 80 \(http\) is not declared by 2 of 2 matched pods/);
});

test('item 1c: a selector that matches no pod needs the confirmation; a working Service needs none', async ({ page }) => {
  await openGuided(page);
  await page.getByLabel('Label 1 key').fill('app');
  await page.getByLabel('Label 1 value').fill('nothing');
  await nameAndPort(page, 'no-pods', '8080');
  await expect(page.getByRole('group', { name: 'This Service can receive no traffic' })).toContainText(`The selector app=nothing matches no pods in ${NS}`);
  await expect(page.getByRole('button', { name: 'Create Service' })).toBeDisabled();

  // Back to step 1: a selector that works clears the confirmation.
  await page.getByRole('button', { name: /What to expose/ }).click();
  await page.getByLabel('Label 1 value').fill('web');
  await page.getByRole('button', { name: /Review and create/ }).click();
  await expect(page.getByRole('group', { name: 'This Service can receive no traffic' })).toHaveCount(0);
  await expect(page.getByText('Traffic has somewhere to go: 2 of 2 matched pods ready')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Service' })).toBeEnabled();
});

test('item 2: started without a namespace, the flow opens in a namespace that has pods, and lists pod counts', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/new/guided`);
  const picker = page.getByLabel('Namespace of the new Service');
  await expect(picker.locator(`option[value="${NS}"]`)).toHaveText(`${NS} (5 pods)`);
  await expect(picker.locator('option[value="default"]')).toHaveText('default (no pods)');
  await expect(picker.locator('option:checked')).toHaveText(/\([1-9]\d* pods?\)$/);
  await expect(page.getByRole('button', { name: /^Select .+ \(\d+ pods?\)$/ }).first()).toBeVisible();
});

test('item 3: a StatefulSet pod’s per-pod and per-revision labels stay out of the selector, and the flow says so', async ({ page }) => {
  await openGuided(page);
  await page.getByRole('radio', { name: 'Pick a pod and use its labels' }).check();
  await page.getByLabel('Pod', { exact: true }).selectOption('db-1');
  await expect(page.getByLabel('Label 1 key')).toHaveValue('app');
  await expect(page.getByLabel('Label 1 value')).toHaveValue('db');
  await expect(page.getByLabel('Label 2 key')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'pods match' })).toHaveText('3 pods match (3 ready)');
  await expect(page.getByRole('note', { name: 'Labels left out' })).toContainText(
    'Left out of the selector, because they name one pod or one revision: apps.kubernetes.io/pod-index=1, controller-revision-hash=db-7c9f8d6b5, statefulset.kubernetes.io/pod-name=db-1',
  );
});

test('item 4: "Add port" shows no error before anything is typed; with no pod matching, step 3 says so', async ({ page }) => {
  await openGuided(page);
  await page.getByLabel('Label 1 key').fill('app');
  await page.getByLabel('Label 1 value').fill('nothing');
  await next(page).click();
  await page.getByLabel('Service name').fill('typed-later');
  await next(page).click();
  await expect(page.getByRole('heading', { name: /Step 3 of 4/ })).toBeVisible();
  await expect(page.getByText('No pod matches the selector, so there are no container ports to offer')).toBeVisible();
  await expect(page.getByText('The matching pods declare no container ports')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add port' }).click();
  await expect(page.getByLabel('Port 1 number')).toHaveValue('');
  await expect(page.getByText('Invalid value: 0')).toHaveCount(0);
  // Moving on without a number shows why not.
  await next(page).click();
  await expect(page.getByRole('heading', { name: /Step 3 of 4/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'spec.ports[0].port' })).toBeVisible();
  await page.getByLabel('Port 1 number').fill('80');
  await expect(page.getByRole('alert').filter({ hasText: 'spec.ports[0].port' })).toHaveCount(0);
  const svc = (await api.request('GET', `/api/v1/namespaces/${NS}/services/typed-later`)).body as Service | undefined;
  expect(svc?.kind).not.toBe('Service');
});
