import http from 'node:http';
import { once } from 'node:events';
import { gunzipSync, gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { raw, type RawRequest, type RawResponse } from './raw-http';

/**
 * Porthole in front of an "API server" that misbehaves: a loopback HTTP server that answers 2xx with
 * an HTML page, or takes seconds for its first byte, or cuts a list off in the middle, or sends one
 * that never ends; and a kubeconfig whose CA file is missing. Also what a relayed list must keep
 * whichever way it is piped (lib/server/upstream-body.ts): every byte, in order, plain or gzipped.
 */
type Mode =
  | { kind: 'html' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'big' }
  | { kind: 'cut' }
  | { kind: 'endless' }
  /** Answers `status` with `body`, gzipped (level 1, as the API server does) when the request asks for gzip. */
  | { kind: 'zipping'; status: number; body: string };
let mode: Mode = { kind: 'html' };
/** The Accept-Encoding of each request the fake API server took, in order. */
const acceptEncodings: (string | undefined)[] = [];
/** The last answer of the 'endless' mode: closed when the reader of the relayed list went away. */
const endless: { res?: http.ServerResponse } = {};
const endlessAnswer = (): http.ServerResponse | undefined => endless.res;
let fake: http.Server;
let fakePort: number;
const work = mkdtempSync(join(tmpdir(), 'porthole-hostile-'));
const started: PortholeServer[] = [];

const EMPTY_LIST = JSON.stringify({ kind: 'ServiceList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [] });
/** ~6 MB of Services: many upstream reads, several of Porthole's chunks. */
const BIG_LIST = JSON.stringify({
  kind: 'ServiceList',
  apiVersion: 'v1',
  metadata: { resourceVersion: '7' },
  items: Array.from({ length: 20_000 }, (_, i) => ({
    metadata: { name: `svc-${i}`, namespace: `ns-${i % 50}`, uid: `uid-${i}`, labels: { app: `app-${i}`, tier: i % 2 ? 'web' : 'db' } },
    spec: { type: 'ClusterIP', clusterIP: `10.96.${(i >> 8) & 255}.${i & 255}`, ports: [{ name: 'http', port: 80 + (i % 1000), targetPort: 8080, protocol: 'TCP' }], selector: { app: `app-${i}` } },
  })),
});

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
    acceptEncodings.push(req.headers['accept-encoding']);
    if (mode.kind === 'zipping') {
      const zip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(mode.status, { 'Content-Type': 'application/json', ...(zip ? { 'Content-Encoding': 'gzip' } : {}) });
      res.end(zip ? gzipSync(mode.body, { level: 1 }) : mode.body);
      return;
    }
    if (mode.kind === 'html') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><script>alert(document.domain)</script>');
      return;
    }
    if (mode.kind === 'big') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(BIG_LIST);
      return;
    }
    if (mode.kind === 'cut') {
      // Half of the list, then the connection breaks (a Content-Length says more was coming).
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(BIG_LIST.length) });
      res.write(BIG_LIST.slice(0, BIG_LIST.length >> 1), () => res.destroy());
      return;
    }
    if (mode.kind === 'endless') {
      endless.res = res;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"kind":"ServiceList","apiVersion":"v1","metadata":{},"items":[');
      const chunk = Buffer.from(`${JSON.stringify({ metadata: { name: 'x'.repeat(200) } })},`.repeat(300));
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
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

describe('a relayed list', () => {
  it('arrives whole and in order, plain and gzipped', async () => {
    mode = { kind: 'big' };
    const p = await porthole(kubeconfig('big', { server: `http://127.0.0.1:${fakePort}` }));
    const plain = await fetch(`http://127.0.0.1:${p.port}/api/services`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect(await plain.text()).toBe(BIG_LIST);
    // This API server sends it plain even when asked for gzip: Next compresses it.
    const zipped = await rawBytes(p.port, '/api/services', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(BIG_LIST);
    // No warning per relayed list (e.g. Node's MaxListenersExceededWarning on the response).
    expect(p.output()).not.toMatch(/Warning/);
  });

  it('cut off upstream is cut off here too: never a complete-looking answer', async () => {
    mode = { kind: 'cut' };
    const p = await porthole(kubeconfig('cut', { server: `http://127.0.0.1:${fakePort}` }));
    const res = await fetch(`http://127.0.0.1:${p.port}/api/services`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(200);
    // The body ends in an error (the chunked answer never gets its last chunk), not in half a list read as all of it.
    await expect(res.text()).rejects.toThrow();
  });

  it('a reader that goes away ends the upstream request', async () => {
    // raw() destroys its socket after 2 MB: Porthole closes the upstream answer it was relaying.
    const res = await endlessList('endless', { headers: { 'Accept-Encoding': 'identity' }, maxBodyBytes: 2_000_000 });
    expect(res.status).toBe(200);
  });

  it('gzipped by the API server goes on as it came to a client that takes gzip, never compressed twice', async () => {
    mode = { kind: 'zipping', status: 200, body: BIG_LIST };
    const p = await porthole(kubeconfig('zipping', { server: `http://127.0.0.1:${fakePort}` }));
    acceptEncodings.length = 0;
    const zipped = await rawBytes(p.port, '/api/services', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(acceptEncodings).toEqual(['gzip']);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toBe('application/json');
    // The very bytes the API server sent (Next's compression, at level 6, would send others).
    expect(zipped.body.equals(gzipSync(BIG_LIST, { level: 1 }))).toBe(true);

    // A client that does not take gzip gets the list plain, and the API server is not asked for gzip.
    acceptEncodings.length = 0;
    for (const encoding of ['identity', 'gzip;q=0']) {
      const plain = await rawBytes(p.port, '/api/services', { 'Accept-Encoding': encoding });
      expect(plain.headers['content-encoding'], encoding).toBeUndefined();
      expect(plain.body.toString('utf8'), encoding).toBe(BIG_LIST);
    }
    expect(acceptEncodings).toEqual([undefined, undefined]);

    // Nor with API compression off: Porthole's answers then go out plain whatever the client takes.
    const off = await porthole(kubeconfig('zipping-off', { server: `http://127.0.0.1:${fakePort}` }), { PORTHOLE_API_COMPRESSION: 'off' });
    acceptEncodings.length = 0;
    const unzipped = await rawBytes(off.port, '/api/services', { 'Accept-Encoding': 'gzip' });
    expect(acceptEncodings).toEqual([undefined]);
    expect(unzipped.headers['content-encoding']).toBeUndefined();
    expect(unzipped.body.toString('utf8')).toBe(BIG_LIST);
  });

  it('a gzipped error is read as the Status it is', async () => {
    const forbidden: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'services is forbidden: User "u" cannot list resource "services"', reason: 'Forbidden', code: 403 };
    mode = { kind: 'zipping', status: 403, body: JSON.stringify(forbidden) };
    const p = await porthole(kubeconfig('zipping-error', { server: `http://127.0.0.1:${fakePort}` }));
    const res = await rawBytes(p.port, '/api/services', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(403);
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;
    expect(JSON.parse(body.toString('utf8'))).toMatchObject({ kind: 'Status', code: 403, reason: 'Forbidden', message: forbidden.message });
  });

  it('asked with HEAD, ends the upstream request: no connection is left waiting on a body nobody reads', async () => {
    const res = await endlessList('head', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
  });
});

/** A GET's status, headers and body bytes as they came on the wire (nothing unpacked). */
function rawBytes(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Asks a Porthole in front of the never-ending list for it, then waits until the upstream answer is closed. */
async function endlessList(name: string, request: Omit<RawRequest, 'port' | 'path'>): Promise<RawResponse> {
  mode = { kind: 'endless' };
  endless.res = undefined;
  const p = await porthole(kubeconfig(name, { server: `http://127.0.0.1:${fakePort}` }));
  const res = await raw({ ...request, port: p.port, path: '/api/services' });
  const upstream = endlessAnswer();
  if (!upstream) throw new Error('the list was not asked upstream');
  if (!upstream.destroyed) await once(upstream, 'close');
  expect(upstream.destroyed).toBe(true);
  return res;
}

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
