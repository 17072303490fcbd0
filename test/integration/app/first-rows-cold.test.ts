/**
 * The list page's first rows with a cold server cache (no tab has the list open): the HTML takes the
 * API server's first page, and the listing runs on to its end without the page, which seeds the shared
 * informer — after a pause (PORTHOLE_FIRST_ROWS_RUN_ON_MS) in which no further page is fetched. The next
 * page of the same list then comes whole from the cache (no request to the API server), and reloading a
 * cold page never starts a second listing of the same scope while one runs.
 * Pages of 2 Services (PORTHOLE_LIST_PAGE_SIZE) over 5: the list takes three upstream requests.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeServiceRows, type ServiceRowList } from '../../../lib/service-list/row-wire';
import { ROW_STREAM_CONTENT_TYPE, RowStreamAssembler, type RowStreamLine } from '../../../lib/service-list/row-stream';
import { LineSplitter } from '../../../lib/text/lines';
import { clusterMetric } from '../../support/sse-client';
import { startAppStack, type AppStack } from './stack';

const NS = 'it-first-rows-cold';
/** Listed by many at once (second test): no page or request has listed it before. */
const SHARED_NS = 'it-first-rows-shared';
const NAMES = ['a-1', 'a-2', 'a-3', 'a-4', 'a-5'];
/** The listing a cold page starts runs on this long after the page's first page (first-rows.ts). */
const RUN_ON_MS = 3000;
let stack: AppStack;

beforeAll(async () => {
  stack = await startAppStack({ env: { PORTHOLE_LIST_PAGE_SIZE: '2', PORTHOLE_FIRST_ROWS_RUN_ON_MS: String(RUN_ON_MS) } });
  for (const ns of [NS, SHARED_NS]) {
    expect((await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } })).status).toBe(201);
    for (const name of NAMES) {
      const res = await stack.kube('POST', `/api/v1/namespaces/${ns}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: ns }, spec: { ports: [{ port: 80 }] } });
      expect(res.status).toBe(201);
    }
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

  it('requests for a list that is being listed read that listing: the API server lists it once, however many ask', async () => {
    const before = await lists();
    const rows = `${stack.url}/api/service-rows?namespace=${SHARED_NS}`;
    const streamed = async (): Promise<string[]> => {
      const res = await fetch(rows, { headers: { Accept: ROW_STREAM_CONTENT_TYPE } });
      expect(res.status).toBe(200);
      const list = new RowStreamAssembler();
      for (const line of new LineSplitter().push(await res.text())) list.accept(JSON.parse(line) as RowStreamLine);
      return list.result().items.map((s) => s.metadata.name ?? '');
    };
    const whole = async (): Promise<string[]> => {
      const res = await fetch(rows, { headers: { Accept: 'application/json' } });
      expect(res.status).toBe(200);
      return decodeServiceRows((await res.json()) as ServiceRowList).items.map((s) => s.metadata.name ?? '');
    };
    const html = async (): Promise<string[]> => {
      const res = await fetch(`${stack.url}/services?namespace=${SHARED_NS}`);
      expect(res.status).toBe(200);
      return rowKeys(await res.text());
    };
    // At once, as a cold page, the browser's request for the rest, other tabs and scripts would.
    const [pageRows, ...answers] = await Promise.all([html(), streamed(), streamed(), streamed(), streamed(), whole(), whole()]);
    expect(pageRows.length).toBeGreaterThan(0);
    for (const names of answers) expect(names).toEqual(NAMES);
    // One listing of three pages for all seven (each listing alone: 3 × 7).
    expect((await lists()) - before).toBe(Math.ceil(NAMES.length / 2));
  });
});
