import { describe, it, expect } from 'vitest';
import { openStore, StoreError, type StoreEvent } from './index';
import { svc } from './test-objects';

function summary(events: StoreEvent[]): string[] {
  return events.map((e) => `${e.type} ${e.object.metadata.namespace}/${e.object.metadata.name} ${e.resourceVersion}`);
}

describe('watch', () => {
  it('replays history newer than sinceResourceVersion, then delivers live events', () => {
    const store = openStore();
    store.transact((tx) => tx.create('services', svc('a')));
    store.transact((tx) => tx.create('services', svc('b')));
    store.transact((tx) => tx.create('pods', svc('p')));
    const events: StoreEvent[] = [];
    store.watch('services', undefined, 1, (e) => events.push(e));
    expect(summary(events)).toEqual(['ADDED default/b 2']);
    store.transact((tx) => tx.update('services', svc('a', 'default', { spec: { type: 'NodePort' } }), '1'));
    store.transact((tx) => tx.delete('services', 'default', 'b'));
    expect(summary(events)).toEqual(['ADDED default/b 2', 'MODIFIED default/a 4', 'DELETED default/b 5']);
    expect(events[1].previous?.metadata.resourceVersion).toBe('1');
  });

  it('filters by namespace', () => {
    const store = openStore();
    const events: StoreEvent[] = [];
    store.watch('services', 'one', 0, (e) => events.push(e));
    store.transact((tx) => {
      tx.create('services', svc('a', 'one'));
      tx.create('services', svc('a', 'two'));
      tx.create('services', svc('b', 'one'));
    });
    expect(summary(events)).toEqual(['ADDED one/a 1', 'ADDED one/b 3']);
  });

  it('throws Gone once sinceResourceVersion left the bounded history', () => {
    const store = openStore({ historySize: 3 });
    for (const n of ['a', 'b', 'c', 'd', 'e']) store.transact((tx) => tx.create('services', svc(n)));
    // retained: rv 3, 4, 5 → a watch from 2 still sees everything it missed, from 1 it cannot
    const events: StoreEvent[] = [];
    store.watch('services', undefined, 2, (e) => events.push(e));
    expect(summary(events)).toEqual(['ADDED default/c 3', 'ADDED default/d 4', 'ADDED default/e 5']);
    let caught: unknown;
    try {
      store.watch('services', undefined, 1, () => {});
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StoreError);
    expect((caught as StoreError).code).toBe('Gone');
    expect((caught as StoreError).message).toBe('too old resource version: 1 (3)');
    expect(store.oldestWatchableResourceVersion('services')).toBe(2);
    // watching from now is always possible
    expect(() => store.watch('services', undefined, store.currentResourceVersion(), () => {})).not.toThrow();
  });

  it('keeps one history per resource: writes to pods do not push services out of reach', () => {
    const store = openStore({ historySize: 2 });
    store.transact((tx) => tx.create('services', svc('a')));
    for (let i = 0; i < 10; i++) store.transact((tx) => tx.create('pods', svc(`p${i}`)));
    const events: StoreEvent[] = [];
    store.watch('services', undefined, 0, (e) => events.push(e));
    expect(summary(events)).toEqual(['ADDED default/a 1']);
    expect(() => store.watch('pods', undefined, 0, () => {})).toThrow('too old resource version: 0 (10)');
    expect(store.oldestWatchableResourceVersion('pods')).toBe(9);
    expect(store.oldestWatchableResourceVersion('services')).toBe(0);
    expect(store.oldestWatchableResourceVersion()).toBe(9);
  });

  it('stops delivering after unsubscribe, even in the middle of a fan-out', () => {
    const store = openStore();
    const events: string[] = [];
    const stop = store.watch('services', undefined, 0, (e) => events.push(e.object.metadata.name ?? ''));
    store.transact((tx) => tx.create('services', svc('a')));
    stop();
    stop();
    store.transact((tx) => tx.create('services', svc('b')));
    expect(events).toEqual(['a']);
    expect(store.watchCount()).toBe(0);

    const seen: string[] = [];
    let stopSecond: () => void = () => {};
    store.watch('services', undefined, store.currentResourceVersion(), (e) => {
      seen.push(`first ${e.object.metadata.name}`);
      stopSecond();
    });
    stopSecond = store.watch('services', undefined, store.currentResourceVersion(), (e) => seen.push(`second ${e.object.metadata.name}`));
    store.transact((tx) => tx.create('services', svc('c')));
    expect(seen).toEqual(['first c']);
  });

  it('isolates listener exceptions from the store and other watchers', () => {
    const errors: unknown[] = [];
    const store = openStore({ onError: (e) => errors.push(e) });
    const good: number[] = [];
    store.watch('services', undefined, 0, () => {
      throw new Error('bad listener');
    });
    store.watch('services', undefined, 0, (e) => good.push(e.resourceVersion));
    const created = store.transact((tx) => tx.create('services', svc('a')));
    store.transact((tx) => tx.create('services', svc('b')));
    expect(created.metadata.resourceVersion).toBe('1');
    expect(good).toEqual([1, 2]);
    expect(errors).toHaveLength(2);
    expect(store.list('services')).toHaveLength(2);
  });

  it('keeps resourceVersion order for every watcher when a listener writes', () => {
    const store = openStore();
    const first: number[] = [];
    const second: number[] = [];
    store.watch('services', undefined, 0, (e) => {
      first.push(e.resourceVersion);
      // a controller reacting synchronously with another write
      if (e.object.metadata.name === 'a') store.transact((tx) => tx.create('services', svc('reaction')));
    });
    store.watch('services', undefined, 0, (e) => second.push(e.resourceVersion));
    store.transact((tx) => {
      tx.create('services', svc('a'));
      tx.create('services', svc('b'));
    });
    expect(first).toEqual([1, 2, 3]);
    expect(second).toEqual([1, 2, 3]);
  });

  it('delivers each event once to a watch opened while events are still queued', () => {
    const store = openStore();
    const late: number[] = [];
    store.watch('services', undefined, 0, (e) => {
      if (e.resourceVersion === 1) store.watch('services', undefined, 0, (ev) => late.push(ev.resourceVersion));
    });
    store.transact((tx) => {
      tx.create('services', svc('a'));
      tx.create('services', svc('b'));
    });
    store.transact((tx) => tx.create('services', svc('c')));
    expect(late).toEqual([1, 2, 3]);
  });

  it('fans each commit out to 50 watchers before the transaction returns (the latency is in `npm run bench -- core`)', () => {
    const store = openStore();
    const seen: number[][] = Array.from({ length: 50 }, () => []);
    for (let i = 0; i < 50; i++) store.watch('services', undefined, 0, (e) => seen[i].push(e.resourceVersion));
    for (let i = 0; i < 200; i++) {
      store.transact((tx) => tx.create('services', svc(`s${i}`)));
      // Delivered in the commit itself: nothing waits for a timer or a later turn of the event loop.
      expect(seen.filter((s) => s.length === i + 1)).toHaveLength(50);
    }
    const versions = Array.from({ length: 200 }, (_, i) => i + 1);
    for (const s of seen) expect(s).toEqual(versions);
  });
});
