/**
 * Issue 10, "fault behaviour, tested", in the browser: an API server that stops answering (Porthole
 * gives up on each request after PORTHOLE_UPSTREAM_TIMEOUT_MS), a watch dropped mid-stream while
 * Services change, and a 409 race between two tabs editing one Service. Each checks what the user
 * sees and that the list ends with exactly the right rows: nothing lost, nothing twice.
 * (The cluster killed and restarted: reconnect.spec.ts; a forced 410 and many tabs: watch-fanout.test.ts.)
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Service } from '../lib/k8s/types';
import { startRelayedStack, type RelayedStack } from '../test/integration/app/relayed-stack';
import { env, KubeApi } from './support';
import { api as sharedKube, editUrl, kubectlGet, saveAndOpenDetail, unique } from './service-form-support';

const svc = (ns: string, name: string): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: ns },
  spec: { selector: { app: name }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
});

/** The keys of the rows the list shows, sorted, duplicates kept (so a row shown twice fails). */
const rowKeys = async (page: Page): Promise<string[]> =>
  (await page.getByTestId('service-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key') ?? ''))).sort();
const keys = (ns: string, names: string[]): string[] => names.map((n) => `${ns}/${n}`).sort();

test.describe('through a relay the test can cut or stall', () => {
  let stack: RelayedStack;
  let kube: KubeApi;
  const listUrl = (ns: string) => `${stack.porthole.url}/services?namespace=${ns}`;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    stack = await startRelayedStack({ env: { PORTHOLE_UPSTREAM_TIMEOUT_MS: '1500' } });
    kube = new KubeApi(stack.cluster.url, stack.cluster.tokens.admin);
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('an API server that stops answering: stale with the last rows kept, a fresh tab says so, both recover with exactly the right rows', async ({ page, context }) => {
    test.setTimeout(150_000);
    const ns = 'fault-silent';
    await kube.ensureNamespace(ns);
    for (const n of ['s1', 's2']) await kube.createService(svc(ns, n));
    await page.goto(listUrl(ns));
    const pill = page.getByTestId('connection-state');
    await expect(pill).toHaveAttribute('data-state', 'live');
    await expect.poll(() => rowKeys(page)).toEqual(keys(ns, ['s1', 's2']));

    stack.proxy.stall(); // every connection dropped; new ones are accepted and never answered
    await expect(pill).toHaveAttribute('data-state', 'stale', { timeout: 30_000 });
    await expect(page.getByTestId('stale-banner')).toBeVisible();
    expect(await rowKeys(page)).toEqual(keys(ns, ['s1', 's2'])); // the last data stays

    // A tab opened now never passes an empty or old list off as live.
    const cold = await context.newPage();
    await cold.goto(listUrl(ns));
    const coldPill = cold.getByTestId('connection-state');
    await expect(coldPill).not.toHaveAttribute('data-state', 'live');
    await cold.waitForTimeout(3000); // longer than the upstream timeout: Porthole gave up at least once
    await expect(coldPill).not.toHaveAttribute('data-state', 'live');
    await expect(cold.getByTestId('list-empty')).toHaveCount(0);
    expect(await rowKeys(cold)).toEqual([]);

    await kube.createService(svc(ns, 's3')); // changed while Porthole cannot see it
    await kube.deleteService(ns, 's1');
    stack.proxy.restore();
    for (const p of [page, cold]) {
      await expect(p.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
      await expect.poll(() => rowKeys(p), { timeout: 20_000 }).toEqual(keys(ns, ['s2', 's3']));
    }
    await expect(page.getByTestId('stale-banner')).toHaveCount(0);
    await expect(cold.getByTestId('list-error')).toHaveCount(0);
  });

  test('a watch dropped mid-stream while Services change: after the relay is back the list has each Service exactly once', async ({ page }) => {
    test.setTimeout(150_000);
    const ns = 'fault-dropped';
    await kube.ensureNamespace(ns);
    const first = ['d1', 'd2', 'd3', 'd4', 'd5'];
    for (const n of first) await kube.createService(svc(ns, n));
    await page.goto(listUrl(ns));
    const pill = page.getByTestId('connection-state');
    await expect(pill).toHaveAttribute('data-state', 'live');
    await expect.poll(() => rowKeys(page)).toEqual(keys(ns, first));

    stack.proxy.cut(); // the watch is reset mid-stream; reconnects are refused
    await expect(pill).toHaveAttribute('data-state', 'stale', { timeout: 30_000 });
    for (const n of ['d6', 'd7']) await kube.createService(svc(ns, n));
    await kube.deleteService(ns, 'd1');
    await kube.patchService(ns, 'd2', { spec: { ports: [{ name: 'http', port: 81, targetPort: 8080 }] } });
    await kube.deleteService(ns, 'd3');
    await kube.createService(svc(ns, 'd3')); // same name, new object: must not show twice
    stack.proxy.restore();

    await expect(pill).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
    const expected = keys(ns, ['d2', 'd3', 'd4', 'd5', 'd6', 'd7']);
    await expect.poll(() => rowKeys(page), { timeout: 20_000 }).toEqual(expected);
    await expect(page.locator(`[data-key="${ns}/d2"]`)).toContainText('81/TCP');
    // Streaming again: a later change arrives, and still nothing is doubled.
    await kube.createService(svc(ns, 'd8'));
    await expect.poll(() => rowKeys(page), { timeout: 20_000 }).toEqual([...expected, `${ns}/d8`].sort());
  });
});

test('a 409 race between two tabs: the second keeps its edits, re-applies on top, and both edits are stored; the list shows it once', async ({ page, context }) => {
  test.setTimeout(90_000);
  const ns = unique('fault-409');
  const name = 'raced';
  await sharedKube.ensureNamespace(ns);
  await sharedKube.createService(svc(ns, name));
  const other = await context.newPage();
  for (const p of [page, other]) {
    await p.goto(editUrl(ns, name));
    await expect(p.getByLabel('Port 1: target port')).toHaveValue('8080');
  }

  await other.getByLabel('Port 1: port').fill('8081'); // tab 2 starts editing first…
  await page.getByLabel('Port 1: target port').fill('6000');
  await saveAndOpenDetail(page, ns, name, 'Save changes'); // …but tab 1 saves first

  await other.getByRole('button', { name: 'Save changes' }).click();
  const conflict = other.getByTestId('save-conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('409 Conflict');
  await expect(other.getByTestId('conflict-changed-fields')).toContainText('spec.ports');
  await expect(other.getByLabel('Port 1: port')).toHaveValue('8081'); // the edit is kept
  expect((await kubectlGet(ns, name)).spec?.ports?.[0].port).toBe(80); // and nothing of it was stored

  await conflict.getByRole('button', { name: 'Re-apply my edits on top of the current object' }).click();
  await expect(other.getByTestId('save-conflict')).toHaveCount(0);
  await expect(other.getByLabel('Port 1: port')).toHaveValue('8081');
  await expect(other.getByLabel('Port 1: target port')).toHaveValue('6000');
  await saveAndOpenDetail(other, ns, name, 'Save changes');

  const stored = await kubectlGet(ns, name);
  expect(stored.spec?.ports).toHaveLength(1);
  expect(stored.spec?.ports?.[0]).toMatchObject({ port: 8081, targetPort: 6000 });
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services?namespace=${ns}`);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
  await expect.poll(() => rowKeys(page)).toEqual(keys(ns, [name]));
});
