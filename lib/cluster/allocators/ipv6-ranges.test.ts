import { describe, expect, it } from 'vitest';
import { openStore } from '../storage/index';
import { ClusterIPAllocator } from './cluster-ip-allocator';
import { ipPlus, parseIpRange } from './ip-range';
import { parseServiceCIDRs, serviceIPFamilies } from './service-cidrs';

describe('IPv6 ClusterIP ranges (bitmap ipallocator rules)', () => {
  it('a /108 offers ::1 … ::ffff: the network address is reserved, the bitmap stops at 65536', () => {
    const r = parseIpRange('fd00:10:96::/108');
    expect(r).toMatchObject({ family: 'IPv6', text: 'fd00:10:96::/108', usable: 65535, staticBand: 256 });
    const a = new ClusterIPAllocator('fd00:10:96::/108');
    expect(a.family).toBe('IPv6');
    expect(a.firstAddress()).toBe('fd00:10:96::1');
    a.allocate('fd00:10:96::ffff');
    expect(a.isAllocated('fd00:10:96::ffff')).toBe(true);
    expect(() => a.allocate('fd00:10:96::')).toThrow(
      'the provided IP (fd00:10:96::) is not in the valid range. The range of valid IPs is fd00:10:96::/108',
    );
    // inside the CIDR but past the bitmap
    expect(() => a.allocate('fd00:10:96::1:0')).toThrow('the provided IP (fd00:10:96::1:0) is not in the valid range');
    expect(() => a.allocate('fd00:10:97::1')).toThrow('not in the valid range');
    expect(() => a.allocate('10.96.0.1')).toThrow('not in the valid range');
  });

  it('has no broadcast address: the last address of a small IPv6 range is usable', () => {
    const a = new ClusterIPAllocator('fd00::/124');
    const got = new Set<string>();
    for (let i = 0; i < 15; i++) got.add(a.allocateNext());
    expect(got.has('fd00::f')).toBe(true);
    expect(got.has('fd00::')).toBe(false);
    expect(() => a.allocateNext()).toThrow('range is full');
    // an IPv4 /28 of the same size keeps its broadcast out: 14 addresses
    const v4 = new ClusterIPAllocator('10.0.0.0/28');
    for (let i = 0; i < 14; i++) v4.allocateNext();
    expect(() => v4.allocateNext()).toThrow('range is full');
    expect(v4.isAllocated('10.0.0.15')).toBe(false);
  });

  it('next-free picks prefer the dynamic band and print the canonical form', () => {
    const a = new ClusterIPAllocator('fd00:10:96::/108', () => 0);
    expect(a.allocateNext()).toBe('fd00:10:96::101');
    // non-canonical input names the same address
    a.allocate('FD00:10:96:0::000A');
    expect(a.isAllocated('fd00:10:96::a')).toBe(true);
    expect(() => a.allocate('fd00:0010:0096::a')).toThrow('provided IP is already allocated');
  });

  it('undoes IPv6 allocations of a failed transaction', () => {
    const store = openStore();
    const a = new ClusterIPAllocator('fd00:10:96::/108');
    expect(() =>
      store.transact((tx) => {
        a.allocate('fd00:10:96::10', tx);
        a.allocateNext(tx);
        throw new Error('write failed');
      }),
    ).toThrow('write failed');
    expect(a.used()).toBe(0);
    store.close();
  });
});

describe('--service-cluster-ip-range', () => {
  it('takes one CIDR or two of different families, primary first', () => {
    expect(serviceIPFamilies('10.96.0.0/12')).toEqual(['IPv4']);
    expect(serviceIPFamilies('fd00:10:96::/108')).toEqual(['IPv6']);
    expect(serviceIPFamilies('10.96.0.0/12,fd00:10:96::/108')).toEqual(['IPv4', 'IPv6']);
    expect(serviceIPFamilies('fd00:10:96::/108,10.96.0.0/12')).toEqual(['IPv6', 'IPv4']);
  });

  it("refuses what kube-apiserver refuses, with its messages", () => {
    expect(() => parseServiceCIDRs('10.96.0.0/12,10.0.0.0/16')).toThrow(
      '--service-cluster-ip-range[0] and --service-cluster-ip-range[1] must be of different IP family',
    );
    expect(() => parseServiceCIDRs('10.96.0.0/12,fd00::/108,fd01::/108')).toThrow(
      '--service-cluster-ip-range must not contain more than two entries',
    );
    expect(() => parseServiceCIDRs('fd00::/64')).toThrow(
      'specified --service-cluster-ip-range is too large; for 128-bit addresses, the mask must be >= 108',
    );
    expect(() => parseServiceCIDRs('10.0.0.0/8')).toThrow('for 32-bit addresses, the mask must be >= 12');
    expect(() => parseServiceCIDRs('nonsense')).toThrow('service-cluster-ip-range[0] is not a valid cidr');
    expect(() => parseServiceCIDRs('10.96.0.0/12,fd00::')).toThrow('service-cluster-ip-range[1] is not an ip net');
  });
});

describe('ipPlus', () => {
  it('adds to an address of either family', () => {
    expect(ipPlus('10.96.0.1', 9)).toBe('10.96.0.10');
    expect(ipPlus('fd00:10:96::1', 9)).toBe('fd00:10:96::a');
    expect(ipPlus('fd00:10:96::ffff', 1)).toBe('fd00:10:96::1:0');
    expect(ipPlus('nonsense', 1)).toBeUndefined();
  });
});
