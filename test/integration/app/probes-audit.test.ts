/**
 * /healthz, /readyz, /metrics (issue 9): answered to any Host (kubelet probes send the pod IP),
 * GET only, without cluster data; /readyz follows the API server; /metrics counts requests by route
 * template and code, times upstream requests and counts open SSE streams. And the audit line: one
 * JSON line per write with who, what and the code, never a token or the body.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPorthole, type PortholeServer } from '../../support/start-porthole';
import { auditLines } from './audit-lines';
import { raw } from './raw-http';
import { asContext, startAppStack, type AppStack } from './stack';

let stack: AppStack;
const NS = 'it-audit';
const SECRET_IN_BODY = 'annotation-value-that-must-not-be-logged';

beforeAll(async () => {
  stack = await startAppStack();
  expect((await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const POD_HOST = () => `10.244.1.7:${stack.porthole.port}`;

describe('probes', () => {
  it('/healthz and /readyz answer 200 to a pod-IP Host; pages still refuse that Host', async () => {
    const health = await raw({ port: stack.porthole.port, path: '/healthz', headers: { Host: POD_HOST() } });
    expect(health.status).toBe(200);
    expect(health.body).toBe('ok\n');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const ready = await raw({ port: stack.porthole.port, path: '/readyz', headers: { Host: POD_HOST() } });
    expect(ready.status).toBe(200);
    const page = await raw({ port: stack.porthole.port, path: '/services', headers: { Host: POD_HOST() } });
    expect(page.status).toBe(403);
    const api = await raw({ port: stack.porthole.port, path: '/api/services', headers: { Host: POD_HOST() } });
    expect(api.status).toBe(403);
  });

  it('probe paths are GET only', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const r = await raw({ port: stack.porthole.port, method: 'POST', path, headers: { Host: POD_HOST(), 'Content-Type': 'application/json' }, body: '{}' });
      expect(r.status).toBe(405);
      expect(r.headers.allow).toBe('GET, HEAD');
    }
  });

  it('/readyz is 503 (without the server address) while the API server is unreachable; /healthz stays 200', async () => {
    const deadPort = await freePort();
    const kubeconfig = join(stack.kubeconfigPath + '-dead');
    writeFileSync(
      kubeconfig,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'gone', cluster: { server: `http://127.0.0.1:${deadPort}` } }],
        users: [{ name: 'u', user: { token: 'x' } }],
        contexts: [{ name: 'gone', context: { cluster: 'gone', user: 'u' } }],
        'current-context': 'gone',
      }),
    );
    const dead: PortholeServer = await startPorthole({ kubeconfigPath: kubeconfig, source: 'kubeconfig' });
    try {
      const ready = await fetch(`${dead.url}/readyz`);
      expect(ready.status).toBe(503);
      const text = await ready.text();
      expect(text).toContain('unreachable');
      expect(text).not.toContain(String(deadPort));
      expect((await fetch(`${dead.url}/healthz`)).status).toBe(200);
    } finally {
      await dead.stop();
    }
  });
});

describe('/metrics', () => {
  it('counts requests by route template and code, times upstream requests, and gauges open streams', async () => {
    expect((await fetch(`${stack.url}/api/namespaces/${NS}/services`)).status).toBe(200);
    expect((await fetch(`${stack.url}/api/namespaces/${NS}/services/absent`)).status).toBe(404);
    const controller = new AbortController();
    const stream = await fetch(`${stack.url}/api/watch?watch=services:${NS}`, { signal: controller.signal });
    expect(stream.status).toBe(200);
    const read = stream.body!.getReader();
    await read.read();

    const metrics = async () => {
      const r = await raw({ port: stack.porthole.port, path: '/metrics', headers: { Host: POD_HOST() } });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      return r.body;
    };
    let text = await metrics();
    expect(text).toContain('# TYPE porthole_http_requests_total counter');
    expect(text).toMatch(/^porthole_http_requests_total\{route="\/api\/namespaces\/\[namespace\]\/services",method="GET",code="200"\} [1-9]\d*$/m);
    expect(text).toMatch(/^porthole_http_requests_total\{route="\/api\/namespaces\/\[namespace\]\/services\/\[name\]",method="GET",code="404"\} [1-9]\d*$/m);
    expect(text).toContain('# TYPE porthole_upstream_request_duration_seconds histogram');
    expect(text).toMatch(/^porthole_upstream_request_duration_seconds_bucket\{method="GET",outcome="2xx",le="\+Inf"\} [1-9]\d*$/m);
    expect(text).toMatch(/^porthole_upstream_request_duration_seconds_count\{method="GET",outcome="2xx"\} [1-9]\d*$/m);
    expect(text).toContain('# TYPE porthole_watch_restarts_total counter');
    expect(text).toMatch(/^porthole_sse_streams_open 1$/m);
    // No namespace or object name ever becomes a label value.
    expect(text).not.toContain(NS);
    expect(text).not.toContain('absent');

    controller.abort();
    await read.cancel().catch(() => undefined);
    await expect.poll(async () => /^porthole_sse_streams_open 0$/m.test(await metrics()), { timeout: 10_000 }).toBe(true);
    text = await metrics();
    // Every sample line parses as `name{labels} value`.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? ([0-9.e+-]+|\+Inf)$/);
  });
});

// '/metrics: watch restarts' (a 410 relist counts porthole_watch_restarts_total{reason="gone"}) moved to
// watch-fanout.test.ts: a tab's old resourceVersion no longer reaches the API server (tabs start from the
// shared informer's cache), so an upstream 410 is now forced by cutting Porthole's link to the cluster.

describe('audit', () => {
  it('logs each write once with who, what, dry run and the code; never the token or the body', async () => {
    const svc = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'audited', namespace: NS, annotations: { note: SECRET_IN_BODY } },
      spec: { ports: [{ port: 80 }] },
    };
    const post = (query: string) =>
      fetch(`${stack.url}/api/namespaces/${NS}/services${query}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(svc) });
    expect((await post('?dryRun=All')).status).toBe(201);
    expect((await post('')).status).toBe(201);
    const patch = await fetch(`${stack.url}/api/namespaces/${NS}/services/audited`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ metadata: { labels: { tier: 'web' } } }),
    });
    expect(patch.status).toBe(200);
    // The viewer identity (the identity switch): the cluster's RBAC refuses, and the audit says so.
    const denied = await fetch(`${stack.url}/api/namespaces/${NS}/services/audited`, { method: 'DELETE', headers: asContext('porthole-viewer') });
    expect(denied.status).toBe(403);
    expect((await fetch(`${stack.url}/api/namespaces/${NS}/services/audited`, { method: 'DELETE' })).status).toBe(200);

    await expect.poll(() => auditLines(stack.porthole.output()).length, { timeout: 10_000 }).toBe(5);
    const lines = auditLines(stack.porthole.output());
    const admin = { kind: 'porthole.audit', identity: 'porthole-admin', kubeconfigUser: 'admin', user: 'admin', resource: 'services', namespace: NS, name: 'audited' };
    expect(lines[0]).toMatchObject({ ...admin, verb: 'create', dryRun: true, code: 201 });
    expect(lines[1]).toMatchObject({ ...admin, verb: 'create', dryRun: false, code: 201 });
    expect(lines[2]).toMatchObject({ ...admin, verb: 'patch', dryRun: false, code: 200 });
    expect(lines[3]).toMatchObject({ verb: 'delete', user: 'viewer', code: 403, name: 'audited' });
    expect(lines[3].identity).toBe('porthole-viewer');
    expect(lines[4]).toMatchObject({ ...admin, verb: 'delete', code: 200 });
    expect(lines[0].groups).toEqual(expect.arrayContaining(['system:masters', 'system:authenticated']));
    expect(lines[3].groups).toEqual(expect.arrayContaining(['porthole:viewers']));
    for (const l of lines) expect(Date.parse(String(l.time))).not.toBeNaN();

    const out = stack.porthole.output();
    expect(out).not.toContain(SECRET_IN_BODY);
    expect(out).not.toContain(stack.cluster.tokens.viewer);
    expect(out).not.toContain(stack.cluster.tokens.admin);
    // Reads are not audited.
    expect(lines.every((l) => l.verb !== 'get' && l.verb !== 'list')).toBe(true);
  });
});
