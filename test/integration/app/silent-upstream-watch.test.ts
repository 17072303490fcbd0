/**
 * Issue 10, fault cases: an API server that accepts connections and never answers, or answers only
 * after the upstream timeout. Porthole's
 * upstream watch gives up after PORTHOLE_UPSTREAM_TIMEOUT_MS (it once hung there for good, the tab
 * stuck in "reconnecting"), reports stale with the reason, and when the API server answers again
 * delivers what changed meanwhile, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvents } from '../../../lib/live/protocol';
import { openSse, type ReceivedEvent, type SseClient } from '../../support/sse-client';
import { startRelayedStack, type RelayedStack } from './relayed-stack';

const NS = 'it-silent';
const SVC = `services:${NS}`;
let stack: RelayedStack;
let tab: SseClient | undefined;

beforeAll(async () => {
  stack = await startRelayedStack({ env: { PORTHOLE_UPSTREAM_TIMEOUT_MS: '1000' } });
  await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
}, 180_000);

afterAll(async () => {
  tab?.close();
  await stack?.stop();
});

const createService = (name: string) =>
  stack.kube('POST', `/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS }, spec: { ports: [{ port: 80 }] } });

const states = (events: ReceivedEvent[]) => events.filter((e) => e.event === 'state').map((e) => e.data as StreamEvents['state']);
const changes = (events: ReceivedEvent[], name: string) =>
  events.filter((e) => e.event === 'change' && (e.data as StreamEvents['change']).object.metadata.name === name);

/** After the relay is back: `name` (created meanwhile) arrived once, as a change or in a fresh list equal to `all`. */
async function arrivedOnce(client: SseClient, from: number, name: string, all: string[]): Promise<void> {
  await client.waitFor((ev) => changes(ev, name).length > 0 || ev.slice(from).some((e) => e.event === 'resync'));
  const relisted = client.events.slice(from).filter((e) => e.event === 'resync').map((e) => (e.data as StreamEvents['resync']).list.items.map((o) => o.metadata.name).sort());
  if (relisted.length) expect(relisted[relisted.length - 1]).toEqual(all);
  else expect(changes(client.events, name)).toHaveLength(1);
}

describe('an API server that stops answering, or answers too slowly', () => {
  it('the watch times out on the first byte, says so, and resumes with each missed change exactly once', async () => {
    expect((await createService('before')).status).toBe(201);
    const client = await openSse(`${stack.porthole.url}/api/watch?watch=${SVC}`);
    tab = client;
    expect(client.status).toBe(200);
    await client.waitFor((ev) => states(ev).some((s) => s.state === 'live'));

    const from = client.events.length;
    stack.proxy.stall();
    await client.waitFor((ev) => states(ev.slice(from)).some((s) => s.state === 'stale' && /no response within 1s/.test(s.message ?? '')), 20_000);
    expect((await createService('during')).status).toBe(201);
    const restoredAt = client.events.length;
    stack.proxy.restore();
    await client.waitFor((ev) => states(ev.slice(restoredAt)).some((s) => s.state === 'live'), 30_000);
    // What changed meanwhile arrives once (as a change, or in a fresh list), and nothing is doubled.
    await arrivedOnce(client, restoredAt, 'during', ['before', 'during']);
    expect(changes(client.events, 'before').filter((e) => (e.data as StreamEvents['change']).type === 'ADDED')).toHaveLength(0);

    expect((await createService('after')).status).toBe(201);
    await client.waitFor((ev) => changes(ev, 'after').length === 1);
  }, 90_000);

  it('an API server that answers only after the upstream timeout: stale with the reason, then live again once it is quick', async () => {
    const client = tab!;
    const from = client.events.length;
    stack.proxy.slow(3000); // the first byte of every answer comes 3 s late; the timeout is 1 s
    await client.waitFor((ev) => states(ev.slice(from)).some((s) => s.state === 'stale' && /no response within 1s/.test(s.message ?? '')), 20_000);
    expect((await createService('while-slow')).status).toBe(201);
    const restoredAt = client.events.length;
    stack.proxy.restore();
    await client.waitFor((ev) => states(ev.slice(restoredAt)).some((s) => s.state === 'live'), 30_000);
    await arrivedOnce(client, restoredAt, 'while-slow', ['after', 'before', 'during', 'while-slow']);
  }, 90_000);
});
