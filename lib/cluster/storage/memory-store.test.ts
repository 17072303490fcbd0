import { describe, it, expect, vi } from 'vitest';
import { openStore, serializeObject, serializeArray, compareObjectKeys } from './index';
import { names, node, svc } from './test-objects';

describe('list and get', () => {
  it('lists in key order (namespace, then name) whatever the write order', () => {
    const store = openStore();
    const input = [
      svc('b', 'ns-b'),
      svc('z', 'ns-a'),
      svc('a', 'ns-b'),
      svc('a', 'ns-a'),
      svc('m', 'ns'),
      svc('a', 'ns-a-b'),
      svc('b-1', 'ns-a'),
      svc('b', 'ns-a'),
    ];
    for (const obj of input) store.transact((tx) => tx.create('services', obj));
    const expected = input.slice().sort(compareObjectKeys);
    expect(names(store.list('services'))).toEqual(names(expected));
    expect(names(store.list('services'))).toEqual([
      'ns/m',
      'ns-a/a',
      'ns-a/b',
      'ns-a/b-1',
      'ns-a/z',
      'ns-a-b/a',
      'ns-b/a',
      'ns-b/b',
    ]);
  });

  it('filters by namespace exactly (no prefix matches)', () => {
    const store = openStore();
    for (const [name, ns] of [['x', 'a'], ['y', 'a'], ['x', 'ab'], ['x', 'a-b'], ['x', 'b']]) {
      store.transact((tx) => tx.create('services', svc(name, ns)));
    }
    expect(names(store.list('services', 'a'))).toEqual(['a/x', 'a/y']);
    expect(names(store.list('services', 'ab'))).toEqual(['ab/x']);
    expect(names(store.list('services', 'missing'))).toEqual([]);
    expect(names(store.list('endpoints'))).toEqual([]);
  });

  it('keeps cluster-scoped objects under the empty namespace', () => {
    const store = openStore();
    store.transact((tx) => {
      tx.create('nodes', node('n2'));
      tx.create('nodes', node('n1'));
    });
    expect(names(store.list('nodes'))).toEqual(['/n1', '/n2']);
    expect(store.get('nodes', undefined, 'n1')?.metadata.name).toBe('n1');
    expect(store.get('nodes', '', 'n1')?.metadata.name).toBe('n1');
  });

  it('reflects updates and deletes in place and keeps order', () => {
    const store = openStore();
    for (let i = 0; i < 50; i++) store.transact((tx) => tx.create('pods', svc(`p${(i * 37) % 50}`, `ns${((i * 37) % 50) % 3}`)));
    store.transact((tx) => tx.update('pods', svc('p10', 'ns1', { spec: { changed: true } })));
    store.transact((tx) => tx.delete('pods', 'ns2', 'p11'));
    const listed = store.list('pods');
    expect(listed).toHaveLength(49);
    expect(names(listed)).toEqual(names(listed.slice().sort(compareObjectKeys)));
    expect((store.get('pods', 'ns1', 'p10') as unknown as { spec: unknown }).spec).toEqual({ changed: true });
    expect(store.list('pods', 'ns1').find((p) => p.metadata.name === 'p10')).toBe(store.get('pods', 'ns1', 'p10'));
    expect(store.get('pods', 'ns2', 'p11')).toBeUndefined();
  });

  it('returns a fresh array each call (callers may sort or splice it)', () => {
    const store = openStore();
    store.transact((tx) => tx.create('services', svc('a')));
    const first = store.list('services');
    first.pop();
    expect(store.list('services')).toHaveLength(1);
  });

  it('lists 20,000 objects in key order without sorting on read (the time per list is in `npm run bench -- core`)', () => {
    const store = openStore();
    for (let i = 0; i < 20_000; i++) {
      store.transact((tx) => tx.create('pods', svc(`pod-${(i * 7919) % 20_000}`, `ns-${i % 20}`)));
    }
    const sort = vi.spyOn(Array.prototype, 'sort');
    try {
      const all = store.list('pods');
      const ns7 = store.list('pods', 'ns-7');
      expect(sort).not.toHaveBeenCalled();
      expect(all).toHaveLength(20_000);
      expect(ns7).toHaveLength(1000);
      expect(ns7.every((p) => p.metadata.namespace === 'ns-7')).toBe(true);
      const keys = names(all);
      sort.mockRestore();
      expect(keys).toEqual(names(all.slice().sort(compareObjectKeys)));
    } finally {
      sort.mockRestore();
    }
  });
});

describe('serializeObject', () => {
  it('is JSON.stringify, cached per frozen stored object', () => {
    const store = openStore();
    const stored = store.transact((tx) => tx.create('services', svc('a')));
    const text = serializeObject(stored);
    expect(JSON.parse(text)).toEqual(stored);
    expect(serializeObject(stored)).toBe(text);
    expect(serializeArray([stored, stored])).toBe(`[${text},${text}]`);
    expect(serializeArray([])).toBe('[]');
  });

  it('does not cache objects that are not frozen', () => {
    const obj = svc('mutable');
    const before = serializeObject(obj);
    obj.metadata.labels = { a: 'b' };
    expect(serializeObject(obj)).not.toBe(before);
    expect(JSON.parse(serializeObject(obj)).metadata.labels).toEqual({ a: 'b' });
  });

  it('drops undefined fields like the wire form', () => {
    const store = openStore();
    const stored = store.transact((tx) => tx.create('services', { ...svc('a'), status: undefined } as never));
    expect('status' in stored).toBe(false);
  });
});
