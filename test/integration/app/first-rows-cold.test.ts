/**
 * The list page's first rows with a cold server cache (no tab has the list open): the HTML takes the
 * API server's first page, and the listing runs on to its end without the page, which seeds the shared
 * informer — after a pause (PORTHOLE_FIRST_ROWS_RUN_ON_MS) in which no further page is fetched. The next
 * page of the same list then comes whole from the cache (no request to the API server), and reloading a
 * cold page never starts a second listing of the same scope while one runs.
 * Pages of 2 Services (PORTHOLE_LIST_PAGE_SIZE) over 5: the list takes three upstream requests.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clusterMetric } from '../../support/sse-client';
import { startAppStack, type AppStack } from './stack';

const NS = 'it-first-rows-cold';
const NAMES = ['a-1', 'a-2', 'a-3', 'a-4', 'a-5'];
/** The listing a cold page starts runs on this long after the page's first page (first-rows.ts). */
const RUN_ON_MS = 3000;
let stack: AppStack;

beforeAll(async () => {
  stack = await startAppStack({ env: { PORTHOLE_LIST_PAGE_SIZE: '2', PORTHOLE_FIRST_ROWS_RUN_ON_MS: String(RUN_ON_MS) } });
  expect((await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })).status).toBe(201);
  for (const name of NAMES) {
    const res = await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS }, spec: { ports: [{ port: 80 }] } });
    expect(res.status).toBe(201);
  }
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const lists = (resource = 'services') => clusterMetric(stack.cluster.url, stack.cluster.tokens.admin, 'apiserver_request_total', { verb: 'LIST', resource });
const watches = () => clusterMetric(stack.cluster.url, stack.cluster.tokens.admin, 'apiserver_longrunning_requests', { verb: 'WATCH', resource: 'services' });
const rowKeys = (html: string) => [...html.matchAll(/data-testid="service-row" data-key="([^"]+)"/g)].map((m) => m[1]);
const page = async () => {
  const res = await fetch(`${stack.url}/services?namespace=${NS}`);
  expect(res.status).toBe(200);
  return res.text();
};

describe('a cold list page', () => {
  it('shows the first page, lists the rest without the page, and the next page comes whole from the cache', async () => {
    const before = await lists();
    const watchesBefore = await watches();
    const slicesBefore = await lists('endpointslices');
    const html = await page();
    const cold = rowKeys(html);
    expect(cold.length).toBeGreaterThan(0);
    expect(cold.every((k) => k.startsWith(`${NS}/`))).toBe(true);
    // No selector, no EndpointSlices: "none" in each row's endpoints cell, not "…" (loading).
    expect(html).not.toContain('aria-label="loading"');
    expect(html).toContain('class="ep none"');
    expect((await lists('endpointslices')) - slicesBefore).toBe(1);
    // Until the listing runs on, the API server has been asked for the first page only: the next pages
    // are not fetched and parsed while the page is rendered (nor while the browser paints it).
    await new Promise((r) => setTimeout(r, RUN_ON_MS / 6));
    expect((await lists()) - before).toBe(1);
    // The listing the page started reaches its end (three pages) and seeds the informer, whose watch of
    // Services opens (polled without listing: a cold page asked for meanwhile would list its first page).
    await vi.waitFor(async () => expect(await watches()).toBeGreaterThan(watchesBefore), { timeout: 20_000, interval: 100 });
    // The page is whole.
    expect(rowKeys(await page())).toEqual(NAMES.map((n) => `${NS}/${n}`));
    const listed = (await lists()) - before;
    expect(listed).toBe(Math.ceil(NAMES.length / 2));
    // From the cache now: no request to the API server.
    expect(rowKeys(await page())).toHaveLength(NAMES.length);
    expect((await lists()) - before).toBe(listed);
  });
});
