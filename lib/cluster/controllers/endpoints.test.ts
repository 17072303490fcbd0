import { describe, expect, it } from 'vitest';
import type { EndpointAddress, EndpointSubset } from '../../k8s/types/discovery';
import { computeSubsets, desiredEndpoints, endpointsChanged, truncateSubsets } from './endpoints';
import { pod, service } from './fixtures.test-support';

const web = service('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] });

function addrs(n: number, prefix: string): EndpointAddress[] {
  return Array.from({ length: n }, (_, i) => ({ ip: `${prefix}.${i}` }));
}

describe('computeSubsets', () => {
  it('splits ready and not-ready addresses, sorted by IP, with resolved ports', () => {
    const subsets = computeSubsets(web, [
      pod('b', { ip: '10.244.1.20' }),
      pod('a', { ip: '10.244.1.3' }),
      pod('c', { ip: '10.244.2.9', ready: false, node: 'node-2' }),
      pod('d', { ip: '10.244.2.10', deleting: true }),
    ]);
    expect(subsets).toEqual([
      {
        addresses: [
          { ip: '10.244.1.3', nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: 'demo', name: 'a', uid: 'uid-a' } },
          { ip: '10.244.1.20', nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: 'demo', name: 'b', uid: 'uid-b' } },
        ],
        notReadyAddresses: [{ ip: '10.244.2.9', nodeName: 'node-2', targetRef: { kind: 'Pod', namespace: 'demo', name: 'c', uid: 'uid-c' } }],
        ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
      },
    ]);
  });

  it('leaves the name out of an unnamed port (EndpointPort.name is omitempty)', () => {
    const unnamed = service('plain', { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] });
    expect(computeSubsets(unnamed, [pod('a', { ip: '10.244.1.3' })])[0].ports).toEqual([{ port: 8080, protocol: 'TCP' }]);
  });

  it('skips a pod whose ports do not resolve, keeps port-less addresses for a headless Service without ports', () => {
    expect(computeSubsets(web, [pod('x', { ports: [{ name: 'other', containerPort: 1 }] })])).toEqual([]);
    const headless = service('h', { clusterIP: 'None', selector: { app: 'web' } });
    expect(computeSubsets(headless, [pod('x')])).toEqual([
      { addresses: [{ ip: '10.244.1.10', nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: 'demo', name: 'x', uid: 'uid-x' } }] },
    ]);
  });
});

describe('truncateSubsets', () => {
  it('leaves up to 1000 addresses alone', () => {
    const subsets: EndpointSubset[] = [{ addresses: addrs(600, '10.0.0'), notReadyAddresses: addrs(400, '10.0.1') }];
    expect(truncateSubsets(subsets)).toBe(false);
    expect(subsets[0].addresses).toHaveLength(600);
  });

  it('cuts not-ready addresses first, proportionally per subset', () => {
    const subsets: EndpointSubset[] = [
      { addresses: addrs(800, '10.0.0'), notReadyAddresses: addrs(300, '10.0.1') },
      { addresses: addrs(100, '10.0.2'), notReadyAddresses: addrs(100, '10.0.3') },
    ];
    expect(truncateSubsets(subsets)).toBe(true);
    // 100 not-ready slots: ceil(300/400*100)=75, then 25
    expect(subsets.map((s) => [s.addresses?.length, s.notReadyAddresses?.length])).toEqual([
      [800, 75],
      [100, 25],
    ]);
  });

  it('cuts ready addresses and drops all not-ready ones when ready alone exceed 1000', () => {
    const subsets: EndpointSubset[] = [
      { addresses: addrs(900, '10.0.0'), notReadyAddresses: addrs(5, '10.0.1') },
      { addresses: addrs(600, '10.0.2') },
    ];
    truncateSubsets(subsets);
    expect(subsets.map((s) => [s.addresses?.length, s.notReadyAddresses?.length])).toEqual([
      [600, undefined],
      [400, undefined],
    ]);
  });

  it('annotates the Endpoints as over capacity and removes the annotation again', () => {
    const many = Array.from({ length: 1001 }, (_, i) => pod(`p${i}`, { ip: `10.244.${1 + (i >> 8)}.${i & 255}` }));
    const big = desiredEndpoints(web, many, undefined, 't1');
    expect(big.metadata.annotations?.['endpoints.kubernetes.io/over-capacity']).toBe('truncated');
    expect(big.subsets?.[0].addresses).toHaveLength(1000);
    const small = desiredEndpoints(web, many.slice(0, 3), big, 't2');
    expect(small.metadata.annotations?.['endpoints.kubernetes.io/over-capacity']).toBeUndefined();
    expect(endpointsChanged(big, small)).toBe(true);
    expect(endpointsChanged(small, desiredEndpoints(web, many.slice(0, 3), small, 't3'))).toBe(false);
  });
});

describe('computeSubsets of IPv6 and dual-stack Services', () => {
  const dualPod = (name: string, v4: string, v6: string) => {
    const p = pod(name, { ip: v4 });
    return { ...p, status: { ...p.status, podIPs: [{ ip: v4 }, { ip: v6 }] } };
  };

  it('uses the primary family: IPv6 addresses (sorted as bytes) for an IPv6-primary Service', () => {
    const v6 = service('v6', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }], ipFamilies: ['IPv6', 'IPv4'] });
    const [subset] = computeSubsets(v6, [dualPod('b', '10.244.1.20', 'fd00::1:0'), dualPod('a', '10.244.1.3', 'fd00::ff')]);
    expect(subset.addresses?.map((a) => a.ip)).toEqual(['fd00::ff', 'fd00::1:0']);
  });

  it('leaves out pods without an address of that family', () => {
    const v6 = service('v6', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }], ipFamilies: ['IPv6'] });
    expect(computeSubsets(v6, [pod('a')])).toEqual([]);
  });
});
