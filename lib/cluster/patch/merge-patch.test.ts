import { describe, it, expect } from 'vitest';
import type { JsonValue } from '../../k8s/json';
import { ApiError } from '../errors/api-error';
import { applyMergePatch } from './merge-patch';

describe('applyMergePatch (RFC 7386, json-patch v4 MergePatch)', () => {
  const cases: [string, JsonValue, JsonValue, JsonValue][] = [
    ['replace a value', { a: 'b' }, { a: 'c' }, { a: 'c' }],
    ['add a value', { a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    ['delete with null', { a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    ['delete a missing key is a no-op', { a: 'b' }, { x: null }, { a: 'b' }],
    ['arrays are replaced', { a: [1, 2] }, { a: [3] }, { a: [3] }],
    ['nested merge', { spec: { type: 'ClusterIP', selector: { app: 'web' } } }, { spec: { selector: { tier: 'x', app: null } } }, { spec: { type: 'ClusterIP', selector: { tier: 'x' } } }],
    ['a new object has its nulls pruned', { a: 1 }, { b: { c: null, d: 1, e: { f: null } } }, { a: 1, b: { d: 1, e: {} } }],
    ['an object over a scalar is pruned', { a: 1 }, { a: { b: null, c: 2 } }, { a: { c: 2 } }],
    ['an array over an object is kept as is', { a: { b: 1 } }, { a: [{ c: null }, null] }, { a: [{ c: null }, null] }],
    ['an array over a missing key keeps null elements, prunes objects in it', {}, { a: [null, { b: null, c: 1 }] }, { a: [null, { c: 1 }] }],
    ['a null value in the document counts as absent', { a: null }, { a: { b: null, c: 1 } }, { a: { c: 1 } }],
    ['scalar over object replaces', { a: { b: 1 } }, { a: 'x' }, { a: 'x' }],
    ['empty patch', { a: 1 }, {}, { a: 1 }],
    ['an array patch becomes the document', { a: 1 }, [1, null, { b: null }], [1, null, {}]],
  ];
  it.each(cases)('%s', (_name, doc, patch, expected) => {
    const before = JSON.stringify(doc);
    expect(applyMergePatch(doc, patch)).toEqual(expected);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it.each([null, 5, 'x', true] as JsonValue[])('refuses %j with 400 Invalid JSON Patch', (patch) => {
    try {
      applyMergePatch({ a: 1 }, patch);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Invalid JSON Patch', reason: 'BadRequest', code: 400 });
    }
  });
});
