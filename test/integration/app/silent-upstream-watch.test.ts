/**
 * Issue 10, fault cases: an API server that accepts connections and never answers. Porthole's
 * upstream watch gives up after PORTHOLE_UPSTREAM_TIMEOUT_MS (it once hung there for good, the tab
 * stuck in "reconnecting"), reports stale with the reason, and when the API server answers again
 * delivers what changed meanwhile, once.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvents } from '../../../lib/live/protocol';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { openSse, type ReceivedEvent, type SseClient } from '../../support/sse-client';
import { startCuttableProxy, type CuttableProxy } from './cuttable-proxy';

const NS = 'it-silent';
const SVC = `services:${NS}`;
let cluster: TestCluster;
let proxy: CuttableProxy;
let porthole: PortholeServer;
let tab: SseClient | undefined;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'porthole-silent-it-'));
  cluster = await startTestCluster({ empty: true });
  proxy = await startCuttableProxy(cluster.port);
  const kubeconfigPath = join(work, 'kubeconfig');
  writeFileSync(kubeconfigPath, readFileSync(cluster.kubeconfigPath, 'utf8').replaceAll(`127.0.0.1:${cluster.port}`, `127.0.0.1:${proxy.port}`));
  porthole = await startPorthole({ kubeconfigPath, env: { PORTHOLE_UPSTREAM_TIMEOUT_MS: '1000' } });
  await kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
}, 180_000);

afterAll(async () => {
  tab?.close();
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
const createService = (name: string) =>
  kube('POST', `/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS }, spec: { ports: [{ port: 80 }] } });

const states = (events: ReceivedEvent[]) => events.filter((e) => e.event === 'state').map((e) => e.data as StreamEvents['state']);
const changes = (events: ReceivedEvent[], name: string) =>
  events.filter((e) => e.event === 'change' && (e.data as StreamEvents['change']).object.metadata.name === name);

describe('an API server that stops answering', () => {
  it('the watch times out on the first byte, says so, and resumes with each missed change exactly once', async () => {
    expect((await createService('before')).status).toBe(201);
    const client = await openSse(`${porthole.url}/api/watch?watch=${SVC}`);
    tab = client;
    expect(client.status).toBe(200);
    await client.waitFor((ev) => states(ev).some((s) => s.state === 'live'));

    const from = client.events.length;
    proxy.stall();
    await client.waitFor((ev) => states(ev.slice(from)).some((s) => s.state === 'stale' && /no response within 1s/.test(s.message ?? '')), 20_000);
    expect((await createService('during')).status).toBe(201);
    const restoredAt = client.events.length;
    proxy.restore();
    await client.waitFor((ev) => states(ev.slice(restoredAt)).some((s) => s.state === 'live'), 30_000);
    await client.waitFor((ev) => changes(ev, 'during').length > 0 || ev.slice(restoredAt).some((e) => e.event === 'resync'));

    // What changed meanwhile arrives once (as a change, or in a fresh list), and nothing is doubled.
    const relisted = client.events.slice(restoredAt).filter((e) => e.event === 'resync').map((e) => (e.data as StreamEvents['resync']).list.items.map((o) => o.metadata.name).sort());
    if (relisted.length) expect(relisted[relisted.length - 1]).toEqual(['before', 'during']);
    else expect(changes(client.events, 'during')).toHaveLength(1);
    expect(changes(client.events, 'before').filter((e) => (e.data as StreamEvents['change']).type === 'ADDED')).toHaveLength(0);

    expect((await createService('after')).status).toBe(201);
    await client.waitFor((ev) => changes(ev, 'after').length === 1);
  }, 90_000);
});
