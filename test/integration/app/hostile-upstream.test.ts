import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { raw } from './raw-http';

/**
 * Porthole in front of an "API server" that misbehaves: a loopback HTTP server that answers 2xx with
 * an HTML page, or takes seconds for its first byte; and a kubeconfig whose CA file is missing.
 */
let mode: { kind: 'html' } | { kind: 'slow'; delayMs: number } = { kind: 'html' };
let fake: http.Server;
let fakePort: number;
const work = mkdtempSync(join(tmpdir(), 'porthole-hostile-'));
const started: PortholeServer[] = [];

const EMPTY_LIST = JSON.stringify({ kind: 'ServiceList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [] });

function kubeconfig(name: string, cluster: Record<string, string>): string {
  const path = join(work, name);
  writeFileSync(
    path,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'fake', cluster }],
      users: [{ name: 'u', user: { token: 'not-a-secret' } }],
      contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'u' } }],
      'current-context': 'fake',
    }),
  );
  return path;
}

async function porthole(path: string, env: Record<string, string> = {}): Promise<PortholeServer> {
  const p = await startPorthole({ kubeconfigPath: path, source: 'kubeconfig', env });
  started.push(p);
  return p;
}

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    req.resume();
    if (mode.kind === 'html') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><script>alert(document.domain)</script>');
      return;
    }
    setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(EMPTY_LIST);
    }, mode.delayMs);
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  fakePort = (fake.address() as { port: number }).port;
});

afterAll(async () => {
  for (const p of started) await p.stop();
  fake?.closeAllConnections();
  await new Promise((r) => fake?.close(r));
  rmSync(work, { recursive: true, force: true });
});

describe('a hostile or slow API server', () => {
  it('a 2xx text/html answer is never relayed as HTML: Porthole answers its own JSON with nosniff', async () => {
    mode = { kind: 'html' };
    const p = await porthole(kubeconfig('html', { server: `http://127.0.0.1:${fakePort}` }));
    for (const path of ['/api/services', '/api/namespaces/default/services/x', '/api/namespaces']) {
      const res = await raw({ port: p.port, path });
      expect(res.headers['content-type'], path).toBe('application/json');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.body, path).not.toContain('<script>');
      const status = JSON.parse(res.body) as Status;
      expect(status, path).toMatchObject({ kind: 'Status', code: 502 });
      expect(status.message).toContain('text/html');
    }
  });

  it('the wait for the first byte is configurable (PORTHOLE_UPSTREAM_TIMEOUT_MS)', async () => {
    mode = { kind: 'slow', delayMs: 2500 };
    const path = kubeconfig('slow', { server: `http://127.0.0.1:${fakePort}` });
    const short = await porthole(path, { PORTHOLE_UPSTREAM_TIMEOUT_MS: '1000' });
    const long = await porthole(path, { PORTHOLE_UPSTREAM_TIMEOUT_MS: '6000' });
    const refused = await raw({ port: short.port, path: '/api/services' });
    expect(refused.status).toBe(503);
    expect((JSON.parse(refused.body) as Status).message).toContain('no response within 1s');
    const served = await raw({ port: long.port, path: '/api/services' });
    expect(served.status, served.body).toBe(200);
    expect((JSON.parse(served.body) as { kind: string }).kind).toBe('ServiceList');
  });
});

describe('error messages carry no local file paths', () => {
  it('a missing certificate authority file is named by its role, not its path', async () => {
    const caPath = join(work, 'secret-dir', 'ca.crt');
    const p = await porthole(kubeconfig('no-ca', { server: `https://127.0.0.1:${fakePort}`, 'certificate-authority': caPath }));
    const res = await raw({ port: p.port, path: '/api/services' });
    expect(res.status, res.body).toBe(503);
    const status = JSON.parse(res.body) as Status;
    expect(status.message).toContain("the kubeconfig's certificate authority file cannot be read");
    expect(res.body).not.toContain(work);
    expect(res.body).not.toContain('secret-dir');
    expect(res.body).not.toMatch(/\n\s+at /);
    const page = await raw({ port: p.port, path: '/services' });
    expect(page.body).not.toContain('secret-dir');
  });
});
