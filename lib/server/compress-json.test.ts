import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowCompression } from './compress-json';

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
