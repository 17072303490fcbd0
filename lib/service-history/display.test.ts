import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from './history-types';
import { actorLabel, comparable, inTimeOrder, inWindow } from './display';

const entry = (id: string, observedAt: string, resourceVersion: string): HistoryEntry => ({
  id,
  namespace: 'ns',
  name: 'web',
  uid: 'u',
  kind: 'modified',
  observedAt,
  resourceVersion,
  actor: {},
  changes: [],
  summary: '',
});

describe('actorLabel', () => {
  it('names the Porthole user first, else the manager and operation', () => {
    expect(actorLabel({ manager: 'porthole', operation: 'Update', portholeUser: 'alice' })).toBe('Porthole user alice (porthole, Update)');
    expect(actorLabel({ manager: 'kubectl-client-side-apply', operation: 'Update' })).toBe('kubectl-client-side-apply (Update)');
    expect(actorLabel({ manager: 'kubectl-edit' })).toBe('kubectl-edit');
    expect(actorLabel({})).toBe('unknown');
  });
});

describe('comparable', () => {
  it('leaves out managedFields, status, resourceVersion and generation', () => {
    const out = comparable({
      metadata: { name: 'a', resourceVersion: '5', generation: 2, managedFields: [{ manager: 'x' }], labels: { a: 'b' } },
      spec: { ports: [{ port: 80 }] },
      status: {},
    });
    expect(out).toEqual({ metadata: { name: 'a', labels: { a: 'b' } }, spec: { ports: [{ port: 80 }] } });
  });
});

describe('inTimeOrder', () => {
  it('orders by time, then by resourceVersion', () => {
    const a = entry('1', '2026-01-01T00:00:00Z', '10');
    const b = entry('2', '2026-01-01T00:01:00Z', '11');
    expect(inTimeOrder(b, a)).toEqual([a, b]);
    const c = entry('3', '2026-01-01T00:01:00Z', '9');
    expect(inTimeOrder(b, c)).toEqual([c, b]);
  });
});

describe('inWindow', () => {
  it('takes times between the two versions, with a margin', () => {
    expect(inWindow('2026-01-01T00:00:30Z', '2026-01-01T00:01:00Z', '2026-01-01T00:02:00Z', 60_000)).toBe(true);
    expect(inWindow('2026-01-01T00:03:30Z', '2026-01-01T00:01:00Z', '2026-01-01T00:02:00Z', 60_000)).toBe(false);
    expect(inWindow('not a time', '2026-01-01T00:01:00Z', '2026-01-01T00:02:00Z', 60_000)).toBe(false);
  });
});
