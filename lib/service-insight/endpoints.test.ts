import { describe, expect, it } from 'vitest';
import { allEndpoints, countEndpointViews, endpointsByNode, groupLegacyEndpoints, groupSlices, nodeAddressIndex } from './endpoints';
import { eventsNewestFirst } from './events';
import { loadBalancerState } from './load-balancer';
import { event, slice, svc } from './test-fixtures';

describe('where traffic goes', () => {
  it('groups slices by address type and marks slices not managed by the controller', () => {
    const groups = groupSlices([
      slice('web-v6', 'web', [{ addresses: ['fd00::5'], conditions: { ready: true } }], { addressType: 'IPv6' }),
      slice('web-b', 'web', [{ addresses: ['10.244.1.6'], conditions: { ready: false, serving: true, terminating: true }, nodeName: 'node-1', zone: 'z1', targetRef: { kind: 'Pod', name: 'web-2' } }]),
      slice('web-a', 'web', [{ addresses: ['10.244.1.5'], targetRef: { kind: 'Pod', name: 'web-1' } }], { managedBy: 'my-operator' }),
    ]);
    expect(groups.map((g) => [g.addressType, g.slices.map((s) => `${s.name}:${s.byController}`)])).toEqual([
      ['IPv4', ['web-a:false', 'web-b:true']],
      ['IPv6', ['web-v6:true']],
    ]);
    const [a, b] = groups[0].slices;
    expect(a.managedBy).toBe('my-operator');
    // Unset conditions: ready and serving mean true, terminating false.
    expect(a.endpoints[0]).toMatchObject({ ready: true, serving: true, terminating: false, podName: 'web-1' });
    expect(b.endpoints[0]).toMatchObject({ ready: false, serving: true, terminating: true, nodeName: 'node-1', zone: 'z1', podName: 'web-2' });
    expect(countEndpointViews(allEndpoints(groups))).toEqual({ ready: 2, serving: 3, terminating: 1, total: 3, usable: 2 });
  });

  it('ready endpoints in a slice without ports do not count as usable when the Service has ports (D-01)', () => {
    const eps = [
      { addresses: ['10.244.1.5'], targetRef: { kind: 'Pod', name: 'inv-1' } },
      { addresses: ['10.244.2.5'], targetRef: { kind: 'Pod', name: 'inv-2' } },
    ];
    const noPorts = allEndpoints(groupSlices([slice('inv', 'inventory', eps, { ports: [] })]));
    expect(countEndpointViews(noPorts, true)).toMatchObject({ ready: 2, total: 2, usable: 0 });
    // A headless Service without ports: its endpoints serve DNS, no ports needed.
    expect(countEndpointViews(noPorts, false)).toMatchObject({ ready: 2, usable: 2 });
    expect(countEndpointViews(allEndpoints(groupSlices([slice('inv', 'inventory', eps)])), true)).toMatchObject({ ready: 2, usable: 2 });
  });

  it('summarizes endpoints per node and zone (big Services), counting a dual-stack pod once', () => {
    const groups = groupSlices([
      slice('a', 'big', [
        { addresses: ['10.244.1.5'], nodeName: 'node-1', zone: 'z1', targetRef: { kind: 'Pod', name: 'p1' } },
        { addresses: ['10.244.1.6'], nodeName: 'node-1', zone: 'z1', conditions: { ready: false, terminating: true }, targetRef: { kind: 'Pod', name: 'p2' } },
        { addresses: ['10.244.2.5'], nodeName: 'node-2', zone: 'z2', targetRef: { kind: 'Pod', name: 'p3' } },
        { addresses: ['10.0.0.9'] },
      ]),
      slice('a6', 'big', [{ addresses: ['fd00::5'], nodeName: 'node-1', zone: 'z1', targetRef: { kind: 'Pod', name: 'p1' } }], { addressType: 'IPv6' }),
    ]);
    expect(endpointsByNode(allEndpoints(groups))).toEqual([
      { node: 'node-1', zone: 'z1', ready: 1, notReady: 1, terminating: 1, total: 2 },
      { node: 'node-2', zone: 'z2', ready: 1, notReady: 0, terminating: 0, total: 1 },
      { node: '', zone: '', ready: 1, notReady: 0, terminating: 0, total: 1 },
    ]);
  });

  it('finds the node of an address (endpoints without nodeName, e.g. the API server)', () => {
    const idx = nodeAddressIndex([
      { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' }, status: { addresses: [{ type: 'InternalIP', address: '172.18.0.2' }, { type: 'Hostname', address: 'node-1' }] } },
    ]);
    expect(idx.get('172.18.0.2')).toBe('node-1');
    expect(idx.get('node-1')).toBeUndefined();
  });

  it('reads legacy Endpoints: addresses ready, notReadyAddresses not', () => {
    const groups = groupLegacyEndpoints({
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'legacy', namespace: 'demo' },
      subsets: [{ addresses: [{ ip: '192.168.10.5' }], notReadyAddresses: [{ ip: '192.168.10.6', targetRef: { kind: 'Pod', name: 'p' } }], ports: [{ name: 'http', port: 8080, protocol: 'TCP' }] }],
    });
    expect(groups).toHaveLength(1);
    expect(groups[0].slices[0].endpoints.map((e) => [e.addresses[0], e.ready, e.podName ?? ''])).toEqual([
      ['192.168.10.5', true, ''],
      ['192.168.10.6', false, 'p'],
    ]);
    expect(groups[0].slices[0].ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP', appProtocol: undefined }]);
    expect(groupLegacyEndpoints(null)).toEqual([]);
  });
});

describe('load balancer state and events', () => {
  it('orders events newest first', () => {
    const sorted = eventsNewestFirst([event('A', '', { at: '2026-01-01T00:00:00Z', rv: '1' }), event('B', '', { at: '2026-01-01T00:00:05Z', rv: '2' }), event('C', '', { at: '2026-01-01T00:00:05Z', rv: '3' })]);
    expect(sorted.map((e) => e.reason)).toEqual(['C', 'B', 'A']);
  });

  it('provisioned, pending with reasons, not a load balancer', () => {
    const lb = svc('lb', { type: 'LoadBalancer', ports: [{ port: 80 }] });
    expect(loadBalancerState(svc('c', {}), []).kind).toBe('not-load-balancer');
    const pending = loadBalancerState(lb, []);
    expect(pending).toMatchObject({ kind: 'pending', controllerActed: false });
    expect(pending.kind === 'pending' && pending.reason).toMatch(/^Waiting for the load balancer controller/);
    const working = loadBalancerState(lb, [event('EnsuringLoadBalancer', 'Ensuring load balancer')]);
    expect(working.kind === 'pending' && working.reason).toBe('The load balancer controller is working on it (last event: EnsuringLoadBalancer: Ensuring load balancer).');
    const done = { ...lb, status: { loadBalancer: { ingress: [{ ip: '172.18.255.3' }] } } };
    expect(loadBalancerState(done, []).kind).toBe('provisioned');
  });
});
