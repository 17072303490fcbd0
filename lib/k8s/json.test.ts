import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json';

describe('jsonEqual', () => {
  it('compares objects by keys, not key order', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 3 } })).toBe(false);
  });

  it('tells a key holding undefined from a missing key', () => {
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual({ a: undefined }, { b: undefined })).toBe(false);
  });

  it('compares arrays by position and never equal to objects', () => {
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual({ 0: 1 }, [1])).toBe(false);
    expect(jsonEqual([], [])).toBe(true);
  });

  it('looks only at own keys, not inherited ones', () => {
    expect(jsonEqual({ toString: 1 }, { other: 1 })).toBe(false);
  });

  it('compares primitives strictly: null, 0, "" and false are all different', () => {
    expect(jsonEqual(null, null)).toBe(true);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(0, false)).toBe(false);
    expect(jsonEqual('', null)).toBe(false);
    expect(jsonEqual(1, 1.0)).toBe(true);
    expect(jsonEqual(undefined, null)).toBe(false);
  });
});
