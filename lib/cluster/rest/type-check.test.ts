import { describe, expect, it } from 'vitest';
import { schemaFor } from '../schema';
import { findTypeError } from './type-check';

const svc = schemaFor('services');

describe('findTypeError', () => {
  it.each([
    [{ spec: { ports: 'x' } }, 'json: cannot unmarshal string into Go struct field ServiceSpec.spec.ports of type []v1.ServicePort'],
    [{ spec: 'x' }, 'json: cannot unmarshal string into Go struct field Service.spec of type v1.ServiceSpec'],
    [{ metadata: { labels: { a: 1 } } }, 'json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string'],
    [{ spec: { ports: [{ port: '80' }] } }, 'json: cannot unmarshal string into Go struct field ServicePort.spec.ports.port of type int32'],
    [{ spec: { ports: [{ port: 80.5 }] } }, 'json: cannot unmarshal number 80.5 into Go struct field ServicePort.spec.ports.port of type int32'],
    [{ spec: { publishNotReadyAddresses: 'yes' } }, 'json: cannot unmarshal string into Go struct field ServiceSpec.spec.publishNotReadyAddresses of type bool'],
  ])('%j', (obj, message) => {
    expect(findTypeError(obj as never, svc)).toBe(message);
  });

  it('accepts well-typed values, nulls, int-or-string and unknown fields', () => {
    expect(findTypeError({ spec: { ports: [{ port: 80, targetPort: 'http' }, { port: 81, targetPort: 8081 }], selector: null, foo: [1] } } as never, svc)).toBeUndefined();
  });

  it('refuses number literals that are not integers as written, and integers out of the Go type', () => {
    const literals = new Map([['spec.ports[1].port', '80.0']]);
    expect(findTypeError({ spec: { ports: [{ port: 81 }, { port: 80 }] } } as never, svc, literals)).toBe(
      'json: cannot unmarshal number 80.0 into Go struct field ServicePort.spec.ports.port of type int32',
    );
    expect(findTypeError({ spec: { ports: [{ port: 99999999999 }] } } as never, svc)).toBe(
      'json: cannot unmarshal number 99999999999 into Go struct field ServicePort.spec.ports.port of type int32',
    );
  });
});
