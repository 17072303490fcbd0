import { describe, it, expect } from 'vitest';
import type { JsonValue } from '../../k8s/json';
import { findUnknownFields, strictDecodingError, strictDecodingMessage, unknownFieldWarnings } from './unknown-fields';
import { testServiceSchema as schema } from './test-schema';

describe('findUnknownFields', () => {
  it('reports undeclared fields with strict-decoder paths, in document order', () => {
    const obj: JsonValue = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'x', labels: { 'any.key/works': 'v' }, annotations: { a: 'b' }, foo: 1 },
      spec: {
        foo: { nested: true },
        ports: [{ port: 80 }, { port: 81, bar: 'x', baz: null }],
        selector: { whatever: 'ok' },
      },
      extra: [],
    };
    expect(findUnknownFields(obj, schema)).toEqual(['metadata.foo', 'spec.foo', 'spec.ports[1].bar', 'spec.ports[1].baz', 'extra']);
  });

  it('finds nothing in a clean object, in nulls, or inside free-form values', () => {
    expect(findUnknownFields({ metadata: { managedFields: [{ anything: { goes: 1 } }] }, spec: null }, schema)).toEqual([]);
    expect(findUnknownFields({ spec: { ports: [{ port: 80, targetPort: 'http' }], sessionAffinityConfig: { clientIP: { timeoutSeconds: 5 } } } }, schema)).toEqual([]);
  });
});

describe('messages', () => {
  it('Strict create/update, Strict patch and Warn texts', () => {
    expect(strictDecodingMessage('Service', 'v1', ['spec.foo', 'spec.ports[0].bar'])).toBe(
      'Service in version "v1" cannot be handled as a Service: strict decoding error: unknown field "spec.foo", unknown field "spec.ports[0].bar"',
    );
    expect(strictDecodingError(['spec.foo'])).toBe('strict decoding error: unknown field "spec.foo"');
    expect(unknownFieldWarnings(['spec.foo', 'metadata.bar'])).toEqual(['unknown field "spec.foo"', 'unknown field "metadata.bar"']);
  });
});
