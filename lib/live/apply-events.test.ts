import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../k8s/types';
import { applyListEvents } from './apply-events';

const obj = (name: string, rv: string, ns = 'demo', extra: Record<string, string> = {}): KubeObject => ({
  metadata: { name, namespace: ns, resourceVersion: rv, labels: extra },
});

describe('applyListEvents', () => {
  const base = { resourceVersion: '10', items: [obj('a', '5'), obj('b', '6'), obj('c', '7')] };

  it('appends ADDED, replaces MODIFIED in place, removes DELETED, and tracks the resourceVersion', () => {
    const next = applyListEvents(base, [
      { type: 'ADDED', object: obj('d', '11') },
      { type: 'MODIFIED', object: obj('b', '12', 'demo', { x: 'y' }) },
      { type: 'DELETED', object: obj('a', '13') },
    ])!;
    expect(next.items.map((o) => o.metadata.name)).toEqual(['b', 'c', 'd']);
    expect(next.items[0].metadata.labels).toEqual({ x: 'y' });
    expect(next.resourceVersion).toBe('13');
    expect(base.items).toHaveLength(3); // the previous snapshot is untouched
  });

  it('keys objects by namespace and name', () => {
    const next = applyListEvents(base, [{ type: 'ADDED', object: obj('a', '11', 'other') }])!;
    expect(next.items).toHaveLength(4);
  });

  it('treats ADDED of a known object as an update (replayed events after a reconnect)', () => {
    const next = applyListEvents(base, [{ type: 'ADDED', object: obj('c', '11', 'demo', { v: '2' }) }])!;
    expect(next.items).toHaveLength(3);
    expect(next.items[2].metadata.labels).toEqual({ v: '2' });
  });

  it('ignores DELETED of an unknown object but keeps its resourceVersion', () => {
    const next = applyListEvents(base, [{ type: 'DELETED', object: obj('zz', '14') }])!;
    expect(next.items).toHaveLength(3);
    expect(next.resourceVersion).toBe('14');
  });

  it('replaces everything on resync and applies later events on top', () => {
    const next = applyListEvents(base, [
      { type: 'ADDED', object: obj('gone', '11') },
      { type: 'resync', list: { resourceVersion: '20', items: [obj('x', '19')] } },
      { type: 'MODIFIED', object: obj('x', '21', 'demo', { m: '1' }) },
    ])!;
    expect(next.items.map((o) => o.metadata.name)).toEqual(['x']);
    expect(next.items[0].metadata.labels).toEqual({ m: '1' });
    expect(next.resourceVersion).toBe('21');
  });

  it('moves the resourceVersion on a bookmark without copying items, and returns prev when nothing changed', () => {
    const next = applyListEvents(base, [{ type: 'bookmark', resourceVersion: '30' }])!;
    expect(next.items).toBe(base.items);
    expect(next.resourceVersion).toBe('30');
    expect(applyListEvents(base, [{ type: 'bookmark', resourceVersion: '10' }])).toBe(base);
  });

  it('starts from nothing when there was no snapshot', () => {
    expect(applyListEvents(undefined, [{ type: 'ADDED', object: obj('a', '1') }])!.items).toHaveLength(1);
  });
});

describe('applyListEvents over many batches', () => {
  it('stays correct batch after batch (the position index is carried from list to list)', () => {
    let snap: ReturnType<typeof applyListEvents> = { resourceVersion: '1', items: [obj('a', '1'), obj('b', '1'), obj('c', '1')] };
    const first = snap;
    snap = applyListEvents(snap, [{ type: 'DELETED', object: obj('a', '2') }]);
    snap = applyListEvents(snap, [{ type: 'MODIFIED', object: obj('c', '3', 'demo', { k: 'v' }) }]);
    snap = applyListEvents(snap, [{ type: 'ADDED', object: obj('d', '4') }, { type: 'DELETED', object: obj('b', '5') }]);
    snap = applyListEvents(snap, [{ type: 'MODIFIED', object: obj('d', '6') }]);
    expect(snap!.items.map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`)).toEqual(['c@3', 'd@6']);
    // An older snapshot applied again (its index was handed on) still gives the right answer.
    const again = applyListEvents(first, [{ type: 'MODIFIED', object: obj('b', '9') }]);
    expect(again!.items.map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`)).toEqual(['a@1', 'b@9', 'c@1']);
  });
});
