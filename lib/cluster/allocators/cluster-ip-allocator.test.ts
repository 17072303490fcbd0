import { describe, expect, it } from 'vitest';
import { openStore } from '../storage/index';
import { ClusterIPAllocator } from './cluster-ip-allocator';
import { NodePortAllocator } from './node-port-allocator';

describe('ClusterIPAllocator', () => {
  it('excludes the network and broadcast addresses and reports the real messages', () => {
    const a = new ClusterIPAllocator('10.96.0.0/29');
    expect(a.firstAddress()).toBe('10.96.0.1');
    expect(() => a.allocate('10.96.0.0')).toThrow(
      'the provided IP (10.96.0.0) is not in the valid range. The range of valid IPs is 10.96.0.0/29',
    );
    expect(() => a.allocate('10.96.0.7')).toThrow('not in the valid range');
    expect(() => a.allocate('10.97.0.1')).toThrow('not in the valid range');
    a.allocate('10.96.0.5');
    expect(() => a.allocate('10.96.0.5')).toThrow('provided IP is already allocated');
  });

  it('hands out every usable address once, then says the range is full', () => {
    const a = new ClusterIPAllocator('10.96.0.0/29');
    const got = new Set<string>();
    for (let i = 0; i < 6; i++) got.add(a.allocateNext());
    expect([...got].sort()).toEqual(['10.96.0.1', '10.96.0.2', '10.96.0.3', '10.96.0.4', '10.96.0.5', '10.96.0.6']);
    expect(() => a.allocateNext()).toThrow('range is full');
    a.release('10.96.0.3');
    expect(a.allocateNext()).toBe('10.96.0.3');
  });

  it('prefers the dynamic (upper) band of a large range for next-free picks', () => {
    const a = new ClusterIPAllocator('10.96.0.0/12', () => 0);
    // 256 addresses are kept for static assignment: the first dynamic one is 10.96.1.1
    expect(a.allocateNext()).toBe('10.96.1.1');
    expect(a.allocateNext()).toBe('10.96.1.2');
    a.allocate('10.96.0.1');
    expect(a.isAllocated('10.96.0.1')).toBe(true);
  });

  it('undoes allocations of a failed or dry-run transaction, defers releases to commit', () => {
    const store = openStore();
    const a = new ClusterIPAllocator('10.96.0.0/24');
    expect(() =>
      store.transact((tx) => {
        a.allocate('10.96.0.10', tx);
        a.allocateNext(tx);
        throw new Error('write failed');
      }),
    ).toThrow('write failed');
    expect(a.used()).toBe(0);

    store.transact((tx) => a.allocate('10.96.0.10', tx), { dryRun: true });
    expect(a.used()).toBe(0);

    store.transact((tx) => a.allocate('10.96.0.10', tx));
    expect(a.isAllocated('10.96.0.10')).toBe(true);

    store.transact((tx) => a.release('10.96.0.10', tx), { dryRun: true });
    expect(a.isAllocated('10.96.0.10')).toBe(true);
    store.transact((tx) => a.release('10.96.0.10', tx));
    expect(a.isAllocated('10.96.0.10')).toBe(false);
    store.close();
  });
});

describe('NodePortAllocator', () => {
  it('checks the range and double allocation with the real messages', () => {
    const p = new NodePortAllocator('30000-32767');
    expect(p.rangeText).toBe('30000-32767');
    expect(() => p.allocate(99999)).toThrow(
      'provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
    expect(() => p.allocate(29999)).toThrow('not in the valid range');
    p.allocate(30000);
    p.allocate(32767);
    expect(() => p.allocate(30000)).toThrow('provided port is already allocated');
  });

  it('exhausts a small range and frees on release', () => {
    const p = new NodePortAllocator('30000-30004');
    const got = [0, 1, 2, 3, 4].map(() => p.allocateNext());
    expect(new Set(got).size).toBe(5);
    expect(() => p.allocateNext()).toThrow('range is full');
    p.release(30002);
    expect(p.allocateNext()).toBe(30002);
  });

  it('reverts on rollback and leaves nothing after a dry run', () => {
    const store = openStore();
    const p = new NodePortAllocator('30000-32767');
    expect(() =>
      store.transact((tx) => {
        p.allocate(30080, tx);
        p.allocateNext(tx);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    store.transact((tx) => p.allocateNext(tx), { dryRun: true });
    expect(p.used()).toBe(0);
    store.close();
  });
});
