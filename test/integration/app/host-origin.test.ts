import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { raw } from './raw-http';
import { startAppStack, type AppStack } from './stack';

/**
 * DNS rebinding and cross-origin use: Porthole answers only the hosts it serves, and its API (reads,
 * writes and the watch stream) only to its own pages or to clients that send no Origin at all.
 */
let stack: AppStack;
let port: number;

beforeAll(async () => {
  stack = await startAppStack({ allowedHosts: ['porthole.test', 'proxy.test:8443'] });
  port = stack.porthole.port;
});

afterAll(async () => {
  await stack?.stop();
});

const service = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80 }] } });

function expectStatus(res: { status: number; headers: Record<string, unknown>; body: string }, code: number, reason: string): Status {
  expect(res.status, res.body).toBe(code);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const status = JSON.parse(res.body) as Status;
  expect(status).toMatchObject({ kind: 'Status', status: 'Failure', code, reason });
  return status;
}

describe('Host check (DNS rebinding)', () => {
  it('refuses a foreign Host for the API, before any route runs: no list, no create', async () => {
    const host = `evil.example:${port}`;
    const list = await raw({ port, path: '/api/services', headers: { Host: host } });
    const status = expectStatus(list, 403, 'Forbidden');
    expect(status.message).toContain('evil.example');
    expect(list.body).not.toContain('ServiceList');

    const create = await raw({
      port,
      method: 'POST',
      path: '/api/namespaces/default/services',
      headers: { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json' },
      body: service('rebound'),
    });
    expectStatus(create, 403, 'Forbidden');
    expect((await stack.kube('GET', '/api/v1/namespaces/default/services/rebound')).status).toBe(404);
  });

  it('refuses a foreign Host for pages (short text) and for the watch stream', async () => {
    const page = await raw({ port, path: '/services', headers: { Host: `evil.example:${port}` } });
    expect(page.status).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).not.toContain('<html');
    const watch = await raw({ port, path: '/api/watch?watch=services:all', headers: { Host: `evil.example:${port}` }, maxBodyBytes: 4096 });
    expectStatus(watch, 403, 'Forbidden');
  });

  it('refuses loopback names on another port, a missing port and look-alike names', async () => {
    for (const host of [`127.0.0.1:${port + 1}`, 'localhost', `localhost.:${port}`, `127.0.0.1.nip.io:${port}`, `porthole.test.evil:${port}`, `proxy.test:${port}`]) {
      const res = await raw({ port, path: '/api/namespaces', headers: { Host: host } });
      expect(res.status, host).toBe(403);
    }
  });

  it('answers loopback names and addresses on its port, and the --allowed-hosts names', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`, `porthole.test:${port}`, 'porthole.test', 'proxy.test:8443']) {
      const res = await raw({ port, path: '/api/namespaces', headers: { Host: host } });
      expect(res.status, `${host}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const page = await raw({ port, path: '/services', headers: { Host: `localhost:${port}` } });
    expect(page.status).toBe(200);
  });
});

describe('Origin check on every API route', () => {
  const own = () => `http://127.0.0.1:${port}`;

  it('refuses the watch stream and reads from another site', async () => {
    const cases: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'null' },
    ];
    for (const headers of cases) {
      const watch = await raw({ port, path: '/api/watch?watch=services:all', headers, maxBodyBytes: 4096 });
      expectStatus(watch, 403, 'Forbidden');
      const list = await raw({ port, path: '/api/services', headers });
      expectStatus(list, 403, 'Forbidden');
      expect(list.body).not.toContain('ServiceList');
    }
  });

  it('refuses writes from Origin null, another scheme, another port, same-site', async () => {
    const cases: Record<string, string>[] = [
      { Origin: 'null' },
      { Origin: `https://127.0.0.1:${port}` },
      { Origin: `http://127.0.0.1:${port + 1}` },
      { Origin: own(), 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const [i, headers] of cases.entries()) {
      const res = await raw({
        port,
        method: 'POST',
        path: '/api/namespaces/default/services',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: service(`cross-${i}`),
      });
      expectStatus(res, 403, 'Forbidden');
      expect((await stack.kube('GET', `/api/v1/namespaces/default/services/cross-${i}`)).status).toBe(404);
    }
  });

  it('serves its own pages (same origin) and clients without Origin', async () => {
    const sameOrigin = await raw({ port, path: '/api/watch?watch=services:all', headers: { Origin: own(), 'Sec-Fetch-Site': 'same-origin' }, maxBodyBytes: 64 });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers['content-type']).toMatch(/^text\/event-stream/);
    const create = await raw({
      port,
      method: 'POST',
      path: '/api/namespaces/default/services',
      headers: { Origin: own(), 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      body: service('same-origin'),
    });
    expect(create.status, create.body).toBe(201);
    const curl = await raw({ port, path: '/api/services' });
    expect(curl.status).toBe(200);
    const typed = await raw({ port, path: '/api/services', headers: { 'Sec-Fetch-Site': 'none' } });
    expect(typed.status).toBe(200);
  });
});
