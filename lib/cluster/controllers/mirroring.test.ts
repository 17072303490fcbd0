import { describe, expect, it } from 'vitest';
import type { Endpoints } from '../../k8s/types/discovery';
import { mirroredSliceContents } from './mirroring-controller';

describe('mirroredSliceContents', () => {
  it('splits a subset by address type: IPv6 addresses go to an IPv6 slice', () => {
    const ep: Endpoints = {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'ext', namespace: 'demo' },
      subsets: [{ addresses: [{ ip: '192.0.2.10' }, { ip: '2001:db8::10' }], notReadyAddresses: [{ ip: '2001:db8::11' }], ports: [{ name: 'http', port: 80 }] }],
    };
    const out = mirroredSliceContents(ep);
    expect(out.map((c) => [c.addressType ?? 'IPv4', c.endpoints.map((e) => [e.addresses[0], e.conditions?.ready])])).toEqual([
      ['IPv4', [['192.0.2.10', true]]],
      [
        'IPv6',
        [
          ['2001:db8::10', true],
          ['2001:db8::11', false],
        ],
      ],
    ]);
  });
});
