import { describe, it, expect } from 'vitest';
import { fieldSetOf, fieldsV1Of, fromFieldsV1, FieldSet } from './fieldset';
import {
  comparePathElements,
  deserializePathElement,
  field,
  pathToString,
  serializePathElement,
  type PathElement,
} from './path';
import { testServiceSchema } from './test-schema';

const key = (fields: Record<string, string | number>): PathElement => deserializePathElement(`k:${JSON.stringify(fields)}`);

describe('path elements', () => {
  it('spell keys with their fields sorted by name, values as JSON', () => {
    expect(serializePathElement(key({ protocol: 'TCP', port: 80 }))).toBe('k:{"port":80,"protocol":"TCP"}');
    expect(serializePathElement({ kind: 'value', value: '1.2.3.4' })).toBe('v:"1.2.3.4"');
    expect(serializePathElement({ kind: 'index', index: 3 })).toBe('i:3');
    expect(serializePathElement(field('app.kubernetes.io/name'))).toBe('f:app.kubernetes.io/name');
    expect(serializePathElement({ kind: 'value', value: '<a&b>' })).toBe('v:"\\u003ca\\u0026b\\u003e"');
  });

  it('print paths as conflict messages do', () => {
    const p = [field('spec'), field('ports'), key({ port: 80, protocol: 'TCP' }), field('targetPort')];
    expect(pathToString(p)).toBe('.spec.ports[port=80,protocol="TCP"].targetPort');
    expect(pathToString([field('metadata'), field('finalizers'), { kind: 'value', value: 'x' }])).toBe('.metadata.finalizers[="x"]');
    expect(pathToString([field('spec'), field('clusterIPs'), { kind: 'index', index: 0 }])).toBe('.spec.clusterIPs[0]');
  });

  it('order fields < keys < values < indexes, numbers before strings', () => {
    const sorted = [{ kind: 'index', index: 0 } as PathElement, { kind: 'value', value: 'a' } as PathElement, key({ port: 1 }), field('z')].sort(
      comparePathElements,
    );
    expect(sorted.map(serializePathElement)).toEqual(['f:z', 'k:{"port":1}', 'v:"a"', 'i:0']);
    expect(comparePathElements(key({ port: 443, protocol: 'TCP' }), key({ port: 80, protocol: 'UDP' }))).toBe(1);
    expect(comparePathElements({ kind: 'value', value: 10 }, { kind: 'value', value: 'a' })).toBe(-1);
  });
});

describe('fieldSetOf / FieldsV1', () => {
  it('matches a real Apply entry (ports item with ".", atomic selector, labels without ".")', () => {
    const applied = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'sample', namespace: 'default', labels: { 'some-key': 'some-value' } },
      spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }], selector: { app: 'x' } },
    };
    const fields = fieldsV1Of(applied, testServiceSchema);
    // FieldsV1 of "provider-kubernetes/sample-service-owner" (kube-apiserver output), minus the
    // apiVersion/kind/name/namespace fields the server strips afterwards.
    expect(JSON.stringify(fields)).toBe(
      JSON.stringify({
        'f:apiVersion': {},
        'f:kind': {},
        'f:metadata': { 'f:labels': { 'f:some-key': {} }, 'f:name': {}, 'f:namespace': {} },
        'f:spec': {
          'f:ports': { 'k:{"port":80,"protocol":"TCP"}': { '.': {}, 'f:port': {}, 'f:protocol': {}, 'f:targetPort': {} } },
          'f:selector': {},
        },
      }),
    );
  });

  it('owns empty objects and nulls as leaves, items of sets by value, atomic lists whole', () => {
    const set = fieldSetOf(
      {
        metadata: { finalizers: ['b', 'a'], annotations: {} },
        spec: { sessionAffinityConfig: {}, externalIPs: ['1.2.3.4'], clusterIP: null },
      },
      testServiceSchema,
    );
    expect(set.toFieldsV1()).toEqual({
      'f:metadata': { 'f:annotations': {}, 'f:finalizers': { 'v:"a"': {}, 'v:"b"': {} } },
      'f:spec': { 'f:clusterIP': {}, 'f:externalIPs': {}, 'f:sessionAffinityConfig': {} },
    });
  });

  it('defaults a missing protocol key to TCP, as the real ServicePort schema does', () => {
    const set = fieldSetOf({ spec: { ports: [{ port: 53 }] } }, testServiceSchema);
    expect(Object.keys((set.toFieldsV1()['f:spec'] as Record<string, Record<string, unknown>>)['f:ports'])).toEqual([
      'k:{"port":53,"protocol":"TCP"}',
    ]);
  });

  it('round-trips a real kubectl-client-side-apply entry byte for byte', () => {
    const text =
      '{"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}}},"f:spec":{"f:externalTrafficPolicy":{},"f:internalTrafficPolicy":{},"f:ports":{".":{},"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:port":{},"f:protocol":{},"f:targetPort":{}}},"f:selector":{},"f:sessionAffinity":{},"f:type":{}}}';
    const set = fromFieldsV1(JSON.parse(text));
    expect(JSON.stringify(set.toFieldsV1())).toBe(text);
    expect(set.paths().map(pathToString)).toEqual([
      '.metadata.annotations',
      '.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration',
      '.spec.externalTrafficPolicy',
      '.spec.internalTrafficPolicy',
      '.spec.ports',
      '.spec.selector',
      '.spec.sessionAffinity',
      '.spec.type',
      '.spec.ports[port=80,protocol="TCP"]',
      '.spec.ports[port=80,protocol="TCP"].port',
      '.spec.ports[port=80,protocol="TCP"].protocol',
      '.spec.ports[port=80,protocol="TCP"].targetPort',
    ]);
  });

  it('sorts entries on output whatever order they were read in, and drops unknown prefixes', () => {
    const set = fromFieldsV1({ 'f:spec': { 'f:type': {}, 'x:future': {}, 'f:ports': { 'k:{"protocol":"TCP","port":443}': {}, 'k:{"port":80,"protocol":"TCP"}': {} } } });
    expect(JSON.stringify(set.toFieldsV1())).toBe(
      '{"f:spec":{"f:ports":{"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"TCP\\"}":{}},"f:type":{}}}',
    );
  });
});

describe('FieldSet algebra', () => {
  const a = [field('spec'), field('ports')];
  const item = [...a, key({ port: 80, protocol: 'TCP' })];
  const leaf = [...item, field('port')];

  it('difference removes members only; recursiveDifference removes subtrees', () => {
    const s = FieldSet.of(item, leaf);
    expect(s.difference(FieldSet.of(item)).paths().map(pathToString)).toEqual(['.spec.ports[port=80,protocol="TCP"].port']);
    expect(s.recursiveDifference(FieldSet.of(item)).isEmpty()).toBe(true);
  });

  it('union, intersection, has, empty children pruned', () => {
    const s = FieldSet.of(item).union(FieldSet.of(leaf));
    expect(s.has(leaf)).toBe(true);
    expect(s.intersection(FieldSet.of(leaf)).paths()).toHaveLength(1);
    expect(s.intersection(FieldSet.of([field('metadata')])).isEmpty()).toBe(true);
    expect(JSON.stringify(FieldSet.of(leaf).difference(FieldSet.of(leaf)).toFieldsV1())).toBe('{}');
  });
});
