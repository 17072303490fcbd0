import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppStack, type AppStack } from './stack';
import http from 'node:http';

/**
 * Build assets go out as the .br / .gz files made at build (lib/static-assets), byte for byte the
 * same content as the plain file, with the usual headers; other requests are left to Next.
 */
let stack: AppStack;
let scripts: string[];

beforeAll(async () => {
  stack = await startAppStack();
  const html = await (await fetch(`${stack.url}/services`)).text();
  scripts = [...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]);
});

afterAll(async () => {
  await stack?.stop();
});

function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: stack.porthole.port, path, method, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressed build assets', () => {
  it('sends brotli when accepted, gzip otherwise, the plain file to clients that accept neither: the same bytes', async () => {
    expect(scripts.length).toBeGreaterThan(0);
    let brotliSeen = 0;
    for (const path of scripts) {
      const plain = await get(path);
      expect(plain.status, path).toBe(200);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      const br = await get(path, 'gzip, deflate, br, zstd');
      expect(br.status).toBe(200);
      if (plain.body.length < 1024) continue;
      brotliSeen += 1;
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(br.headers['content-type']).toBe('application/javascript; charset=UTF-8');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true);
      const gz = await get(path, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body), path).toBe(true);
      const refused = await get(path, 'br;q=0, gzip;q=0');
      expect(refused.headers['content-encoding']).toBeUndefined();
      const head = await get(path, 'br', 'HEAD');
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.body.length).toBe(0);
    }
    expect(brotliSeen).toBeGreaterThan(0);
  });

  it('never reads outside the build output', async () => {
    for (const path of ['/_next/static/..%2f..%2fpackage.json', '/_next/static/../../package.json', '/_next/static/%2e%2e/%2e%2e/package.json', '/_next/static/chunks/..%2f..%2fBUILD_ID']) {
      const res = await get(path, 'br, gzip');
      const encoding = res.headers['content-encoding'];
      const body = encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body;
      expect(res.status, path).not.toBe(200);
      expect(body.toString(), path).not.toContain('"name": "porthole"');
    }
  });
});
