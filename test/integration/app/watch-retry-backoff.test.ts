/**
 * Issue 16, item 7: a watch that ends at once is not retried at once. A fake loopback API server
 * answers every list with an empty list and ends every watch right away — after a lone BOOKMARK
 * (services), after an ADDED event (endpoints: events, but no time lived), or with a 410 ERROR
 * (pods: every watch "expired", so Porthole relists) — and counts the watch requests it receives
 * while one tab watches all three through Porthole for a few seconds.
 */
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { openSse, type SseClient } from '../../support/sse-client';

const RESOURCES = ['services', 'endpoints', 'pods'] as const;
type Resource = (typeof RESOURCES)[number];
const KINDS: Record<Resource, string> = { services: 'Service', endpoints: 'Endpoints', pods: 'Pod' };
const WINDOW_MS = 6000;
/**
 * With backoff every retry waits at least 250 ms (backoff.ts), so no more than 24 fit in the window
 * whatever the machine's speed; retrying at once, an idle machine makes well over a hundred a second.
 */
const MAX_WATCHES_IN_WINDOW = 30;

const watchRequests: Record<Resource, number> = { services: 0, endpoints: 0, pods: 0 };
let fake: http.Server;
let porthole: PortholeServer;
let client: SseClient | undefined;
const work = mkdtempSync(join(tmpdir(), 'porthole-watch-backoff-'));

function line(type: string, object: unknown): string {
  return `${JSON.stringify({ type, object })}\n`;
}

function answerWatch(resource: Resource, res: http.ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const kind = KINDS[resource];
  if (resource === 'services') res.end(line('BOOKMARK', { kind, apiVersion: 'v1', metadata: { resourceVersion: '2' } }));
  else if (resource === 'endpoints') res.end(line('ADDED', { kind, apiVersion: 'v1', metadata: { name: 'x', namespace: 'default', resourceVersion: '2' } }));
  else res.end(line('ERROR', { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 410, reason: 'Expired', message: 'too old resource version' }));
}

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://fake');
    const resource = RESOURCES.find((r) => url.pathname === `/api/v1/${r}`);
    if (!resource) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 404, reason: 'NotFound', message: 'not here' }));
      return;
    }
    if (url.searchParams.get('watch') === 'true' || url.searchParams.get('watch') === '1') {
      watchRequests[resource]++;
      answerWatch(resource, res);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ kind: `${KINDS[resource]}List`, apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [] }));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as { port: number }).port;
  const kubeconfigPath = join(work, 'kubeconfig');
  writeFileSync(
    kubeconfigPath,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'fake', cluster: { server: `http://127.0.0.1:${port}` } }],
      users: [{ name: 'u', user: { token: 'not-a-secret' } }],
      contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'u' } }],
      'current-context': 'fake',
    }),
  );
  porthole = await startPorthole({ kubeconfigPath, source: 'kubeconfig' });
}, 180_000);

afterAll(async () => {
  client?.close();
  await porthole?.stop();
  fake?.closeAllConnections();
  await new Promise((r) => fake?.close(r));
  rmSync(work, { recursive: true, force: true });
});

describe('an API server that ends every watch at once', () => {
  it('gets a bounded number of watch requests: a BOOKMARK, an event or a 410 alone is no progress', async () => {
    client = await openSse(`${porthole.url}/api/watch?${RESOURCES.map((r) => `watch=${r}:all`).join('&')}`);
    expect(client.status).toBe(200);
    // Every watch was tried (and ended) at least once before the window opens.
    // Polled at most 600 times 50 ms apart (counted, not timed: a busy machine waits longer).
    for (let attempt = 0; RESOURCES.some((r) => watchRequests[r] < 2); attempt++) {
      if (attempt >= 600) throw new Error(`watches never started: ${JSON.stringify(watchRequests)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const before = { ...watchRequests };
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const during = Object.fromEntries(RESOURCES.map((r) => [r, watchRequests[r] - before[r]]));
    for (const r of RESOURCES) expect(during[r], `${r}: ${JSON.stringify(during)}`).toBeLessThanOrEqual(MAX_WATCHES_IN_WINDOW);
  });
});
