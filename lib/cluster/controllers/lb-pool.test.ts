import { describe, expect, it } from 'vitest';
import { LoadBalancerPool } from './lb-pool';

describe('load-balancer pool', () => {
  it('hands out the lowest free address, honours a requested one, and runs out', () => {
    const pool = new LoadBalancerPool('172.18.255.0/30');
    expect(pool.next()).toBe('172.18.255.1');
    expect(pool.take('172.18.255.1')).toBe(false);
    expect(pool.take('172.18.255.3')).toBe(false); // broadcast
    expect(pool.take('10.0.0.1')).toBe(false);
    expect(pool.next()).toBe('172.18.255.2');
    expect(pool.next()).toBeUndefined();
    pool.release('172.18.255.1');
    expect(pool.take('172.18.255.1')).toBe(true);
  });
});
