/**
 * Service history in the browser, against a Porthole that records (its own --history-dir) on the
 * lane's cluster: a change made with kubectl and one made through the form both appear in the
 * timeline with who and what; two versions compared show the changed field; "Restore this version"
 * replaces live with that version's spec (server-owned fields kept from live); a deleted Service is
 * re-created from "Recently deleted" with its clusterIP and nodePort, or without them when they are
 * taken (and the page says which were dropped); a viewer reads history but may not restore; an
 * identity without read access sees the 403 as the reason; in --read-only mode both writes are disabled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import type { Service } from '../lib/k8s/types';
import { READ_ONLY_REASON } from '../lib/read-only';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import { env } from './support';
import { api, kubectl, kubectlGet, saveAndOpenDetail, unique } from './service-form-support';

const NS = unique('history');
let porthole: PortholeServer;
let work: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await api.ensureNamespace(NS);
  work = mkdtempSync(join(tmpdir(), 'porthole-e2e-history-'));
  porthole = await startPorthole({ kubeconfigPath: env('PORTHOLE_E2E_KUBECONFIG'), env: { PORTHOLE_HISTORY_DIR: join(work, 'history') } });
  // The recorder's first list must be in before the tests create Services: one created earlier is
  // recorded as "existing when recording started", not as "created".
  await expect
    .poll(
      async () => {
        const res = await fetch(`${porthole.url}/api/history/namespaces/${NS}/deleted`);
        return res.ok ? ((await res.json()) as { recordedSince: string }).recordedSince : `HTTP ${res.status}`;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^\d{4}-/);
});

test.afterAll(async () => {
  await porthole?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

function nodePortService(name: string): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS, labels: { app: 'web' } },
    spec: { type: 'NodePort', selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
  };
}

/** Waits until Porthole's recorder has `count` versions of the Service (the timeline is read through the same API). */
async function recorded(ns: string, name: string, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${porthole.url}/api/history/namespaces/${ns}/services/${name}`);
        return res.ok ? ((await res.json()) as { entries: unknown[] }).entries.length : -res.status;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(count);
}

const detailUrl = (name: string) => `${porthole.url}/services/${NS}/${name}`;

function historyRow(page: Page, summary: string | RegExp) {
  return page.getByRole('table', { name: 'Recorded versions, newest first' }).getByRole('row').filter({ hasText: summary });
}

test('a kubectl change and a form change appear in the timeline with who and what; two versions compared show the changed field', async ({ page }) => {
  test.setTimeout(180_000);
  const name = unique('hist');
  await api.createService(nodePortService(name));
  await recorded(NS, name, 1);
  await kubectl('patch', 'service', name, '-n', NS, '--type=merge', '-p', JSON.stringify({ spec: { ports: [{ name: 'http', port: 80, targetPort: 8081 }] } }));
  await recorded(NS, name, 2);

  await page.goto(`${porthole.url}/services/${NS}/${name}/edit`);
  await expect(page.getByLabel('Port 1: port')).toHaveValue('80');
  await page.getByLabel('Port 1: port').fill('81');
  await saveAndOpenDetail(page, NS, name, 'Save changes');
  await recorded(NS, name, 3);
  // An event of that time (as a controller would write it).
  const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const event = await api.request('POST', `/api/v1/namespaces/${NS}/events`, {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${name}.history`, namespace: NS },
    involvedObject: { kind: 'Service', name, namespace: NS, apiVersion: 'v1' },
    reason: 'HistoryCheck',
    message: 'an event between the two versions',
    type: 'Normal',
    source: { component: 'e2e' },
    firstTimestamp: at,
    lastTimestamp: at,
    count: 1,
  });
  expect(event.status).toBe(201);

  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByTestId('history-recorded-since')).toContainText('Recorded since');
  const byKubectl = historyRow(page, 'spec.ports[0].targetPort 8080 → 8081');
  await expect(byKubectl).toHaveCount(1, { timeout: 30_000 });
  await expect(byKubectl.getByTestId('history-who')).toContainText('kubectl');
  const byForm = historyRow(page, 'spec.ports[0].port 80 → 81');
  await expect(byForm).toHaveCount(1, { timeout: 30_000 });
  await expect(byForm.getByTestId('history-who')).toContainText('Porthole user');
  await expect(historyRow(page, 'created')).toHaveCount(1);

  // The created version against the form's: the port and the target port differ.
  await historyRow(page, 'created')
    .getByRole('checkbox', { name: /^Compare version/ })
    .check();
  await byForm.getByRole('checkbox', { name: /^Compare version/ }).check();
  const compare = page.getByRole('region', { name: 'Compare two versions' });
  const diff = compare.getByTestId('yaml-diff');
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible({ timeout: 30_000 });
  await expect(diff).toContainText('targetPort: 8081');
  await expect(diff).toContainText('targetPort: 8080');
  await expect(diff.locator('.line-insert').first()).toBeVisible();
  await expect(compare.getByRole('heading', { name: 'Events of that time' })).toBeVisible();
  await expect(compare.getByTestId('history-events')).toContainText('HistoryCheck', { timeout: 30_000 });
});

test('Restore this version: the YAML editor shows the diff against live and the replace leaves live as that version, server-owned fields from live', async ({ page }) => {
  test.setTimeout(180_000);
  const name = unique('rest');
  const created = await api.createService(nodePortService(name));
  await recorded(NS, name, 1);
  await kubectl(
    'patch',
    'service',
    name,
    '-n',
    NS,
    '--type=merge',
    '-p',
    JSON.stringify({ metadata: { labels: { app: 'web', tier: 'new' } }, spec: { selector: { app: 'other' } } }),
  );
  await recorded(NS, name, 2);
  const live = await kubectlGet(NS, name);

  await page.goto(detailUrl(name));
  await historyRow(page, 'created')
    .getByRole('link', { name: /^Restore version/ })
    .click();
  await expect(page.getByTestId('yaml-restore-note')).toContainText(`resourceVersion ${created.metadata.resourceVersion}`);
  const diff = page.getByTestId('yaml-diff');
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible({ timeout: 30_000 });
  await expect(diff).toContainText('tier: new');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${NS}/${name}$`));

  const after = await kubectlGet(NS, name);
  expect(after.spec?.selector).toEqual({ app: 'web' });
  expect(after.metadata.labels).toEqual({ app: 'web' });
  expect(after.spec?.ports).toEqual(live.spec?.ports);
  expect(after.spec?.clusterIP).toBe(live.spec?.clusterIP);
  expect(after.metadata.uid).toBe(live.metadata.uid);
  expect(after.metadata.resourceVersion).not.toBe(live.metadata.resourceVersion);
  // And the restore is itself a version, by the Porthole user.
  await recorded(NS, name, 3);
  await expect(page.getByRole('region', { name: 'History' }).getByTestId('history-who').first()).toContainText('Porthole user', { timeout: 30_000 });
});

test('a deleted Service is re-created from Recently deleted with its clusterIP and nodePort', async ({ page }) => {
  test.setTimeout(180_000);
  const name = unique('del');
  const created = await api.createService(nodePortService(name));
  await recorded(NS, name, 1);
  await kubectl('delete', 'service', name, '-n', NS);

  await page.goto(`${porthole.url}/services/${NS}`);
  await page.getByRole('link', { name: 'Recently deleted' }).click();
  await expect(page.getByRole('heading', { name: `Recently deleted in ${NS}` })).toBeVisible();
  const recreate = page.getByRole('button', { name: `Re-create ${name}` });
  await expect(recreate).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByRole('row').filter({ has: recreate })).toContainText('not known (deleted outside Porthole)');
  await recreate.click();
  await expect(page.getByTestId('recreate-result')).toContainText('with its clusterIP and nodePorts as they were');
  // The kubectl command that sends the same create: the namespace named, the old clusterIP in the object.
  const command = page.getByRole('region', { name: 'kubectl command text' });
  await expect(command).toContainText(`kubectl create -n ${NS} -f - <<'`);
  await expect(command).toContainText(`clusterIP: ${created.spec?.clusterIP}`);
  const back = await kubectlGet(NS, name);
  expect(back.spec?.clusterIP).toBe(created.spec?.clusterIP);
  expect(back.spec?.ports?.[0].nodePort).toBe(created.spec?.ports?.[0].nodePort);
  expect(back.metadata.uid).not.toBe(created.metadata.uid);
  expect(back.metadata.labels).toEqual({ app: 'web' });
});

test('re-create when the old nodePort is taken: created without it, and the page says what was dropped', async ({ page }) => {
  test.setTimeout(180_000);
  const name = unique('taken');
  const created = await api.createService(nodePortService(name));
  const nodePort = created.spec?.ports?.[0].nodePort ?? 0;
  await recorded(NS, name, 1);
  // Deleted through Porthole this time: the list names the Porthole user.
  const deleted = await fetch(`${porthole.url}/api/namespaces/${NS}/services/${name}`, { method: 'DELETE' });
  expect(deleted.status).toBe(200);
  // Another Service takes the freed nodePort (the allocator may release it a moment after the delete).
  const thief = unique('thief');
  await expect
    .poll(
      async () =>
        (
          await api.request('POST', `/api/v1/namespaces/${NS}/services`, {
            ...nodePortService(thief),
            spec: { ...nodePortService(thief).spec, ports: [{ name: 'http', port: 80, nodePort }] },
          })
        ).status,
      { timeout: 60_000 },
    )
    .toBe(201);

  await page.goto(`${porthole.url}/services/deleted?namespace=${NS}`);
  const recreate = page.getByRole('button', { name: `Re-create ${name}` });
  await expect(page.getByRole('row').filter({ has: recreate })).toContainText('Porthole user', { timeout: 60_000 });
  await recreate.click();
  const result = page.getByTestId('recreate-result');
  await expect(result).toContainText(`spec.ports[0].nodePort ${nodePort} (now `);
  // Only the node port was taken: the cluster IP is kept.
  await expect(result).not.toContainText('spec.clusterIP');
  const back = await kubectlGet(NS, name);
  expect(back.spec?.ports?.[0].nodePort).not.toBe(nodePort);
  expect(back.spec?.clusterIP).toBe(created.spec?.clusterIP);
});

test('a viewer reads the history but may not restore or re-create; an identity without read access is told why (403)', async ({ page }) => {
  test.setTimeout(180_000);
  const name = unique('ro');
  await api.createService(nodePortService(name));
  await recorded(NS, name, 1);
  const viewer = await page.request.post(`${porthole.url}/api/identity`, { data: { context: 'porthole-viewer' } });
  expect(viewer.status()).toBe(200);
  await page.goto(detailUrl(name));
  const restore = historyRow(page, 'created').getByRole('button', { name: /^Restore version/ });
  await expect(restore).toBeDisabled({ timeout: 30_000 });
  await expect(restore).toHaveAttribute('title', /may not update Services/);

  await kubectl('delete', 'service', name, '-n', NS);
  await page.goto(`${porthole.url}/services/deleted?namespace=${NS}`);
  await expect(page.getByRole('button', { name: `Re-create ${name}` })).toBeDisabled({ timeout: 60_000 });
  await expect(page.getByRole('note', { name: 'Why nothing can be saved' })).toContainText('may not create Services');

  const developer = await page.request.post(`${porthole.url}/api/identity`, { data: { context: 'porthole-developer' } });
  expect(developer.status()).toBe(200);
  await page.goto(`${porthole.url}/services/deleted?namespace=${NS}`);
  await expect(page.getByTestId('deleted-error')).toContainText('403');
});

test('--read-only: the history is shown from the shared store, Restore and Re-create are disabled with the read-only reason', async ({ page }) => {
  test.setTimeout(240_000);
  const name = unique('rom');
  await api.createService(nodePortService(name));
  await recorded(NS, name, 1);
  // A second Porthole in read-only mode reads the same history store (as a replica does).
  const readOnly = await startPorthole({ kubeconfigPath: env('PORTHOLE_E2E_KUBECONFIG'), env: { PORTHOLE_READ_ONLY: '1', PORTHOLE_HISTORY_DIR: join(work, 'history') } });
  try {
    await page.goto(`${readOnly.url}/services/${NS}/${name}`);
    const restore = historyRow(page, 'created').getByRole('button', { name: /^Restore version/ });
    await expect(restore).toBeDisabled({ timeout: 30_000 });
    await expect(restore).toHaveAttribute('title', READ_ONLY_REASON);
    await kubectl('delete', 'service', name, '-n', NS);
    await page.goto(`${readOnly.url}/services/deleted?namespace=${NS}`);
    await expect(page.getByRole('button', { name: `Re-create ${name}` })).toBeDisabled({ timeout: 60_000 });
    await expect(page.getByRole('note', { name: 'Why nothing can be saved' })).toContainText('Read-only mode');
  } finally {
    await readOnly.stop();
  }
});
