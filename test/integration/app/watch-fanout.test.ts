/**
 * Issue 10, "many viewers, one upstream": many SSE tabs of one identity share ONE upstream list and
 * watch per resource (counted by the embedded cluster's own /metrics), late tabs start from Porthole's
 * cache, a forced 410 relists once and resyncs every tab, an informer without tabs closes after its
 * grace period, and two identities never share one. Porthole reaches the cluster through a relay the
 * test can cut (a watch dropped mid-stream).
 */
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KubeObject, Service } from '../../../lib/k8s/types';
import type { StreamEvents } from '../../../lib/live/protocol';
import { realCluster, startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { clusterMetric, openSse, type ReceivedEvent, type SseClient } from '../../support/sse-client';
import { startCuttableProxy, writeRelayedKubeconfig, type CuttableProxy } from './cuttable-proxy';

const GRACE_MS = 3000;
let cluster: TestCluster;
let proxy: CuttableProxy;
let porthole: PortholeServer;
let work: string;
const open: SseClient[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'porthole-fanout-it-'));
  // A short watch history: a watch that misses a few writes must relist (410 Gone).
  cluster = await startTestCluster({ empty: true, args: realCluster ? [] : ['--history-size', '5'] });
  proxy = await startCuttableProxy(cluster.port);
  const kubeconfigPath = join(work, 'kubeconfig');
  writeRelayedKubeconfig(cluster.kubeconfigPath, kubeconfigPath, cluster.port, proxy.port);
  othersWatches = await settledWatches();
  porthole = await startPorthole({ kubeconfigPath, env: { PORTHOLE_WATCH_CACHE_GRACE_MS: String(GRACE_MS), PORTHOLE_SSE_MAX_QUEUED_BYTES: String(256 * 1024) } });
}, 180_000);

afterAll(async () => {
  for (const c of open) c.close();
  await porthole?.stop();
  await proxy?.close();
  await cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

function kube(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(cluster.url + path, {
    method,
    headers: { Authorization: `Bearer ${cluster.tokens.admin}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}
const createService = (name: string, namespace: string) =>
  kube('POST', `/api/v1/namespaces/${namespace}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace }, spec: { ports: [{ port: 80 }] } });

const allWatches = (resource?: string) => clusterMetric(cluster.url, cluster.tokens.admin, 'apiserver_longrunning_requests', { verb: 'WATCH', ...(resource ? { resource } : {}) });
/**
 * Open watches of Services and EndpointSlices that are not Porthole's: none on the embedded cluster; on a
 * real one its controller-manager's and the API server's own informers, open all along.
 */
let othersWatches: Record<string, number> = {};
async function settledWatches(): Promise<Record<string, number>> {
  const read = async () => ({ services: await allWatches('services'), endpointslices: await allWatches('endpointslices') });
  let last = await read();
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}
/** Porthole's upstream watches of a resource, or of both resources its tabs here watch. */
const watches = async (resource?: 'services' | 'endpointslices'): Promise<number> =>
  resource ? (await allWatches(resource)) - (othersWatches[resource] ?? 0) : (await watches('services')) + (await watches('endpointslices'));
/** Porthole's own /metrics: upstream watch restarts after 410 Gone. */
/** Porthole's own /metrics: SSE streams open now. */
const streamsOpen = async () => Number(/^porthole_sse_streams_open(?:\{[^}]*\})? (\d+)$/m.exec(await (await fetch(`${porthole.url}/metrics`)).text())?.[1] ?? 0);
const goneRestarts = async () => Number(/^porthole_watch_restarts_total\{reason="gone"\} (\d+)$/m.exec(await (await fetch(`${porthole.url}/metrics`)).text())?.[1] ?? 0);
const lists = (resource: string) => clusterMetric(cluster.url, cluster.tokens.admin, 'apiserver_request_total', { verb: 'LIST', resource });

async function tabs(count: number, query: string, headers: Record<string, string> = {}): Promise<SseClient[]> {
  const clients = await Promise.all(Array.from({ length: count }, () => openSse(`${porthole.url}/api/watch?${query}`, headers)));
  open.push(...clients);
  for (const c of clients) expect(c.status).toBe(200);
  return clients;
}
const closeAll = (clients: SseClient[]) => clients.forEach((c) => c.close());

const resyncs = (events: ReceivedEvent[], id: string) => events.filter((e) => e.event === 'resync' && (e.data as StreamEvents['resync']).id === id).map((e) => (e.data as StreamEvents['resync']).list);
const isLive = (events: ReceivedEvent[]) => events.some((e) => e.event === 'state' && (e.data as StreamEvents['state']).state === 'live');
const changed = (events: ReceivedEvent[], name: string) => events.some((e) => e.event === 'change' && (e.data as StreamEvents['change']).object.metadata.name === name);
const names = (items: KubeObject[]) => items.map((o) => o.metadata.name).sort();

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('one upstream watch per resource for many tabs of one identity', () => {
  // Each test stands alone: its own namespace (so its own informers and Services), and no tab or
  // upstream watch left from the test before (closed, then polled until the grace period ran out).
  let ns = '';
  let serial = 0;
  const SVC = () => `services:${ns}`;
  const ROWS = () => `services:${ns}:v=rows`;
  const SLICES = () => `endpointslices:${ns}`;

  beforeEach(async () => {
    closeAll(open.splice(0));
    await until(async () => (await watches()) === 0, GRACE_MS + 30_000);
    ns = `it-fanout-${++serial}`;
    expect((await kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } })).status).toBe(201);
    expect((await createService('first', ns)).status).toBe(201);
  });

  /** 20 tabs watching Services and EndpointSlices and 10 watching the rows view, every one live with its list. */
  async function thirtyTabs(): Promise<SseClient[]> {
    const clients = [...(await tabs(20, `watch=${SVC()}&watch=${SLICES()}`)), ...(await tabs(10, `watch=${encodeURIComponent(ROWS())}`))];
    for (const c of clients.slice(0, 20)) await c.waitFor((ev) => resyncs(ev, SVC()).length === 1 && resyncs(ev, SLICES()).length === 1 && isLive(ev));
    for (const c of clients.slice(20)) await c.waitFor((ev) => resyncs(ev, ROWS()).length === 1 && isLive(ev));
    return clients;
  }

  it('30 tabs watching Services (whole and rows) and EndpointSlices cost one list and one watch per resource', async () => {
    const servicesListed = await lists('services');
    const clients = await thirtyTabs();
    expect(await watches('services')).toBe(1);
    expect(await watches('endpointslices')).toBe(1);
    expect(await watches()).toBe(2);
    expect((await lists('services')) - servicesListed).toBe(1);
    // The whole view carries whole objects; the rows view the list's projection of the same cache.
    const whole = resyncs(clients[0].events, SVC())[0].items.find((o) => o.metadata.name === 'first')!;
    const row = resyncs(clients[25].events, ROWS())[0].items.find((o) => o.metadata.name === 'first')!;
    expect(whole.metadata.managedFields).toBeDefined();
    expect(row.metadata.managedFields).toBeUndefined();
    expect((row as Service).spec).toMatchObject({ ports: [{ port: 80 }] });
  });

  it('every tab receives a Service change', async () => {
    const clients = await thirtyTabs();
    expect((await createService('second', ns)).status).toBe(201);
    for (const c of clients) await c.waitFor((ev) => changed(ev, 'second'));
  });

  it('a tab that joins late starts from the cache: no new list, no new watch', async () => {
    await thirtyTabs();
    expect((await createService('second', ns)).status).toBe(201);
    const servicesListed = await lists('services');
    const [late] = await tabs(1, `watch=${SVC()}`);
    await late.waitFor((ev) => resyncs(ev, SVC()).length === 1 && isLive(ev));
    expect(names(resyncs(late.events, SVC())[0].items)).toEqual(['first', 'second']);
    expect(await lists('services')).toBe(servicesListed);
    expect(await watches('services')).toBe(1);
  });

  it("the list page's first rows come from the tabs' informer: the page lists nothing upstream", async () => {
    const [tab] = await tabs(1, `watch=${encodeURIComponent(ROWS())}`);
    await tab.waitFor((ev) => resyncs(ev, ROWS()).length === 1 && isLive(ev));
    expect((await createService('second', ns)).status).toBe(201);
    await tab.waitFor((ev) => changed(ev, 'second'));
    const servicesListed = await lists('services');
    const page = await fetch(`${porthole.url}/services?namespace=${ns}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Both rows, the one written after the list included (the informer's, not an old answer).
    expect(html).toContain('data-key="' + `${ns}/first"`);
    expect(html).toContain('data-key="' + `${ns}/second"`);
    expect(await lists('services')).toBe(servicesListed);
  });

  it.skipIf(realCluster)('a forced 410 Gone (the watch dropped while the history moved on) relists once and resyncs every tab (embedded-only: --history-size 5 expires a resourceVersion after five writes)', async () => {
    const clients = await thirtyTabs();
    const servicesListed = await lists('services');
    const goneBefore = await goneRestarts();
    proxy.cut();
    // Twelve writes while Porthole cannot see them; the cluster keeps five events of history.
    for (let i = 0; i < 12; i++) expect((await createService(`gone-${i}`, ns)).status).toBe(201);
    proxy.restore();
    const expected = ['first', ...Array.from({ length: 12 }, (_, i) => `gone-${i}`)].sort();
    for (const c of clients) {
      const id = resyncs(c.events, ROWS()).length ? ROWS() : SVC();
      await c.waitFor((ev) => resyncs(ev, id).length === 2, 30_000);
      expect(names(resyncs(c.events, id)[1].items)).toEqual(expected);
    }
    expect((await lists('services')) - servicesListed).toBe(1);
    expect((await goneRestarts()) - goneBefore).toBe(1); // Porthole counts it too: porthole_watch_restarts_total{reason="gone"}
    await until(async () => (await watches('services')) === 1); // the new watch may still be connecting
    // And it streams on.
    expect((await createService('after-gone', ns)).status).toBe(201);
    for (const c of clients) await c.waitFor((ev) => changed(ev, 'after-gone'));
  });

  it('a tab that opens while the API server is unreachable is told so, and gets its list once the upstream is back', async () => {
    const [first] = await thirtyTabs();
    const from = first.events.length;
    const stale = (events: ReceivedEvent[]) => events.some((e) => e.event === 'state' && (e.data as StreamEvents['state']).state === 'stale');
    proxy.cut();
    await first.waitFor((ev) => stale(ev.slice(from)));
    const [cold] = await tabs(1, `watch=${SVC()}`);
    await cold.waitFor(stale);
    expect(resyncs(cold.events, SVC())).toHaveLength(0); // no last-known data passed off as a fresh list
    proxy.restore();
    await cold.waitFor((ev) => resyncs(ev, SVC()).length === 1 && isLive(ev), 30_000);
    expect(names(resyncs(cold.events, SVC())[0].items)).toEqual(['first']);
    await until(async () => (await watches()) === 2); // the EndpointSlices watch may still be backing off
  });

  it('without tabs, the upstream watches close after the grace period', async () => {
    closeAll(await thirtyTabs());
    await until(async () => (await streamsOpen()) === 0);
    expect(await watches()).toBe(2); // the tabs are gone, the informers stay for the grace period: a reload would find them
    await until(async () => (await watches()) === 0, GRACE_MS + 30_000);
  });
});

describe('identities never share an upstream watch', () => {
  it('admin and viewer tabs get one upstream watch each', async () => {
    await until(async () => (await watches()) === 0, GRACE_MS + 10_000);
    const query = 'watch=services:all';
    const admins = await tabs(5, query);
    const viewers = await tabs(5, query, { cookie: 'porthole-context=porthole-viewer' });
    for (const c of [...admins, ...viewers]) await c.waitFor((ev) => resyncs(ev, 'services:all').length === 1 && isLive(ev));
    expect(await watches('services')).toBe(2);
    closeAll([...admins, ...viewers]);
  });
});

describe('a tab that reads too slowly', () => {
  const SLOW_NS = 'it-fanout-slow';

  /**
   * A tab whose socket stops reading after the response head (a frozen tab, a stalled link). A paused
   * socket does not see the server end it: `resume` reads what was buffered, then the end (if any).
   */
  function stalledTab(path: string): Promise<{ closed: Promise<void>; resume(): void }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(porthole.port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${porthole.port}\r\n\r\n`));
      const closed = new Promise<void>((r) => socket.once('close', () => r()));
      socket.once('data', (head) => {
        if (!head.toString('latin1').startsWith('HTTP/1.1 200')) reject(new Error(head.toString('latin1').slice(0, 200)));
        socket.pause();
        resolve({ closed, resume: () => socket.resume() });
      });
      socket.on('error', () => undefined);
    });
  }

  it('is dropped once too much waits for it, while the other tabs get every event', async () => {
    await kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: SLOW_NS } });
    const query = `watch=services:${SLOW_NS}`;
    const stalled = await stalledTab(`/api/watch?${query}`);
    const [reader] = await tabs(1, query);
    await reader.waitFor((ev) => resyncs(ev, `services:${SLOW_NS}`).length === 1);
    let dropped = false;
    void stalled.closed.then(() => (dropped = true));
    const big = 'x'.repeat(200 * 1024);
    // 60 events of ~200 KB: far more than the socket buffers and the 256 KiB bound hold.
    for (let i = 0; i < 60; i++) {
      const res = await kube('POST', `/api/v1/namespaces/${SLOW_NS}/services`, {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: `big-${i}`, namespace: SLOW_NS, annotations: { filler: big } },
        spec: { ports: [{ port: 80 }] },
      });
      expect(res.status).toBe(201);
    }
    await reader.waitFor((ev) => changed(ev, 'big-59'), 30_000);
    expect(reader.events.filter((e) => e.event === 'change')).toHaveLength(60);
    expect(reader.ended).toBe(false);
    stalled.resume();
    await until(async () => dropped, 15_000);
    reader.close();
  });
});

describe('a tab that already holds the list a new informer starts from', () => {
  it('gets no resync (no second copy of the list), then every change', async () => {
    const QUIET_NS = 'it-fanout-quiet';
    await kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: QUIET_NS } });
    const listRv = async () => ((await (await kube('GET', `/api/v1/namespaces/${QUIET_NS}/services`)).json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    const SVC = `services:${QUIET_NS}`;
    // The cluster's resourceVersion is global: try until nothing else wrote between the tab's list and
    // the informer's (then both lists are the same one, and a resync could only repeat it).
    for (let attempt = 0; attempt < 5; attempt++) {
      const rv = await listRv();
      const [tab] = await tabs(1, `watch=${encodeURIComponent(`${SVC}@${rv}`)}`);
      await tab.waitFor(isLive);
      await new Promise((r) => setTimeout(r, 500));
      if ((await listRv()) !== rv) {
        tab.close();
        await new Promise((r) => setTimeout(r, GRACE_MS + 500)); // the informer is dropped: the next attempt starts a new one
        continue;
      }
      expect(resyncs(tab.events, SVC)).toHaveLength(0);
      expect((await kube('POST', `/api/v1/namespaces/${QUIET_NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'quiet' }, spec: { ports: [{ port: 80 }] } })).status).toBe(201);
      await tab.waitFor((ev) => changed(ev, 'quiet'));
      tab.close();
      return;
    }
    throw new Error('the cluster never stayed quiet long enough');
  });
});
