import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { startRecordedStack, type RecordedStack } from './recording-relay';

/**
 * Issue 17: a real API server throttles (API Priority and Fairness answers 429 with Retry-After before
 * doing anything). Porthole's server sends such a request again after the wait it names, as client-go
 * does (at most 3 times, waits up to 5 s); past that, or for a longer wait, the browser gets the 429
 * Status with its Retry-After. A relay between Porthole and the cluster answers the throttled
 * requests and records what reaches the cluster.
 */
let stack: RecordedStack;
let cluster: RecordedStack['cluster'];
let relay: RecordedStack['relay'];
let porthole: RecordedStack['porthole'];
const NS = 'it-throttle';

beforeAll(async () => {
  stack = await startRecordedStack({ empty: true });
  ({ cluster, relay, porthole } = stack);
  await fetch(`${cluster.url}/api/v1/namespaces`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } }),
  });
});

afterAll(async () => {
  await stack?.stop();
});

const path = `/api/v1/namespaces/${NS}/services`;
const sent = (from: number, method = 'GET') => relay.requests.slice(from).filter((r) => r.method === method && r.url.startsWith(path)).length;
const retries = async (method: string) =>
  Number(new RegExp(`^porthole_upstream_retries_total\\{method="${method}"\\} (\\d+)$`, 'm').exec(await (await fetch(`${porthole.url}/metrics`)).text())?.[1] ?? 0);

it('a read throttled twice is sent again after Retry-After and answers 200', async () => {
  const before = await retries('GET');
  const from = relay.requests.length;
  relay.throttle(path, 2, 1);
  const res = await fetch(`${porthole.url}/api/namespaces/${NS}/services`);
  expect(res.status).toBe(200);
  expect(sent(from)).toBe(3);
  expect(await retries('GET')).toBe(before + 2);
});

it('a write throttled once (nothing was done) is sent again and applies once', async () => {
  const from = relay.requests.length;
  relay.throttle(path, 1, 1);
  const res = await fetch(`${porthole.url}/api/namespaces/${NS}/services`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: porthole.url },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'after-throttle', namespace: NS }, spec: { ports: [{ port: 80 }] } }),
  });
  expect(res.status).toBe(201);
  expect(sent(from, 'POST')).toBe(2);
});

it('still throttled after 3 retries: the browser gets the 429 Status with Retry-After', async () => {
  const from = relay.requests.length;
  relay.throttle(path, 10, 1);
  const res = await fetch(`${porthole.url}/api/namespaces/${NS}/services`);
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe('1');
  const status = (await res.json()) as Status;
  expect(status.reason).toBe('TooManyRequests');
  expect(sent(from)).toBe(4);
});

it('a wait longer than 5 s is not taken: the 429 reaches the browser at once, sent once', async () => {
  // Clear what the last test left of its throttle.
  while ((await fetch(`${porthole.url}/api/namespaces/${NS}/services`)).status !== 200) await new Promise((r) => setTimeout(r, 200));
  const from = relay.requests.length;
  relay.throttle(path, 1, 30);
  const res = await fetch(`${porthole.url}/api/namespaces/${NS}/services`);
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe('30');
  expect(sent(from)).toBe(1);
});
