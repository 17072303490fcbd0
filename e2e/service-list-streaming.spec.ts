/**
 * The Service list streaming in (issue 10, 50,000 Services): Porthole lists the API server in pages
 * and the page shows the first rows while the rest still arrives ("… so far, loading…"). Services
 * created, changed and deleted while the list is streaming in end up exactly right on screen (the
 * watch starts from the streamed list's resourceVersion): nothing lost, nothing twice.
 *
 * Its own cluster (3,000 Services from `--scale`) and a Porthole that lists in pages of 1 Service, so loading
 * takes thousands of upstream requests and the writes land mid-way.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Service } from '../lib/k8s/types';
import { realCluster, startTestCluster, type TestCluster } from '../test/support/start-cluster';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import { KubeApi } from './support';

const SCALE = 3000;
const NS = 'scale-01';
let cluster: TestCluster;
let porthole: PortholeServer;
let api: KubeApi;

test.skip(realCluster, 'embedded-only: --scale writes the 3,000 Services in one transaction');

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startTestCluster({ empty: true, args: ['--scale', String(SCALE)] });
  porthole = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath, env: { PORTHOLE_LIST_PAGE_SIZE: '1' } });
  api = new KubeApi(cluster.url, cluster.tokens.admin);
});

test.afterAll(async () => {
  await porthole?.stop();
  await cluster?.stop();
});

const row = (page: Page, ns: string, name: string) => page.locator(`[data-testid=service-row][data-key="${ns}/${name}"]`);
const count = (page: Page) => page.getByTestId('result-count');

const svc = (name: string): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS, labels: { app: name } }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } });

test('the first rows show while the list streams in; writes made meanwhile end up exactly right', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${porthole.url}/services`);
  // The first screen, while the rest is still arriving.
  await expect(row(page, NS, 'svc-000000')).toBeVisible();
  await expect(count(page)).toContainText('so far, loading');
  // Meanwhile: the first Service by name goes, a new first one comes, one further down is relabelled.
  await api.deleteService(NS, 'svc-000000');
  await api.createService(svc('aaa-added-while-loading'));
  await api.patchService(NS, 'svc-002499', { metadata: { labels: { phase: 'changed-while-loading' } } });
  await expect(count(page)).not.toContainText('loading', { timeout: 60_000 });
  // 3,000 − 1 + 1, and the kubernetes Service.
  await expect(count(page)).toHaveText(`${SCALE + 1} Services`);
  await expect(row(page, NS, 'aaa-added-while-loading')).toBeVisible();
  await expect(row(page, NS, 'svc-000000')).toHaveCount(0);
  const search = page.getByRole('searchbox', { name: /search/i });
  await search.fill('phase=changed-while-loading');
  await expect(count(page)).toHaveText(`1 of ${SCALE + 1} Services`);
  await expect(row(page, NS, 'svc-002499')).toBeVisible();
  await search.fill('aaa-added');
  await expect(count(page)).toHaveText(`1 of ${SCALE + 1} Services`);
  await search.fill('svc-000000');
  await expect(count(page)).toHaveText(`0 of ${SCALE + 1} Services`);
});
