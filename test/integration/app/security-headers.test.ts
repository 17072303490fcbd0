import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { raw, treeRssBytes, upgradeAttempt } from './raw-http';
import { startAppStack, type AppStack } from './stack';

/** Headers on pages and API, methods no route serves, undecodable paths, the streamed body limit. */
let stack: AppStack;
let port: number;

beforeAll(async () => {
  stack = await startAppStack();
  port = stack.porthole.port;
});

afterAll(async () => {
  await stack?.stop();
});

function cspDirectives(header: string | string[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values.join(' '));
  }
  return out;
}

describe('security headers', () => {
  it('pages: a CSP with a fresh nonce per request that Next puts on every script, no inline scripts, no framing', async () => {
    const a = await raw({ port, path: '/services' });
    const b = await raw({ port, path: '/services' });
    expect(a.status).toBe(200);
    const csp = cspDirectives(a.headers['content-security-policy']);
    const script = csp.get('script-src') ?? '';
    expect(script).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
    expect(nonce).toBeTruthy();
    expect(/'nonce-([^']+)'/.exec(cspDirectives(b.headers['content-security-policy']).get('script-src') ?? '')?.[1]).not.toBe(nonce);
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('worker-src')).toContain("'self'");
    const scripts = [...a.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
    expect(a.headers['x-frame-options']).toBe('DENY');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['referrer-policy']).toBe('no-referrer');
  });

  it('API: Porthole’s own JSON type, nosniff, no framing; lists compressed only when asked, errors never', async () => {
    for (const path of ['/api/services', '/api/service-rows', '/api/namespaces/default/services/nope', '/api/nothing-here']) {
      const res = await raw({ port, path, headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.headers['content-type'], path).toBe('application/json');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
      expect(cspDirectives(res.headers['content-security-policy']).get('frame-ancestors'), path).toBe("'none'");
      // Lists go out gzipped (Next's compression, which no-transform keeps off Status errors and the watch stream).
      expect(res.headers['content-encoding'], path).toBe(res.status === 200 ? 'gzip' : undefined);
      expect(res.headers['cache-control'], path).toBe(res.status === 200 ? 'no-store' : 'no-store, no-transform');
      const plain = await raw({ port, path });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
    }
    const plain = await raw({ port, path: '/api/service-rows' });
    const zipped = await fetch(`http://127.0.0.1:${port}/api/service-rows`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(await zipped.json()).toEqual(JSON.parse(plain.body));
  });

  it('static scripts and styles go out compressed, with nosniff; public/ holds the logo', async () => {
    const page = await raw({ port, path: '/services' });
    const asset = /(\/_next\/static\/[^"]+\.js)/.exec(page.body)?.[1];
    expect(asset).toBeTruthy();
    const js = await raw({ port, path: asset!, headers: { 'Accept-Encoding': 'gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    const logo = await raw({ port, path: '/logo.svg' });
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(page.body).toContain('/logo.svg');
  });
});

describe('methods and paths no route serves', () => {
  it('TRACE and other unserved methods are a 405 Status on every API route, the catch-all included', async () => {
    for (const [method, path] of [
      ['TRACE', '/api/services'],
      ['TRACE', '/api/watch'],
      ['TRACE', '/api/whatever/else'],
      ['PROPFIND', '/api/namespaces/default/services'],
      ['PUT', '/api/services'],
    ]) {
      const res = await raw({ port, method, path });
      expect(res.status, `${method} ${path}: ${res.body}`).toBe(405);
      expect(res.headers['content-type'], `${method} ${path}`).toBe('application/json');
      expect(JSON.parse(res.body) as Status).toMatchObject({ kind: 'Status', code: 405, reason: 'MethodNotAllowed' });
    }
    const page = await raw({ port, method: 'TRACE', path: '/services' });
    expect(page.status).toBe(405);
  });

  it('no protocol upgrade: a WebSocket handshake anywhere gets a 400 Status, never 101, and the socket closes', async () => {
    const paths = ['/api/watch', '/api/namespaces/default/services', '/api/v1/namespaces/default/pods/web/exec?command=sh', '/services'];
    for (const path of paths) {
      const answer = await upgradeAttempt(port, path);
      expect(answer.closed, path).toBe(true);
      expect(answer.head, path).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.head, path).not.toMatch(/^HTTP\/1\.1 101/m);
      expect(JSON.parse(answer.body) as Status, path).toMatchObject({ kind: 'Status', code: 400, reason: 'BadRequest' });
      expect(answer.body, path).toContain('does not upgrade connections');
    }
  });

  it('a malformed percent-encoding is a 400 Status, not a 500', async () => {
    for (const path of ['/api/namespaces/%E0%A4%A/services', '/api/namespaces/default/services/%ZZ', '/api/namespaces/default/services/a%']) {
      const res = await raw({ port, path });
      expect(res.status, `${path}: ${res.body}`).toBe(400);
      expect(JSON.parse(res.body) as Status).toMatchObject({ kind: 'Status', code: 400, reason: 'BadRequest' });
    }
  });
});

describe('request body limit', () => {
  it('refuses a declared oversized body', async () => {
    const size = 20 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const res = await raw({
      port,
      method: 'POST',
      path: '/api/namespaces/default/services',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(size) },
      body: async function* () {
        for (let sent = 0; sent < size; sent += chunk.length) yield chunk;
      },
    });
    expect(res.status).toBe(413);
    expect((JSON.parse(res.body) as Status).reason).toBe('RequestEntityTooLarge');
  });

  it('refuses a chunked 250 MB body with 413 while the server’s memory stays flat', async () => {
    const before = treeRssBytes(stack.porthole.pid);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const res = await raw({
      port,
      method: 'POST',
      path: '/api/namespaces/default/services',
      headers: { 'Content-Type': 'application/json' },
      body: async function* () {
        for (let i = 0; i < 250; i++) yield chunk;
      },
    });
    const after = treeRssBytes(stack.porthole.pid);
    expect(res.status, res.body.slice(0, 300)).toBe(413);
    expect((JSON.parse(res.body) as Status).reason).toBe('RequestEntityTooLarge');
    expect(after - before, `RSS ${Math.round(before / 1e6)} MB -> ${Math.round(after / 1e6)} MB`).toBeLessThan(100 * 1024 * 1024);
  });

  it('still accepts a body just under the limit (a large annotation)', async () => {
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'big-note', annotations: { note: 'x'.repeat(200_000) } }, spec: { ports: [{ port: 80 }] } };
    const res = await raw({ port, method: 'POST', path: '/api/namespaces/default/services', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(svc) });
    expect(res.status, res.body.slice(0, 300)).toBe(201);
  });
});
