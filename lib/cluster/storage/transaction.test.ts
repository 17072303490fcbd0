import { describe, it, expect } from 'vitest';
import { openStore, StoreError } from './index';
import { svc } from './test-objects';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof StoreError ? error.code : `not a StoreError: ${String(error)}`;
  }
  return undefined;
}

describe('transact', () => {
  it('commits writes with increasing cluster-wide resourceVersions', () => {
    const store = openStore();
    expect(store.currentResourceVersion()).toBe(0);
    const a = store.transact((tx) => tx.create('services', svc('a')));
    const b = store.transact((tx) => tx.create('nodes', { metadata: { name: 'n1' } }));
    expect(a.metadata.resourceVersion).toBe('1');
    expect(b.metadata.resourceVersion).toBe('2');
    expect(store.currentResourceVersion()).toBe(2);
    expect(store.get('services', 'default', 'a')).toBe(a);
    expect(store.get('nodes', undefined, 'n1')).toBe(b);
  });

  it('gives each write of one transaction its own resourceVersion', () => {
    const store = openStore();
    const [a, b] = store.transact((tx) => [tx.create('services', svc('a')), tx.create('services', svc('b'))]);
    expect([a.metadata.resourceVersion, b.metadata.resourceVersion]).toEqual(['1', '2']);
    expect(store.currentResourceVersion()).toBe(2);
  });

  it('stores a deep-frozen copy, never the caller object', () => {
    const store = openStore();
    const input = svc('a');
    const stored = store.transact((tx) => tx.create('services', input));
    expect(stored).not.toBe(input);
    expect(input.metadata.resourceVersion).toBeUndefined();
    expect(Object.isFrozen(stored)).toBe(true);
    expect(Object.isFrozen(stored.metadata)).toBe(true);
    expect(Object.isFrozen((stored as unknown as { spec: { ports: object[] } }).spec.ports[0])).toBe(true);
    // a frozen object can be written back after copying
    const copy = structuredClone(stored);
    (copy as unknown as { spec: { type: string } }).spec.type = 'NodePort';
    const updated = store.transact((tx) => tx.update('services', copy, '1'));
    expect(updated.metadata.resourceVersion).toBe('2');
  });

  it('reads its own staged writes; others see them only after commit', () => {
    const store = openStore();
    store.transact((tx) => {
      tx.create('services', svc('a'));
      expect(tx.get('services', 'default', 'a')?.metadata.resourceVersion).toBe('1');
      expect(store.get('services', 'default', 'a')).toBeUndefined();
      expect(store.list('services')).toEqual([]);
      tx.delete('services', 'default', 'a');
      expect(tx.get('services', 'default', 'a')).toBeUndefined();
      tx.create('services', svc('a'));
    });
    expect(store.get('services', 'default', 'a')?.metadata.resourceVersion).toBe('3');
  });

  it('rolls back on throw: nothing stored, RV unchanged, rollback hooks newest first', () => {
    const store = openStore();
    store.transact((tx) => tx.create('services', svc('keep')));
    const order: string[] = [];
    const committed: string[] = [];
    const events: string[] = [];
    store.watch('services', undefined, store.currentResourceVersion(), (e) => events.push(e.type));
    expect(() =>
      store.transact((tx) => {
        tx.onRollback(() => order.push('first'));
        tx.create('services', svc('x'));
        tx.onRollback(() => order.push('second'));
        tx.onCommit(() => committed.push('no'));
        tx.delete('services', 'default', 'keep');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(order).toEqual(['second', 'first']);
    expect(committed).toEqual([]);
    expect(events).toEqual([]);
    expect(store.currentResourceVersion()).toBe(1);
    expect(store.get('services', 'default', 'x')).toBeUndefined();
    expect(store.get('services', 'default', 'keep')).toBeDefined();
    // the next write continues from the committed RV
    expect(store.transact((tx) => tx.create('services', svc('y'))).metadata.resourceVersion).toBe('2');
  });

  it('dryRun runs fn, returns its result, then rolls back', () => {
    const store = openStore();
    const undone: number[] = [];
    const commits: number[] = [];
    const events: string[] = [];
    store.watch('services', undefined, 0, (e) => events.push(e.type));
    const result = store.transact(
      (tx) => {
        expect(tx.dryRun).toBe(true);
        tx.onRollback(() => undone.push(1));
        tx.onRollback(() => undone.push(2));
        tx.onCommit(() => commits.push(1));
        return tx.create('services', svc('dry'));
      },
      { dryRun: true },
    );
    expect(result.metadata.name).toBe('dry');
    expect(undone).toEqual([2, 1]);
    expect(commits).toEqual([]);
    expect(events).toEqual([]);
    expect(store.currentResourceVersion()).toBe(0);
    expect(store.get('services', 'default', 'dry')).toBeUndefined();
  });

  it('runs onCommit callbacks after commit and after the events were delivered', () => {
    const store = openStore();
    const log: string[] = [];
    store.watch('services', undefined, 0, (e) => log.push(`event ${e.resourceVersion}`));
    store.transact((tx) => {
      tx.onCommit(() => log.push(`commit, stored=${store.get('services', 'default', 'a') !== undefined}`));
      tx.create('services', svc('a'));
    });
    expect(log).toEqual(['event 1', 'commit, stored=true']);
  });

  it('allows a new transaction from an onCommit callback (the first one is over)', () => {
    const store = openStore();
    const rvs: number[] = [];
    store.watch('services', undefined, 0, (e) => rvs.push(e.resourceVersion));
    store.transact((tx) => {
      tx.create('services', svc('a'));
      tx.onCommit(() => store.transact((next) => next.create('services', svc('follow-up'))));
    });
    expect(rvs).toEqual([1, 2]);
    expect(store.get('services', 'default', 'follow-up')?.metadata.resourceVersion).toBe('2');
  });

  it('reports a throwing rollback hook but still runs the others and rethrows the original error', () => {
    const errors: unknown[] = [];
    const store = openStore({ onError: (e) => errors.push(e) });
    const ran: string[] = [];
    expect(() =>
      store.transact((tx) => {
        tx.onRollback(() => ran.push('older'));
        tx.onRollback(() => {
          throw new Error('hook');
        });
        throw new Error('original');
      }),
    ).toThrow('original');
    expect(ran).toEqual(['older']);
    expect(errors).toHaveLength(1);
  });

  it('throws AlreadyExists, NotFound and Conflict as StoreError', () => {
    const store = openStore();
    store.transact((tx) => tx.create('services', svc('a')));
    expect(codeOf(() => store.transact((tx) => tx.create('services', svc('a'))))).toBe('AlreadyExists');
    expect(codeOf(() => store.transact((tx) => tx.update('services', svc('missing'))))).toBe('NotFound');
    expect(codeOf(() => store.transact((tx) => tx.delete('services', 'default', 'missing')))).toBe('NotFound');
    expect(codeOf(() => store.transact((tx) => tx.update('services', svc('a'), '7')))).toBe('Conflict');
    expect(codeOf(() => store.transact((tx) => tx.update('services', svc('a', 'default', { spec: {} }), '1')))).toBeUndefined();
    // same name in another namespace or resource is a different key
    expect(codeOf(() => store.transact((tx) => tx.create('services', svc('a', 'other'))))).toBeUndefined();
    expect(codeOf(() => store.transact((tx) => tx.create('endpoints', svc('a'))))).toBeUndefined();
    expect(store.currentResourceVersion()).toBe(4);
  });

  it('treats an update that changes nothing as no write: same resourceVersion, no event, no persistence', () => {
    const store = openStore();
    const stored = store.transact((tx) => tx.create('services', svc('a', 'default', { spec: { ports: [{ port: 80 }], type: 'ClusterIP' } })));
    const events: string[] = [];
    store.watch('services', undefined, 1, (e) => events.push(e.type));
    // same content, other key order, an undefined field, stale-free precondition: still a no-op
    const same = { metadata: { namespace: 'default', name: 'a' }, spec: { type: 'ClusterIP', ports: [{ port: 80 }], extra: undefined }, kind: 'Service', apiVersion: 'v1' };
    const result = store.transact((tx) => tx.update('services', same as never, '1'));
    expect(result).toBe(stored);
    expect(store.currentResourceVersion()).toBe(1);
    expect(events).toEqual([]);
    // any change is a write
    const changed = store.transact((tx) => tx.update('services', { ...same, spec: { ...same.spec, type: 'NodePort' } } as never));
    expect(changed.metadata.resourceVersion).toBe('2');
    expect(events).toEqual(['MODIFIED']);
  });

  it('Conflict carries the real server message', () => {
    const store = openStore();
    store.transact((tx) => tx.create('services', svc('a')));
    expect(() => store.transact((tx) => tx.update('services', svc('a'), '0'))).toThrow(
      'Operation cannot be fulfilled on services "a": the object has been modified; please apply your changes to the latest version and try again',
    );
  });

  it('delete returns the last state; the DELETED event carries the deletion resourceVersion', () => {
    const store = openStore();
    store.transact((tx) => tx.create('services', svc('a')));
    const events: { type: string; rv: string | undefined; prev: string | undefined }[] = [];
    store.watch('services', 'default', 1, (e) =>
      events.push({ type: e.type, rv: e.object.metadata.resourceVersion, prev: e.previous?.metadata.resourceVersion }),
    );
    const last = store.transact((tx) => tx.delete('services', 'default', 'a'));
    expect(last.metadata.resourceVersion).toBe('1');
    expect(events).toEqual([{ type: 'DELETED', rv: '2', prev: '1' }]);
    expect(store.get('services', 'default', 'a')).toBeUndefined();
  });

  it('refuses nested transact, async callbacks, and use of a finished transaction', () => {
    const store = openStore();
    expect(() => store.transact(() => store.transact(() => 1))).toThrow(/inside a transaction/);
    const undone: number[] = [];
    expect(() =>
      store.transact(async (tx) => {
        tx.onRollback(() => undone.push(1));
        tx.create('services', svc('async'));
      }),
    ).toThrow(/synchronous/);
    expect(undone).toEqual([1]);
    expect(store.get('services', 'default', 'async')).toBeUndefined();
    let leaked: { create(r: 'services', o: ReturnType<typeof svc>): unknown } | undefined;
    store.transact((tx) => {
      leaked = tx;
    });
    expect(() => leaked?.create('services', svc('late'))).toThrow(/already over/);
    // the store still works after all that
    expect(store.transact((tx) => tx.create('services', svc('ok'))).metadata.resourceVersion).toBe('1');
  });

  it('an empty transaction commits nothing and keeps the resourceVersion', () => {
    const store = openStore();
    let committed = false;
    expect(store.transact((tx) => (tx.onCommit(() => (committed = true)), 42))).toBe(42);
    expect(committed).toBe(true);
    expect(store.currentResourceVersion()).toBe(0);
  });
});
