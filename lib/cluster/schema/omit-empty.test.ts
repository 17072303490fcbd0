import { describe, expect, it } from 'vitest';
import { schemaFor } from './index';
import { dropEmptyCollections } from './omit-empty';

describe('dropEmptyCollections (the protobuf storage round trip)', () => {
  it('drops empty omitempty maps and lists, keeps empty structs, opaque values and non-omitempty lists', () => {
    const svc = {
      kind: 'Service',
      apiVersion: 'v1',
      metadata: {
        name: 's',
        labels: {},
        managedFields: [{ manager: 'm', fieldsV1: { 'f:spec': { 'f:selector': {} }, '.': {} } }],
      },
      spec: { selector: {}, ports: [{ port: 80 }], externalIPs: [] },
      status: { loadBalancer: {} },
    };
    const out = dropEmptyCollections(Object.freeze(svc), schemaFor('services'));
    expect(out).toEqual({
      kind: 'Service',
      apiVersion: 'v1',
      metadata: { name: 's', managedFields: [{ manager: 'm', fieldsV1: { 'f:spec': { 'f:selector': {} }, '.': {} } }] },
      spec: { ports: [{ port: 80 }] },
      status: { loadBalancer: {} },
    });
    expect(svc.spec.selector).toEqual({});
    const slice = { kind: 'EndpointSlice', apiVersion: 'discovery.k8s.io/v1', metadata: { name: 'x' }, addressType: 'IPv4', endpoints: [], ports: [] };
    expect(dropEmptyCollections(slice, schemaFor('endpointslices'))).toBe(slice);
  });
});
