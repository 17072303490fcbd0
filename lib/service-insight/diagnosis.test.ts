import { describe, expect, it } from 'vitest';
import { diagnose, worstSeverity, type DiagnosisInput, type Finding } from './diagnosis';
import type { Node } from '../k8s/types';
import { event, pod, slice, svc } from './test-fixtures';

const ids = (f: Finding[]) => f.map((x) => `${x.severity}:${x.id}`);
const run = (input: Partial<DiagnosisInput> & Pick<DiagnosisInput, 'service'>) => diagnose({ pods: [], events: [], endpointSlices: [], ...input });

const http = [{ name: 'http', containerPort: 8080 }];

describe('diagnosis', () => {
  it('is healthy when ready pods match and ports resolve', () => {
    const service = svc('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] });
    const f = run({ service, pods: [pod('web-1', { labels: { app: 'web' }, ports: http })] });
    expect(ids(f)).toEqual(['ok:healthy']);
    expect(f[0].title).toBe('Traffic has somewhere to go: 1 of 1 matched pods ready');
    expect(worstSeverity(f)).toBe('ok');
  });

  it('selector matches nothing: names the near miss and the label', () => {
    const service = svc('cart', { selector: { app: 'cart', tier: 'backend' }, ports: [{ port: 80, targetPort: 8080 }] });
    const pods = [
      pod('cart-1', { labels: { app: 'cart', tier: 'cache' } }),
      pod('cart-2', { labels: { app: 'cart' } }),
      pod('frontend-1', { labels: { app: 'frontend', tier: 'web' } }),
      pod('other-ns', { labels: { app: 'cart', tier: 'cache' }, namespace: 'other' }),
    ];
    const f = run({ service, pods });
    expect(ids(f)).toEqual(['error:selector-matches-nothing']);
    expect(f[0].title).toBe('The selector app=cart,tier=backend matches no pods in shop');
    expect(f[0].nearMisses).toEqual([
      { pod: 'cart-1', key: 'tier', wanted: 'backend', actual: 'cache' },
      { pod: 'cart-2', key: 'tier', wanted: 'backend' },
    ]);
    expect(f[0].fix).toContain('Pod cart-1 has tier=cache where the selector wants tier=backend');
    expect(f[0].fix).toContain('Pod cart-2 lacks the label tier');
  });

  it('near misses that share a rare label win over ones that share a common one', () => {
    const service = svc('cart', { selector: { app: 'cart', tier: 'backend' } });
    const pods = [
      pod('cart-1', { labels: { app: 'cart', tier: 'cache' } }),
      pod('checkout-1', { labels: { app: 'checkout', tier: 'backend' } }),
      pod('checkout-2', { labels: { app: 'checkout', tier: 'backend' } }),
      pod('inventory-1', { labels: { app: 'inventory', tier: 'backend' } }),
    ];
    expect(run({ service, pods })[0].nearMisses?.map((m) => m.pod)).toEqual(['cart-1']);
  });

  it('selector matches nothing without near misses: says how to compare labels', () => {
    const service = svc('x', { selector: { app: 'x', tier: 'y' } });
    const f = run({ service, pods: [pod('a', { labels: { app: 'other' } })] });
    expect(f[0].nearMisses).toEqual([]);
    expect(f[0].fix).toContain('kubectl get pods -n shop --show-labels');
  });

  it('one-label selector: only similar values count as near misses', () => {
    const service = svc('web', { selector: { app: 'web' } });
    const f = run({ service, pods: [pod('a', { labels: { app: 'webapp' } }), pod('b', { labels: { app: 'database' } })] });
    expect(f[0].nearMisses?.map((m) => m.pod)).toEqual(['a']);
  });

  it('pods match but none is ready', () => {
    const service = svc('slow', { selector: { app: 'slow' }, ports: [{ port: 80, targetPort: 8080 }] });
    const pods = [pod('slow-1', { labels: { app: 'slow' }, ports: http, ready: false }), pod('slow-2', { labels: { app: 'slow' }, ports: http, ready: false })];
    const f = run({ service, pods });
    expect(ids(f)).toEqual(['error:no-ready-pods']);
    expect(f[0].title).toBe('2 pods match, but none is ready');
    expect(f[0].items).toEqual(['slow-1: ContainersNotReady: containers with unready status: [main]', 'slow-2: ContainersNotReady: containers with unready status: [main]']);
  });

  it('some pods not ready is information, not an error', () => {
    const service = svc('s', { selector: { app: 's' }, ports: [{ port: 80, targetPort: 8080 }] });
    const f = run({ service, pods: [pod('a', { labels: { app: 's' }, ports: http }), pod('b', { labels: { app: 's' }, ports: http, ready: false })] });
    expect(ids(f)).toEqual(['info:some-pods-not-ready', 'ok:healthy']);
  });

  it('named targetPort the pods do not declare', () => {
    const service = svc('inventory', { selector: { app: 'inventory' }, ports: [{ name: 'grpc', port: 9000, targetPort: 'grpc' }] });
    const pods = [pod('inv-1', { labels: { app: 'inventory' }, ports: http }), pod('inv-2', { labels: { app: 'inventory' }, ports: http })];
    const f = run({ service, pods });
    expect(ids(f)).toEqual(['error:named-target-port-missing']);
    expect(f[0].title).toBe('targetPort "grpc" of port 9000 (grpc) is not declared by 2 of 2 matched pods');
    expect(f[0].items).toEqual(['inv-1: no container port is named "grpc" (declared: http)', 'inv-2: no container port is named "grpc" (declared: http)']);
  });

  it('named targetPort missing on some pods only is a warning', () => {
    const service = svc('i', { selector: { app: 'i' }, ports: [{ port: 9000, targetPort: 'grpc' }] });
    const pods = [pod('a', { labels: { app: 'i' }, ports: [{ name: 'grpc', containerPort: 9000 }] }), pod('b', { labels: { app: 'i' }, ports: http })];
    expect(ids(run({ service, pods }))).toEqual(['warning:named-target-port-missing']);
  });

  it('numeric targetPort no container declares is a warning', () => {
    const service = svc('pg', { selector: { app: 'checkout' }, ports: [{ name: 'https', port: 443, targetPort: 8443 }] });
    const f = run({ service, pods: [pod('c', { labels: { app: 'checkout' }, ports: [...http, { name: 'metrics', containerPort: 9102 }] })] });
    expect(ids(f)).toEqual(['warning:numeric-target-port-undeclared']);
    expect(f[0].title).toBe('No container declares port 8443/TCP, the targetPort of port 443 (https)');
    expect(f[0].fix).toContain('declared: http 8080/TCP, metrics 9102/TCP');
  });

  it('a numeric targetPort declared by the pods is fine', () => {
    const service = svc('s', { selector: { app: 's' }, ports: [{ port: 80, targetPort: 8080 }] });
    expect(ids(run({ service, pods: [pod('a', { labels: { app: 's' }, ports: http })] }))).toEqual(['ok:healthy']);
  });

  it('no selector and no EndpointSlices', () => {
    const f = run({ service: svc('legacy', { ports: [{ port: 8080 }] }) });
    expect(ids(f)).toEqual(['error:no-selector-no-endpoints']);
    expect(f[0].fix).toContain('kubernetes.io/service-name=legacy');
  });

  it('no selector with hand-made EndpointSlices', () => {
    const service = svc('legacy', { ports: [{ port: 8080 }] });
    const manual = slice('legacy-1', 'legacy', [{ addresses: ['192.168.10.5'] }], { managedBy: 'staff' });
    expect(ids(run({ service, endpointSlices: [manual] }))).toEqual(['info:no-selector-manual-endpoints', 'ok:healthy']);
    const mirrored = slice('legacy-1', 'legacy', [{ addresses: ['192.168.10.5'] }], { managedBy: 'endpointslicemirroring-controller.k8s.io' });
    expect(run({ service, endpointSlices: [mirrored] })[0].fix).toBe('Keep the Endpoints object legacy up to date (the mirroring controller copies it into EndpointSlices), or give the Service a selector.');
    const notReady = slice('legacy-1', 'legacy', [{ addresses: ['192.168.10.5'], conditions: { ready: false } }], { managedBy: 'staff' });
    expect(ids(run({ service, endpointSlices: [notReady] }))).toEqual(['error:no-selector-manual-endpoints-none-ready']);
  });

  it('no selector, hand-made EndpointSlices without ports: their ready endpoints serve nothing', () => {
    const service = svc('ext', { ports: [{ name: 'http', port: 80, targetPort: 8080 }] });
    const endpointSlices = [slice('ext-1', 'ext', [{ addresses: ['10.0.0.5'] }], { managedBy: 'me', ports: [] })];
    const f = run({ service, endpointSlices });
    expect(ids(f)).toEqual(['error:no-selector-manual-endpoints-none-ready']);
    expect(f[0].title).toContain('list no ports');
  });

  it('the kubernetes Service: endpoints kept by the API server', () => {
    const service = svc('kubernetes', { ports: [{ name: 'https', port: 443, targetPort: 6443 }] }, 'default');
    const own = slice('kubernetes', 'kubernetes', [{ addresses: ['172.18.0.2'] }]);
    delete own.metadata.labels?.['endpointslice.kubernetes.io/managed-by'];
    const f = run({ service, endpointSlices: [own] });
    expect(ids(f)).toEqual(['info:no-selector-manual-endpoints', 'ok:healthy']);
    expect(f[0].title).toBe("The API server's own Service: its endpoints are the API server addresses (1 ready)");
    // D-03: the trailing OK item does not call them "managed by hand".
    expect(f[1].explanation).toBe('The API server keeps the endpoints of its own Service up to date, and they list ready addresses.');
  });

  it('no selector, no EndpointSlices, only a legacy Endpoints object', () => {
    const service = svc('legacy', { ports: [{ port: 8080 }] });
    const endpoints = { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'legacy', namespace: 'shop' }, subsets: [{ addresses: [{ ip: '192.168.10.5' }, { ip: '192.168.10.6' }] }] };
    const f = run({ service, endpoints });
    expect(ids(f)).toEqual(['warning:no-selector-legacy-endpoints-only']);
    expect(f[0].items).toEqual(['192.168.10.5', '192.168.10.6']);
    // Without the EndpointSlice API, the Endpoints object is the source of truth.
    expect(ids(run({ service, endpoints, endpointSlices: undefined }))).toEqual(['info:no-selector-manual-endpoints', 'ok:healthy']);
  });

  it('LoadBalancer with a class no controller serves', () => {
    const service = svc('gw', { type: 'LoadBalancer', loadBalancerClass: 'example.com/internal-lb', selector: { app: 'a' }, ports: [{ port: 443, targetPort: 8080 }] });
    const f = run({ service, pods: [pod('a', { labels: { app: 'a' }, ports: http })] });
    expect(ids(f)).toEqual(['error:lb-no-controller-for-class']);
    expect(f[0].title).toBe('Load balancer pending: no controller serves loadBalancerClass "example.com/internal-lb"');
  });

  it('LoadBalancer pending without a class: waiting, with the reason from events', () => {
    const service = svc('lb', { type: 'LoadBalancer', selector: { app: 'a' }, ports: [{ port: 443, targetPort: 8080 }] });
    const pods = [pod('a', { labels: { app: 'a' }, ports: http })];
    expect(ids(run({ service, pods }))).toEqual(['warning:lb-pending']);
    const failed = run({
      service,
      pods,
      events: [
        event('EnsuringLoadBalancer', 'Ensuring load balancer', { at: '2026-01-01T00:00:00Z', rv: '1' }),
        event('SyncLoadBalancerFailed', 'Error syncing load balancer: failed to ensure load balancer: no available IPs in pool 172.18.255.0/24', { type: 'Warning', at: '2026-01-01T00:00:01Z', rv: '2' }),
      ],
    });
    expect(failed[0].explanation).toContain('SyncLoadBalancerFailed: Error syncing load balancer');
    // A class that a controller did act on is "pending", not "unserved".
    const classed = svc('lb', { type: 'LoadBalancer', loadBalancerClass: 'x/y', selector: { app: 'a' }, ports: [{ port: 443, targetPort: 8080 }] });
    expect(ids(run({ service: classed, pods, events: [event('EnsuringLoadBalancer', 'Ensuring load balancer')] }))).toEqual(['warning:lb-pending']);
  });

  it('Warning events other than load-balancer ones are reflected as a warning (D-22)', () => {
    const service = svc('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] });
    const pods = [pod('w', { labels: { app: 'web' }, ports: http })];
    const events = [
      event('FailedToUpdateEndpointSlices', 'Error updating Endpoint Slices for Service shop/web: quota exceeded', { type: 'Warning', rv: '2' }),
      event('EnsuringLoadBalancer', 'Ensuring load balancer', { rv: '3' }),
      event('SyncLoadBalancerFailed', 'no IPs', { type: 'Warning', rv: '4' }),
    ];
    const f = run({ service, pods, events });
    expect(ids(f)).toEqual(['warning:warning-events']);
    expect(f[0].title).toBe('1 Warning event for this Service (FailedToUpdateEndpointSlices)');
    expect(f[0].items).toEqual(['FailedToUpdateEndpointSlices: Error updating Endpoint Slices for Service shop/web: quota exceeded']);
  });

  it('a provisioned LoadBalancer is healthy', () => {
    const service = svc('lb', { type: 'LoadBalancer', selector: { app: 'a' }, ports: [{ port: 443, targetPort: 8080 }] });
    service.status = { loadBalancer: { ingress: [{ ip: '172.18.255.1', ipMode: 'VIP' }] } };
    expect(ids(run({ service, pods: [pod('a', { labels: { app: 'a' }, ports: http })] }))).toEqual(['ok:healthy']);
  });

  it('publishNotReadyAddresses: information instead of the not-ready error', () => {
    const service = svc('pg', { clusterIP: 'None', publishNotReadyAddresses: true, selector: { app: 'pg' }, ports: [{ port: 5432, targetPort: 5432 }] });
    const f = run({ service, pods: [pod('pg-0', { labels: { app: 'pg' }, ports: [{ containerPort: 5432 }], ready: false })] });
    expect(ids(f)).toEqual(['info:publish-not-ready', 'ok:healthy']);
    expect(f[0].explanation).toContain('1 not-ready pod(s) receive traffic now');
  });

  it('ExternalName: no endpoints by design, and a warning for an IP-looking name', () => {
    expect(ids(run({ service: svc('ext', { type: 'ExternalName', externalName: 'db.example.com' }) }))).toEqual(['info:external-name']);
    expect(ids(run({ service: svc('ext', { type: 'ExternalName', externalName: '10.1.2.3' }) }))).toEqual(['warning:external-name-ip', 'info:external-name']);
  });

  it('orders findings by severity', () => {
    const service = svc('gw', { type: 'LoadBalancer', loadBalancerClass: 'c/d', publishNotReadyAddresses: true, selector: { app: 'a' }, ports: [{ port: 443, targetPort: 9443 }] });
    const f = run({ service, pods: [pod('a', { labels: { app: 'a' }, ports: http, ready: false })] });
    expect(ids(f)).toEqual(['error:lb-no-controller-for-class', 'warning:numeric-target-port-undeclared', 'info:publish-not-ready']);
    expect(worstSeverity(f)).toBe('error');
  });

  it('traffic policy Local: names the nodes without a ready local endpoint', () => {
    const nodes: Node[] = ['node-1', 'node-2', 'node-3'].map((name) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } }));
    const pods = [pod('a', { labels: { app: 'a' }, ports: http })];
    const endpointSlices = [slice('s', 'lb', [{ addresses: ['10.244.1.5'], nodeName: 'node-1', conditions: { ready: true } }])];
    const local = svc('lb', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', healthCheckNodePort: 31000, internalTrafficPolicy: 'Local', selector: { app: 'a' }, ports: [{ port: 80, targetPort: 8080 }] });
    local.status = { loadBalancer: { ingress: [{ ip: '172.18.255.1' }] } };
    const f = run({ service: local, pods, endpointSlices, nodes });
    expect(ids(f)).toEqual(['warning:internal-traffic-local', 'info:external-traffic-local']);
    expect(f[0].items).toEqual(['node-2', 'node-3']);
    expect(f[1].explanation).toContain('health check (port 31000) fails');
    // Every node has an endpoint: nothing to say.
    const everywhere = [slice('s', 'lb', ['node-1', 'node-2', 'node-3'].map((n, i) => ({ addresses: [`10.244.${i}.5`], nodeName: n })))];
    expect(ids(run({ service: local, pods, endpointSlices: everywhere, nodes }))).toEqual(['ok:healthy']);
    // Cluster policies never complain.
    const cluster = svc('c', { selector: { app: 'a' }, ports: [{ port: 80, targetPort: 8080 }] });
    expect(ids(run({ service: cluster, pods, endpointSlices, nodes }))).toEqual(['ok:healthy']);
  });

  it('names why a matched pod is not ready: unschedulable, terminating, no IP', () => {
    const service = svc('s', { selector: { app: 's' }, ports: [{ port: 80, targetPort: 8080 }] });
    const unschedulable = pod('u', { labels: { app: 's' }, ports: http, ready: false });
    unschedulable.status = { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/3 nodes are available' }] };
    const noIP = pod('n', { labels: { app: 's' }, ports: http, ready: false });
    noIP.status = { phase: 'Pending' };
    expect(run({ service, pods: [unschedulable, noIP] })[0].items).toEqual(['n: Pending: no pod IP yet', 'u: Unschedulable: 0/3 nodes are available']);
  });
});
