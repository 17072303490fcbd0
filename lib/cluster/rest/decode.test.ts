import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error';
import { decodeObject, stripDangerousKeys, summarizeData } from './decode';

const expected = { kind: 'Service', apiVersion: 'v1' };

function status(fn: () => unknown): { code: number; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, message: err.status.message ?? '' };
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('decodeObject', () => {
  it('fills apiVersion, kind and metadata; reads YAML', () => {
    expect(decodeObject('{}', 'application/json', expected).object).toEqual({ apiVersion: 'v1', kind: 'Service', metadata: {} });
    expect(decodeObject('metadata:\n  name: a\n', 'application/yaml', expected).object).toEqual({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'a' } });
  });

  it('encodes kind and apiVersion first, then metadata, whatever the body order', () => {
    expect(Object.keys(decodeObject('{"spec":{},"metadata":{"name":"x"}}', 'application/json', expected).object)).toEqual(['kind', 'apiVersion', 'metadata', 'spec']);
    expect(Object.keys(decodeObject('{"apiVersion":"v1","kind":"Service","metadata":{}}', 'application/json', expected).object)).toEqual(['kind', 'apiVersion', 'metadata']);
  });

  it('answers bad bodies with the real messages', () => {
    expect(status(() => decodeObject('{x', 'application/json', expected))).toEqual({
      code: 400,
      message: `the object provided is unrecognized (must be of type Service): couldn't get version/kind; json parse error: invalid character 'x' looking for beginning of object key string ({x)`,
    });
    expect(status(() => decodeObject('{"apiVersion":"v2"}', 'application/json', expected)).message).toBe(
      'the API version in the data (v2) does not match the expected API version (v1)',
    );
    expect(status(() => decodeObject('{}', 'text/plain', expected)).code).toBe(415);
  });

  it('removes __proto__ keys and reports where they were', () => {
    const value = JSON.parse('{"a":{"__proto__":{"x":1},"b":[{"__proto__":2}]}}') as unknown;
    expect(stripDangerousKeys(value)).toEqual(['a.__proto__', 'a.b[0].__proto__']);
    expect(value).toEqual({ a: { b: [{}] } });
  });

  it('keeps __proto__ as a map key when the schema says map (labels), strips it from structs', () => {
    const schema = {
      type: 'object' as const,
      properties: { metadata: { type: 'object' as const, properties: { labels: { type: 'map' as const, values: { type: 'string' as const } } } } },
    };
    const d = decodeObject('{"metadata":{"labels":{"__proto__":"x"},"__proto__":{"a":1}}}', 'application/json', expected, schema);
    expect(d.strippedPaths).toEqual(['metadata.__proto__']);
    expect(Object.keys((d.object.metadata as { labels: object }).labels)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf((d.object.metadata as { labels: object }).labels)).toBe(Object.prototype);
  });

  it('summarizes bodies as the real server quotes them', () => {
    expect(summarizeData('')).toBe('<empty>');
    expect(summarizeData('{"a":1}')).toBe('{"a":1}');
    expect(summarizeData('[1]')).toBe('5b315d');
  });
});
