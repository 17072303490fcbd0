import { describe, it, expect } from 'vitest';
import { ApiError } from '../errors/api-error';
import type { KubeObject } from '../../k8s/types/meta';
import { parseIncludeObject, printTable } from './index';

const now = new Date('2026-11-21T12:00:00Z');
const ns: KubeObject = {
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name: 'demo', uid: 'u1', resourceVersion: '42', creationTimestamp: '2026-11-21T11:00:00Z', labels: { a: 'b' } },
  status: { phase: 'Active' },
} as KubeObject;

describe('printTable', () => {
  it('includes PartialObjectMetadata by default (Metadata)', () => {
    const table = printTable('namespaces', [ns], { includeObject: 'Metadata', now, listMeta: { resourceVersion: '50' } });
    expect(table).toEqual({
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: '50' },
      columnDefinitions: table.columnDefinitions,
      rows: [{ cells: ['demo', 'Active', '60m'], object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: ns.metadata } }],
    });
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Status', 'Age']);
  });

  it('includes the full object with its type meta (Object)', () => {
    const bare = { metadata: ns.metadata, status: { phase: 'Active' } } as KubeObject;
    const table = printTable('namespaces', [bare], { includeObject: 'Object', now });
    expect(table.rows[0].object).toEqual({ apiVersion: 'v1', kind: 'Namespace', metadata: ns.metadata, status: { phase: 'Active' } });
    expect(printTable('endpointslices', [{ metadata: { name: 's' } }], { includeObject: 'Object', now }).rows[0].object).toMatchObject({
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
    });
  });

  it('sends a null object for None', () => {
    expect(printTable('namespaces', [ns], { includeObject: 'None', now }).rows[0].object).toBeNull();
  });

  it('copies list metadata, or the single object resourceVersion for a GET', () => {
    expect(printTable('namespaces', [ns], { includeObject: 'None', now }).metadata).toEqual({ resourceVersion: '42' });
    expect(
      printTable('namespaces', [], { includeObject: 'None', now, listMeta: { resourceVersion: '9', continue: 'abc', remainingItemCount: 3 } }).metadata,
    ).toEqual({ resourceVersion: '9', continue: 'abc', remainingItemCount: 3 });
    expect(printTable('namespaces', [], { includeObject: 'None', now }).rows).toEqual([]);
  });

  it('carries row conditions for finished pods', () => {
    const pod = { metadata: { name: 'p' }, spec: { containers: [] }, status: { phase: 'Succeeded' } } as KubeObject;
    expect(printTable('pods', [pod], { includeObject: 'None', now }).rows[0]).toEqual({
      cells: ['p', '0/0', 'Succeeded', '0', '<unknown>', '<none>', '<none>', '<none>', '<none>'],
      conditions: [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }],
      object: null,
    });
  });

  it('prints every resource with as many cells as columns', () => {
    const resources = ['namespaces', 'services', 'endpoints', 'pods', 'nodes', 'events', 'endpointslices'] as const;
    for (const r of resources) {
      const t = printTable(r, [{ metadata: { name: 'x', namespace: 'y' } } as KubeObject], { includeObject: 'None', now });
      expect(t.rows[0].cells.length).toBe(t.columnDefinitions.length);
      for (const c of t.columnDefinitions) expect(c.description.length).toBeGreaterThan(0);
    }
  });
});

describe('parseIncludeObject', () => {
  it.each([
    [undefined, 'Metadata'],
    ['', 'Metadata'],
    ['Metadata', 'Metadata'],
    ['None', 'None'],
    ['Object', 'Object'],
  ] as const)('%s → %s', (v, expected) => {
    expect(parseIncludeObject(v)).toBe(expected);
  });
  it('rejects anything else with 400', () => {
    try {
      parseIncludeObject('metadata');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status.message).toBe('unrecognized includeObject value: "metadata"');
      expect((e as ApiError).code).toBe(400);
    }
  });
});
