import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordedStack, type RecordedStack } from './recording-relay';

/**
 * Only Porthole's own, known query parameters reach the API server: whatever else a browser appends to
 * a Porthole URL (watch, pretty, limit, continue, resourceVersion, timeoutSeconds, propagationPolicy,
 * gracePeriodSeconds, export …) is never forwarded. A relay between Porthole and the embedded cluster
 * records every upstream request.
 */
let stack: RecordedStack;
let relay: RecordedStack['relay'];
let porthole: RecordedStack['porthole'];

const MARK = '4242';
const FOREIGN = ['watch', 'pretty', 'limit', 'continue', 'resourceVersion', 'resourceVersionMatch', 'timeoutSeconds', 'allowWatchBookmarks', 'propagationPolicy', 'gracePeriodSeconds', 'orphanDependents', 'export', 'sendInitialEvents', 'follow'];
const foreignQuery = FOREIGN.map((p) => `${p}=${MARK}`).join('&');
const sameOrigin = (): Record<string, string> => ({ Origin: porthole.url, 'Content-Type': 'application/json' });

beforeAll(async () => {
  stack = await startRecordedStack();
  ({ relay, porthole } = stack);
});

afterAll(async () => {
  await stack?.stop();
});

const upstreamSince = (from: number): string[] => relay.requests.slice(from).map((r) => `${r.method} ${r.url}`);

describe('what reaches the API server', () => {
  it('forwards the allowlisted parameters (the relay sees them: this test can fail)', async () => {
    const from = relay.requests.length;
    const res = await fetch(`${porthole.url}/api/namespaces/default/pods?labelSelector=probe%3D${MARK}`);
    expect(res.status).toBe(200);
    expect(upstreamSince(from).some((line) => line.includes(`labelSelector=probe%3D${MARK}`))).toBe(true);
  });

  it('drops every other parameter on reads, writes and deletes', async () => {
    const from = relay.requests.length;
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'params-probe', namespace: 'default' }, spec: { ports: [{ port: 80 }] } };
    const calls: [string, string, string | undefined][] = [
      ['GET', `/api/namespaces/default/services?${foreignQuery}`, undefined],
      ['GET', `/api/services?${foreignQuery}`, undefined],
      ['GET', `/api/namespaces/default/services/kubernetes?${foreignQuery}`, undefined],
      ['GET', `/api/namespaces/default/endpointslices?${foreignQuery}`, undefined],
      ['GET', `/api/namespaces/default/pods?${foreignQuery}`, undefined],
      ['GET', `/api/namespaces/default/events?${foreignQuery}`, undefined],
      ['GET', `/api/namespaces?${foreignQuery}`, undefined],
      ['POST', `/api/namespaces/default/services?${foreignQuery}`, JSON.stringify(service)],
      ['DELETE', `/api/namespaces/default/services/params-probe?${foreignQuery}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await fetch(porthole.url + path, { method, body, headers: sameOrigin() });
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(500);
      await res.arrayBuffer();
    }
    const seen = upstreamSince(from);
    expect(seen.length).toBeGreaterThan(0);
    for (const line of seen) expect(line, line).not.toContain(MARK);
  });

  it('keeps the API server’s own parameters to Porthole’s values on writes', async () => {
    const from = relay.requests.length;
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'params-dry', namespace: 'default' }, spec: { ports: [{ port: 80 }] } };
    const res = await fetch(`${porthole.url}/api/namespaces/default/services?dryRun=All&fieldManager=probe-${MARK}&${foreignQuery}`, {
      method: 'POST',
      body: JSON.stringify(service),
      headers: sameOrigin(),
    });
    expect(res.status).toBe(201);
    const writes = upstreamSince(from).filter((l) => l.startsWith('POST /api/v1/namespaces/default/services'));
    expect(writes).toHaveLength(1);
    const query = new URL(writes[0].slice(5), 'http://x').searchParams;
    expect(query.get('dryRun')).toBe('All');
    expect(query.get('fieldManager')).toBe(`probe-${MARK}`);
    expect([...query.keys()].filter((k) => FOREIGN.includes(k))).toEqual([]);
  });
});
