import { describe, it, expect } from 'vitest';
import type { JsonValue } from '../../k8s/json';
import { compareObjects } from './compare';
import { FieldSet } from './field-set';
import { mergeObjects } from './merge';
import { deserializePathElement, field, pathToString } from './path';
import { removeItems } from './remove';
import { testServiceSchema as schema } from './test-schema';

const ports = (...ps: number[]) => ps.map((port) => ({ port, protocol: 'TCP' }));
const svc = (spec: Record<string, JsonValue>): JsonValue => ({ spec });
const portsOf = (v: JsonValue | undefined) => ((v as { spec: { ports: { port: number }[] } }).spec.ports ?? []).map((p) => p.port);

describe('mergeObjects', () => {
  it('keeps live-only items in place and the configuration’s order for shared ones', () => {
    const out = mergeObjects(svc({ ports: ports(1, 2, 3) }), svc({ ports: ports(3, 4, 1) }), schema);
    expect(portsOf(out)).toEqual([2, 3, 4, 1]);
    expect(portsOf(mergeObjects(svc({ ports: ports(1, 2) }), svc({ ports: ports(2, 1) }), schema))).toEqual([2, 1]);
    expect(portsOf(mergeObjects(svc({ ports: ports(1, 2) }), svc({ ports: ports(5) }), schema))).toEqual([1, 2, 5]);
  });

  it('merges items field by field, replaces atomic values whole, keeps live for null objects', () => {
    const live = svc({ ports: [{ port: 80, protocol: 'TCP', name: 'http', nodePort: 30080 }], selector: { a: '1', b: '2' }, externalIPs: ['1.1.1.1', '2.2.2.2'] });
    const out = mergeObjects(live, svc({ ports: [{ port: 80, targetPort: 8080 }], selector: { c: '3' }, externalIPs: ['3.3.3.3'], sessionAffinityConfig: null }), schema);
    expect(out).toEqual({
      spec: {
        ports: [{ port: 80, protocol: 'TCP', name: 'http', nodePort: 30080, targetPort: 8080 }],
        selector: { c: '3' },
        externalIPs: ['3.3.3.3'],
        sessionAffinityConfig: null,
      },
    });
  });
});

describe('compareObjects', () => {
  it('records new lists/maps themselves, changed leaves, removed items', () => {
    const c = compareObjects(
      { metadata: { labels: { a: '1' } }, spec: { ports: ports(80, 81), type: 'ClusterIP' } },
      { metadata: {}, spec: { ports: ports(80), type: 'NodePort', selector: { x: 'y' }, externalIPs: [] } },
      schema,
    );
    expect(c.added.paths().map(pathToString)).toEqual(['.spec.externalIPs', '.spec.selector']);
    expect(c.modified.paths().map(pathToString)).toEqual(['.spec.type']);
    expect(c.removed.paths().map(pathToString)).toEqual([
      '.metadata.labels',
      '.metadata.labels.a',
      '.spec.ports[port=81,protocol="TCP"]',
      '.spec.ports[port=81,protocol="TCP"].port',
      '.spec.ports[port=81,protocol="TCP"].protocol',
    ]);
  });
});

describe('removeItems', () => {
  it('removes a list item with its fields, a single field, and nulls emptied maps', () => {
    const item = deserializePathElement('k:{"port":81,"protocol":"TCP"}');
    const toRemove = FieldSet.of(
      [field('spec'), field('ports'), item],
      [field('spec'), field('sessionAffinity')],
      [field('metadata'), field('labels'), field('a')],
    );
    const out = removeItems({ metadata: { labels: { a: '1' } }, spec: { ports: ports(80, 81), sessionAffinity: 'None', type: 'X' } }, toRemove, schema);
    expect(out).toEqual({ metadata: { labels: null }, spec: { ports: ports(80), type: 'X' } });
  });
});
