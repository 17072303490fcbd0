/**
 * Watch semantics over HTTP (initial events, bookmarks, timeouts, selectors, 410 Gone as an ERROR
 * event, expired continue tokens) and persistence across kill -9 with a data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreV1Api, KubeConfig, Watch } from '@kubernetes/client-node';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { streamLines } from '../../../lib/text/lines';

interface WatchEvent {
  type: string;
  object: { kind?: string; code?: number; message?: string; metadata?: { name?: string; resourceVersion?: string } };
}

let cluster: TestCluster;
const NS = 'core-watch';

async function api(c: TestCluster, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${c.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${c.tokens.admin}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

function service(name: string, labels: Record<string, string> = {}): unknown {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, labels }, spec: { ports: [{ port: 80 }], selector: { app: name } } };
}

/** Opens a watch; events collect in `events`, `ended` resolves when the server closes the stream. */
function openWatch(c: TestCluster, query: string): { events: WatchEvent[]; ended: Promise<void>; abort: () => void } {
  const controller = new AbortController();
  const events: WatchEvent[] = [];
  const ended = (async () => {
    const res = await fetch(`${c.url}/api/v1/namespaces/${NS}/services?watch=1&${query}`, {
      headers: { Authorization: `Bearer ${c.tokens.admin}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    try {
      for await (const line of streamLines(res.body!)) events.push(JSON.parse(line) as WatchEvent);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') throw err;
    }
  })();
  return { events, ended, abort: () => controller.abort() };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true, args: ['--history-size', '20'] });
  expect((await api(cluster, 'POST', '/api/v1/namespaces', { metadata: { name: NS } })).status).toBe(201);
});

afterAll(async () => {
  await cluster?.stop();
});

describe('watch', () => {
  it('sends the current state as ADDED, then live events, and a final BOOKMARK at the timeout', async () => {
    await api(cluster, 'POST', `/api/v1/namespaces/${NS}/services`, service('w-one'));
    const w = openWatch(cluster, 'resourceVersion=0&allowWatchBookmarks=true&timeoutSeconds=2');
    await until(() => w.events.length >= 1);
    expect(w.events[0]).toMatchObject({ type: 'ADDED', object: { kind: 'Service', metadata: { name: 'w-one' } } });
    await api(cluster, 'POST', `/api/v1/namespaces/${NS}/services`, service('w-two'));
    await api(cluster, 'DELETE', `/api/v1/namespaces/${NS}/services/w-one`);
    await w.ended;
    const types = w.events.map((e) => `${e.type}:${e.object.metadata?.name ?? ''}`);
    expect(types.slice(0, 3)).toEqual(['ADDED:w-one', 'ADDED:w-two', 'DELETED:w-one']);
    const last = w.events[w.events.length - 1];
    expect(last.type).toBe('BOOKMARK');
    expect(Number(last.object.metadata?.resourceVersion)).toBeGreaterThan(0);
  });

  it('ends the initial events of sendInitialEvents with the annotated BOOKMARK', async () => {
    const w = openWatch(cluster, 'sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=1');
    await w.ended;
    const marker = w.events.findIndex((e) => e.type === 'BOOKMARK');
    expect(marker).toBeGreaterThan(0);
    expect(w.events.slice(0, marker).every((e) => e.type === 'ADDED')).toBe(true);
    expect(w.events[marker].object.metadata).toMatchObject({ annotations: { 'k8s.io/initial-events-end': 'true' } });
  });

  it('turns an object leaving the label selection into DELETED', async () => {
    const w = openWatch(cluster, 'labelSelector=tier%3Dfront&timeoutSeconds=5');
    await api(cluster, 'POST', `/api/v1/namespaces/${NS}/services`, service('w-sel', { tier: 'front' }));
    await until(() => w.events.some((e) => e.type === 'ADDED'));
    await fetch(`${cluster.url}/api/v1/namespaces/${NS}/services/w-sel`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ metadata: { labels: { tier: 'back' } } }),
    });
    await until(() => w.events.some((e) => e.type === 'DELETED'));
    w.abort();
    expect(w.events.map((e) => `${e.type}:${e.object.metadata?.name}`)).toEqual(['ADDED:w-sel', 'DELETED:w-sel']);
  });

  it('delivers 410 Gone as an ERROR event once the resourceVersion left the history, and a relist recovers', async () => {
    const before = await api(cluster, 'GET', `/api/v1/namespaces/${NS}/services`);
    const oldRV = (before.json.metadata as { resourceVersion: string }).resourceVersion;
    for (let i = 0; i < 30; i++) await api(cluster, 'POST', `/api/v1/namespaces/${NS}/services`, service(`churn-${i}`));
    const w = openWatch(cluster, `resourceVersion=${oldRV}`);
    await w.ended;
    expect(w.events).toHaveLength(1);
    expect(w.events[0].type).toBe('ERROR');
    expect(w.events[0].object).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });
    expect(w.events[0].object.message).toMatch(new RegExp(`^too old resource version: ${oldRV} \\(\\d+\\)$`));

    // client-node sees the same: the ERROR event, then the end of the stream.
    const kc = new KubeConfig();
    kc.loadFromFile(cluster.kubeconfigPath);
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      void new Watch(kc).watch(`/api/v1/namespaces/${NS}/services`, { resourceVersion: oldRV, timeoutSeconds: 5 }, (type) => seen.push(type), () => resolve());
    });
    expect(seen).toEqual(['ERROR']);

    const relist = await kc.makeApiClient(CoreV1Api).listNamespacedService({ namespace: NS });
    const again = openWatch(cluster, `resourceVersion=${relist.metadata?.resourceVersion}&timeoutSeconds=3`);
    await api(cluster, 'DELETE', `/api/v1/namespaces/${NS}/services/churn-0`);
    await until(() => again.events.length > 0);
    again.abort();
    expect(again.events[0]).toMatchObject({ type: 'DELETED', object: { metadata: { name: 'churn-0' } } });
  });

  it('answers an expired continue token with 410 and a fresh token', async () => {
    const page = await api(cluster, 'GET', `/api/v1/namespaces/${NS}/services?limit=2`);
    const token = (page.json.metadata as { continue: string }).continue;
    expect(token).toBeTruthy();
    for (let i = 0; i < 25; i++) await api(cluster, 'POST', `/api/v1/namespaces/${NS}/services`, service(`expire-${i}`));
    const expired = await api(cluster, 'GET', `/api/v1/namespaces/${NS}/services?limit=2&continue=${encodeURIComponent(token)}`);
    expect(expired.status).toBe(410);
    expect(expired.json.reason).toBe('Expired');
    expect(String(expired.json.message)).toMatch(/^The provided continue parameter is too old to display a consistent list result\./);
    expect((expired.json.metadata as { continue?: string }).continue).toBeTruthy();
  });
});

describe('persistence', () => {
  it('keeps every acknowledged write across kill -9, with resourceVersions still increasing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'porthole-core-data-'));
    try {
      const first = await startTestCluster({ dataDir });
      await api(first, 'POST', '/api/v1/namespaces', { metadata: { name: NS } });
      const a = await api(first, 'POST', `/api/v1/namespaces/${NS}/services`, service('durable-a'));
      const b = await api(first, 'POST', `/api/v1/namespaces/${NS}/services`, service('durable-b'));
      const lastRV = Number((b.json.metadata as { resourceVersion: string }).resourceVersion);
      await first.kill9();

      const second = await startTestCluster({ dataDir });
      try {
        const got = await api(second, 'GET', `/api/v1/namespaces/${NS}/services/durable-a`);
        expect(got.status).toBe(200);
        expect((got.json.spec as { clusterIP: string }).clusterIP).toBe((a.json.spec as { clusterIP: string }).clusterIP);
        const c = await api(second, 'POST', `/api/v1/namespaces/${NS}/services`, service('durable-c'));
        expect(c.status).toBe(201);
        expect(Number((c.json.metadata as { resourceVersion: string }).resourceVersion)).toBeGreaterThan(lastRV);
        const ips = new Set([a, b, c].map((r) => (r.json.spec as { clusterIP: string }).clusterIP));
        expect(ips.size).toBe(3);
        const kubectl = await second.kubectl(['get', 'svc', '-n', NS, '-o', 'name']);
        expect(kubectl.stdout).toContain('service/durable-b');
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
