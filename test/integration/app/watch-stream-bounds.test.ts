/**
 * Issue 16, item 1: the watch stream cannot be used to exhaust the cluster. A HEAD request, a request
 * aborted before or just after its answer, leave no upstream watch once the informer's grace period
 * is over (counted on the embedded cluster's own /metrics); and upstream watches are bounded per
 * identity and per API server, with a 429 `Status` (TooManyRequests, Retry-After) past the bound.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import type { StreamEvents } from '../../../lib/live/protocol';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { clusterMetric, openSse, type ReceivedEvent, type SseClient } from '../../support/sse-client';
import { raw } from './raw-http';

const GRACE_MS = 2000;
const PER_IDENTITY = 6;
const PER_SERVER = 9;
let cluster: TestCluster;
let porthole: PortholeServer;
const open: SseClient[] = [];

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
  porthole = await startPorthole({
    kubeconfigPath: cluster.kubeconfigPath,
    env: {
      PORTHOLE_WATCH_CACHE_GRACE_MS: String(GRACE_MS),
      // A stream nobody reads (what a HEAD answered by GET was) ends after a second.
      PORTHOLE_SSE_NO_READER_MS: '1000',
      PORTHOLE_MAX_WATCHES_PER_IDENTITY: String(PER_IDENTITY),
      PORTHOLE_MAX_WATCHES_PER_SERVER: String(PER_SERVER),
    },
  });
}, 180_000);

afterAll(async () => {
  for (const c of open) c.close();
  await porthole?.stop();
  await cluster?.stop();
});

/**
 * Upstream watches of pods in one namespace open on the cluster now: the only watches this test makes
 * (on a real API server the controller-manager's informers and the test harness's kubelet watch too,
 * all of them cluster-wide).
 */
const watches = () => clusterMetric(cluster.url, cluster.tokens.admin, 'apiserver_longrunning_requests', { verb: 'WATCH', resource: 'pods', scope: 'namespace' });
/** `/api/watch` naming one distinct pods watch per namespace (each its own upstream watch). */
const watchPath = (namespaces: string[]) => `/api/watch?${namespaces.map((ns) => `watch=pods:${ns}`).join('&')}`;
const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-${from + i}`);
const isLive = (events: ReceivedEvent[]) => events.some((e) => e.event === 'state' && (e.data as StreamEvents['state']).state === 'live');

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const noWatchesLeft = () => until(async () => (await watches()) === 0, 'no upstream watch left after the grace period');

async function stream(namespaces: string[], headers: Record<string, string> = {}): Promise<SseClient> {
  const client = await openSse(`${porthole.url}${watchPath(namespaces)}`, headers);
  open.push(client);
  return client;
}

/** Sends a GET for `path` on a raw socket and destroys it: at once, or once the answer's head arrived. */
function abortedGet(path: string, when: 'before-answer' | 'after-head'): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(porthole.port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${porthole.port}\r\nAccept: text/event-stream\r\n\r\n`);
      if (when === 'before-answer') socket.destroy();
    });
    let head = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      head += chunk;
      if (head.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}

describe('streams without a reader hold no upstream watch', () => {
  it('a GET stream holds its watches while read and releases them after the grace period', async () => {
    const client = await stream(range('get', 1, 3));
    expect(client.status).toBe(200);
    await client.waitFor(isLive);
    await until(async () => (await watches()) === 3, 'three upstream watches');
    client.close();
    await noWatchesLeft();
  });

  it('HEAD requests leave no upstream watch', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await raw({ port: porthole.port, method: 'HEAD', path: watchPath(range(`head${i}`, 1, 2)) });
      expect(res.status).toBe(200);
      expect(res.body).toBe('');
    }
    // What a HEAD stream would have opened is the time it takes a watch to connect: give it that, then none may remain.
    await new Promise((r) => setTimeout(r, GRACE_MS));
    await noWatchesLeft();
  });

  it('requests aborted before the answer, or right after its head, leave no upstream watch', async () => {
    await abortedGet(watchPath(range('abort-early', 1, 2)), 'before-answer');
    await abortedGet(watchPath(range('abort-late', 1, 2)), 'after-head');
    await new Promise((r) => setTimeout(r, GRACE_MS));
    await noWatchesLeft();
  });
});

describe('upstream watches are bounded per identity and per API server', () => {
  let viewerCookie = '';

  it(`an identity may cause ${PER_IDENTITY} upstream watches; one more is a 429 Status with Retry-After`, async () => {
    const first = await stream(range('b', 1, PER_IDENTITY));
    expect(first.status).toBe(200);
    await first.waitFor(isLive);
    // Sharing an informer costs nothing: another tab on a watch that exists is served.
    const shared = await stream(['b-1']);
    expect(shared.status).toBe(200);
    const refused = await fetch(`${porthole.url}${watchPath([`b-${PER_IDENTITY + 1}`])}`);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    const status = (await refused.json()) as Status;
    expect(status).toMatchObject({ kind: 'Status', code: 429, reason: 'TooManyRequests', details: { retryAfterSeconds: retryAfter } });
    expect(status.message).toContain(`${PER_IDENTITY}`);
    // All or nothing: a refused stream opens none of the watches it named.
    const mixed = await fetch(`${porthole.url}${watchPath(['b-1', `b-${PER_IDENTITY + 2}`])}`);
    expect(mixed.status).toBe(429);
    await mixed.arrayBuffer();
    await until(async () => (await watches()) === PER_IDENTITY, `${PER_IDENTITY} upstream watches`);
  });

  it(`another identity has its own bound, and the API server's (${PER_SERVER}) holds for all of them`, async () => {
    const chosen = await fetch(`${porthole.url}/api/identity`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: porthole.url },
      body: JSON.stringify({ context: 'porthole-viewer' }),
    });
    expect(chosen.status).toBe(200);
    viewerCookie = chosen.headers.get('set-cookie')!.split(';')[0];
    const viewer = await stream(range('v', 1, PER_SERVER - PER_IDENTITY), { cookie: viewerCookie });
    expect(viewer.status).toBe(200);
    await viewer.waitFor(isLive);
    const refused = await fetch(`${porthole.url}${watchPath(['v-extra'])}`, { headers: { cookie: viewerCookie } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as Status).reason).toBe('TooManyRequests');
    await until(async () => (await watches()) === PER_SERVER, `${PER_SERVER} upstream watches`);
  });

  it('once their tabs close, every watch is released', async () => {
    for (const c of open) c.close();
    await noWatchesLeft();
  });
});

describe('at the bound, watches no tab reads give way', () => {
  it('a new watch drops an unread informer in its grace period instead of being refused', async () => {
    // A long grace period: without making room, the second stream would be refused for a minute.
    const roomy = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath, env: { PORTHOLE_WATCH_CACHE_GRACE_MS: '60000', PORTHOLE_MAX_WATCHES_PER_IDENTITY: '3' } });
    try {
      const streamsOpen = async () => Number(/^porthole_sse_streams_open(?:\{\})? (\d+)$/m.exec(await (await fetch(`${roomy.url}/metrics`)).text())?.[1] ?? 0);
      const first = await openSse(`${roomy.url}${watchPath(range('r', 1, 3))}`);
      expect(first.status).toBe(200);
      await first.waitFor(isLive);
      first.close();
      await until(async () => (await streamsOpen()) === 0, 'the closed stream noticed');
      const second = await openSse(`${roomy.url}${watchPath(range('r', 4, 6))}`);
      try {
        expect(second.status).toBe(200);
        await second.waitFor(isLive);
        await until(async () => (await watches()) === 3, 'three upstream watches: the unread ones dropped');
      } finally {
        second.close();
      }
    } finally {
      await roomy.stop();
    }
  });
});
