import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error';
import { decodeContinue, encodeContinue } from './continue-token';

describe('continue tokens', () => {
  it('round-trip the resourceVersion and the last key, in the real server format', () => {
    const token = encodeContinue({ resourceVersion: 42, lastKey: 'demo\u0000web' });
    expect(JSON.parse(Buffer.from(token, 'base64url').toString())).toEqual({ v: 'meta.k8s.io/v1', rv: 42, start: 'demo\u0000web\u0000' });
    expect(decodeContinue(token)).toEqual({ resourceVersion: 42, lastKey: 'demo\u0000web' });
  });

  it('refuse garbage with 400', () => {
    for (const bad of ['!!!', Buffer.from('{"v":"x","rv":1,"start":"a\\u0000"}').toString('base64url'), Buffer.from('{"v":"meta.k8s.io/v1","rv":0,"start":"a"}').toString('base64url')]) {
      expect(() => decodeContinue(bad)).toThrow(ApiError);
      try {
        decodeContinue(bad);
      } catch (err) {
        expect((err as ApiError).code).toBe(400);
      }
    }
  });
});
