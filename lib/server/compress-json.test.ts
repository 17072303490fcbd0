import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowCompression, relaysGzip, takesGzip } from './compress-json';

const API = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store, no-transform', 'X-Content-Type-Options': 'nosniff' };

afterEach(() => vi.unstubAllEnvs());

describe('allowCompression', () => {
  it('lets a successful JSON answer be compressed (no-transform dropped), keeping its body, status and other headers', async () => {
    const res = allowCompression(new Response('{"items":[]}', { status: 201, headers: API }));
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('{"items":[]}');
    const merged = allowCompression(new Response('{}', { headers: { ...API, 'Content-Type': 'application/merge-patch+json' } }));
    expect(merged.headers.get('cache-control')).toBe('no-store');
    const streamed = allowCompression(new Response('{"kind":"ServiceRowEnd"}\n', { headers: { ...API, 'Content-Type': 'text/x-ndjson' } }));
    expect(streamed.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves alone: Status errors, the watch stream, answers without no-transform or body, and PORTHOLE_API_COMPRESSION=off', () => {
    const same = (res: Response) => expect(allowCompression(res)).toBe(res);
    same(new Response('{"kind":"Status"}', { status: 404, headers: API }));
    same(new Response('data: x\n\n', { headers: { ...API, 'Content-Type': 'text/event-stream; charset=utf-8' } }));
    same(new Response('{}', { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } }));
    same(new Response(null, { status: 204, headers: API }));
    vi.stubEnv('PORTHOLE_API_COMPRESSION', 'off');
    same(new Response('{}', { headers: API }));
  });
});

describe('takesGzip', () => {
  it('reads Accept-Encoding as HTTP means it: listed or *, with a q-value above 0', () => {
    for (const yes of ['gzip', 'gzip, deflate, br', 'br;q=1.0, GZIP;q=0.5', 'x-gzip', '*', 'identity, *;q=0.1', 'gzip;q=0.001']) expect(takesGzip(yes), yes).toBe(true);
    for (const no of [null, undefined, '', 'identity', 'br, deflate', 'gzip;q=0', 'gzip;q=0.0, br', '*;q=0', 'gzip;q=0, *', 'gzip;q=nonsense', 'gzipx'])
      expect(takesGzip(no), String(no)).toBe(false);
  });

  it('relays gzip only while API compression is on', () => {
    expect(relaysGzip(new Headers({ 'Accept-Encoding': 'gzip' }))).toBe(true);
    expect(relaysGzip(new Headers())).toBe(false);
    vi.stubEnv('PORTHOLE_API_COMPRESSION', 'off');
    expect(relaysGzip(new Headers({ 'Accept-Encoding': 'gzip' }))).toBe(false);
  });
});
