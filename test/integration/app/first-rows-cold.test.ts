/**
 * The list page's first rows with a cold server cache (no tab has the list open): the HTML takes the
 * API server's first page, and the listing runs on to its end without the page, which seeds the shared
 * informer. The next page of the same list then comes whole from the cache (no request to the API
 * server), and reloading a cold page never starts a second listing of the same scope while one runs.
 * Pages of 2 Services (PORTHOLE_LIST_PAGE_SIZE) over 5: the list takes three upstream requests.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clusterMetric } from '../../support/sse-client';
import { startAppStack, type AppStack } from './stack';

const NS = 'it-first-rows-cold';
const NAMES = ['a-1', 'a-2', 'a-3', 'a-4', 'a-5'];
let stack: AppStack;

beforeAll(async () => {
  stack = await startAppStack({ env: { PORTHOLE_LIST_PAGE_SIZE: '2' } });
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
const rowKeys = (html: string) => [...html.matchAll(/data-testid="service-row" data-key="([^"]+)"/g)].map((m) => m[1]);
const page = async () => {
  const res = await fetch(`${stack.url}/services?namespace=${NS}`);
  expect(res.status).toBe(200);
  return res.text();
};

describe('a cold list page', () => {
  it('shows the first page, lists the rest without the page, and the next page comes whole from the cache', async () => {
    const before = await lists();
    const slicesBefore = await lists('endpointslices');
    const html = await page();
    const cold = rowKeys(html);
    expect(cold.length).toBeGreaterThan(0);
    expect(cold.every((k) => k.startsWith(`${NS}/`))).toBe(true);
    // No selector, no EndpointSlices: "none" in each row's endpoints cell, not "…" (loading).
    expect(html).not.toContain('aria-label="loading"');
    expect(html).toContain('class="ep none"');
    expect((await lists('endpointslices')) - slicesBefore).toBe(1);
    // The listing the page started reaches its end (three pages) and seeds the informer: the page is whole.
    await vi.waitFor(async () => expect(rowKeys(await page())).toEqual(NAMES.map((n) => `${NS}/${n}`)), { timeout: 20_000, interval: 200 });
    const listed = (await lists()) - before;
    expect(listed).toBe(Math.ceil(NAMES.length / 2));
    // From the cache now: no request to the API server.
    expect(rowKeys(await page())).toHaveLength(NAMES.length);
    expect((await lists()) - before).toBe(listed);
  });
});
