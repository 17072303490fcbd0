import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event, Namespace, Node } from '../../k8s/types/cluster';
import type { EndpointSlice, Endpoints } from '../../k8s/types/discovery';
import type { Pod } from '../../k8s/types/pod';
import type { Service } from '../../k8s/types/service';
import { seedDemoData } from '../demo/seed';
import { startInProcessCluster, type InProcessCluster } from './in-process.test-support';
import { podStatusWithReadiness } from './simulated-nodes';

const W = { fieldManager: 'test' };
let c: InProcessCluster;

beforeEach(async () => {
  c = startInProcessCluster();
  await c.controllers.idle();
});
afterEach(() => c.stop());

function createService(name: string, spec: Service['spec'], ns = 'default'): Service {
  return c.api.create<Service>('services', { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: ns }, spec }, W);
}

function createPod(name: string, labels: Record<string, string>, ns = 'default', annotations?: Record<string, string>): Pod {
  return c.api.create<Pod>(
    'pods',
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: ns, labels, ...(annotations ? { annotations } : {}) },
      spec: { containers: [{ name: 'app', image: 'nginx', ports: [{ name: 'http', containerPort: 8080 }] }] },
    },
    W,
  );
}

function slicesOf(name: string, ns = 'default'): EndpointSlice[] {
  return c.api.list<EndpointSlice>('endpointslices', ns).filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === name);
}

function events(name: string, ns = 'default'): string[] {
  return c.api
    .list<Event>('events', ns)
    .filter((e) => e.involvedObject.name === name)
    .map((e) => e.reason ?? '');
}

describe('bootstrap and simulated nodes', () => {
  it('creates the system namespaces, the kubernetes Service and three ready nodes with zones', () => {
    const names = c.api.list<Namespace>('namespaces').map((n) => n.metadata.name);
    expect(names).toEqual(expect.arrayContaining(['default', 'kube-system', 'kube-public', 'kube-node-lease']));
    expect(c.api.get<Service>('services', 'default', 'kubernetes')?.spec?.clusterIP).toBe('10.96.0.1');
    const nodes = c.api.list<Node>('nodes');
    expect(nodes.map((n) => n.metadata.name)).toEqual(['node-1', 'node-2', 'node-3']);
    expect(nodes.map((n) => n.metadata.labels?.['topology.kubernetes.io/zone'])).toEqual(['zone-a', 'zone-b', 'zone-c']);
    expect(nodes.every((n) => n.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True'))).toBe(true);
  });

  it('brings the kubernetes Service back when it is deleted', async () => {
    c.api.delete('services', 'default', 'kubernetes', W);
    await c.controllers.idle();
    expect(c.api.get<Service>('services', 'default', 'kubernetes')?.spec?.clusterIP).toBe('10.96.0.1');
    expect(c.api.get<Endpoints>('endpoints', 'default', 'kubernetes')?.subsets?.[0].ports?.[0].port).toBe(6443);
  });

  it('binds pods round-robin and reports them Running and Ready with an IP from the node CIDR', async () => {
    for (let i = 0; i < 3; i++) createPod(`p${i}`, { app: 'x' });
    await c.controllers.idle();
    const pods = c.api.list<Pod>('pods', 'default');
    expect(new Set(pods.map((p) => p.spec?.nodeName))).toEqual(new Set(['node-1', 'node-2', 'node-3']));
    for (const p of pods) {
      const n = Number(p.spec?.nodeName?.slice(5));
      expect(p.status?.podIP).toMatch(new RegExp(`^10\\.244\\.${n}\\.\\d+$`));
      expect(p.status?.phase).toBe('Running');
      expect(p.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('True');
    }
    expect(c.errors).toEqual([]);
  });
});

describe('simulated scheduler', () => {
  it('leaves a pod that fits no node Pending with the scheduler condition and event', async () => {
    c.api.create<Pod>(
      'pods',
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'nowhere', namespace: 'default' },
        spec: { nodeSelector: { 'kubernetes.io/hostname': 'node-9' }, containers: [{ name: 'app', image: 'nginx' }] },
      },
      W,
    );
    await c.controllers.idle();
    const p = c.api.get<Pod>('pods', 'default', 'nowhere');
    const message =
      "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
    expect(p?.spec?.nodeName).toBeUndefined();
    expect(p?.status?.phase).toBe('Pending');
    expect(p?.status?.conditions).toEqual([expect.objectContaining({ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message })]);
    const ev = c.api.list<Event>('events', 'default').find((e) => e.involvedObject.name === 'nowhere');
    expect(ev).toMatchObject({ reason: 'FailedScheduling', type: 'Warning', message, source: { component: 'default-scheduler' } });
  });
});

describe('EndpointSlice and Endpoints controllers', () => {
  it('follows pods in and out of readiness without the simulated kubelet reverting it', async () => {
    createService('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] });
    createPod('web-0', { app: 'web' });
    createPod('web-1', { app: 'web' }, 'default', { 'porthole.dev/ready': 'false' });
    createPod('other', { app: 'other' });
    await c.controllers.idle();

    const [slice] = slicesOf('web');
    expect(slicesOf('web')).toHaveLength(1);
    expect(slice.metadata.name).toMatch(/^web-[a-z0-9]{5}$/);
    expect(slice.metadata.labels?.['endpointslice.kubernetes.io/managed-by']).toBe('endpointslice-controller.k8s.io');
    expect(slice.ports).toEqual([{ name: 'http', protocol: 'TCP', port: 8080 }]);
    expect(slice.endpoints?.map((e) => [e.targetRef?.name, e.conditions?.ready])).toEqual([
      ['web-0', true],
      ['web-1', false],
    ]);
    const ep = c.api.get<Endpoints>('endpoints', 'default', 'web');
    expect(ep?.subsets?.[0].addresses?.map((a) => a.targetRef?.name)).toEqual(['web-0']);
    expect(ep?.subsets?.[0].notReadyAddresses?.map((a) => a.targetRef?.name)).toEqual(['web-1']);

    // flip web-0 to unready through pods/status
    const p0 = structuredClone(c.api.get<Pod>('pods', 'default', 'web-0') as Pod);
    p0.status = podStatusWithReadiness(p0, false, '2026-01-01T00:00:00Z');
    expect(p0.status.containerStatuses?.every((s) => !s.ready)).toBe(true);
    c.api.updateStatus('pods', p0, W);
    await c.controllers.idle();
    expect(slicesOf('web')[0].endpoints?.every((e) => e.conditions?.ready === false)).toBe(true);
    expect(c.api.get<Pod>('pods', 'default', 'web-0')?.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('False');
    expect(c.api.get<Endpoints>('endpoints', 'default', 'web')?.subsets?.[0].addresses).toBeUndefined();

    // a slice update happens only on change: an unrelated pod event writes nothing
    const rv = slicesOf('web')[0].metadata.resourceVersion;
    createPod('unrelated', { app: 'nothing' });
    await c.controllers.idle();
    expect(slicesOf('web')[0].metadata.resourceVersion).toBe(rv);

    // deleting the Service removes its slices and Endpoints
    c.api.delete('services', 'default', 'web', W);
    await c.controllers.idle();
    expect(slicesOf('web')).toEqual([]);
    expect(c.api.get('endpoints', 'default', 'web')).toBeUndefined();
  });

  it('leaves slices managed by someone else alone', async () => {
    createService('manual', { ports: [{ port: 80 }] });
    c.api.create<EndpointSlice>(
      'endpointslices',
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { name: 'manual-1', namespace: 'default', labels: { 'kubernetes.io/service-name': 'manual', 'endpointslice.kubernetes.io/managed-by': 'someone-else' } },
        addressType: 'IPv4',
        endpoints: [{ addresses: ['192.168.1.1'] }],
      },
      W,
    );
    await c.controllers.idle();
    expect(slicesOf('manual').map((s) => s.metadata.name)).toEqual(['manual-1']);
  });
});

describe('load-balancer controller', () => {
  it('assigns an ingress IP with events, releases it on type change, ignores other classes', async () => {
    createService('lb', { type: 'LoadBalancer', selector: { app: 'x' }, ports: [{ port: 443 }] });
    createService('classy', { type: 'LoadBalancer', loadBalancerClass: 'example.com/lb', selector: { app: 'x' }, ports: [{ port: 443 }] });
    await c.controllers.idle();
    expect(c.api.get<Service>('services', 'default', 'lb')?.status?.loadBalancer?.ingress).toEqual([{ ip: '172.18.255.1', ipMode: 'VIP' }]);
    expect(c.api.get<Service>('services', 'default', 'classy')?.status?.loadBalancer?.ingress).toBeUndefined();
    expect(events('lb')).toEqual(['EnsuringLoadBalancer', 'EnsuredLoadBalancer']);
    const ev = c.api.list<Event>('events', 'default').find((e) => e.reason === 'EnsuredLoadBalancer');
    expect(ev?.source?.component).toBe('service-controller');
    expect(ev?.involvedObject).toMatchObject({ kind: 'Service', name: 'lb', namespace: 'default', apiVersion: 'v1' });

    const lb = structuredClone(c.api.get<Service>('services', 'default', 'lb') as Service);
    lb.spec = { ...lb.spec, type: 'ClusterIP' };
    delete lb.spec.externalTrafficPolicy;
    delete lb.spec.allocateLoadBalancerNodePorts;
    c.api.update('services', lb, W);
    await c.controllers.idle();
    expect(c.api.get<Service>('services', 'default', 'lb')?.status?.loadBalancer?.ingress).toBeUndefined();
    expect(events('lb')).toEqual(['EnsuringLoadBalancer', 'EnsuredLoadBalancer', 'Type', 'DeletingLoadBalancer', 'DeletedLoadBalancer']);
    expect(c.api.list<Event>('events', 'default').find((e) => e.reason === 'Type')?.message).toBe('LoadBalancer -> ClusterIP');

    createService('lb2', { type: 'LoadBalancer', selector: { app: 'x' }, ports: [{ port: 80 }] });
    await c.controllers.idle();
    expect(c.api.get<Service>('services', 'default', 'lb2')?.status?.loadBalancer?.ingress?.[0].ip).toBe('172.18.255.1');

    // deleting the Service gives the address back
    c.api.delete('services', 'default', 'lb2', W);
    await c.controllers.idle();
    expect(events('lb2')).toEqual(['EnsuringLoadBalancer', 'EnsuredLoadBalancer', 'DeletingLoadBalancer', 'DeletedLoadBalancer']);
    createService('lb3', { type: 'LoadBalancer', selector: { app: 'x' }, ports: [{ port: 80 }] });
    await c.controllers.idle();
    expect(c.api.get<Service>('services', 'default', 'lb3')?.status?.loadBalancer?.ingress?.[0].ip).toBe('172.18.255.1');
  });
});

describe('load-balancer controller and status writes', () => {
  it('leaves a status written by someone else alone (needsUpdate ignores status)', async () => {
    createService('lbs', { type: 'LoadBalancer', ports: [{ port: 80 }] });
    await c.controllers.idle();
    const svc = structuredClone(c.api.get<Service>('services', 'default', 'lbs') as Service);
    svc.status = { loadBalancer: { ingress: [{ ip: '203.0.113.7', ipMode: 'VIP' }] } };
    c.api.updateStatus('services', svc, W);
    await c.controllers.idle();
    expect(c.api.get<Service>('services', 'default', 'lbs')?.status?.loadBalancer?.ingress?.[0].ip).toBe('203.0.113.7');
    expect(events('lbs')).toEqual(['EnsuringLoadBalancer', 'EnsuredLoadBalancer']);
    expect(c.api.list<Event>('events', 'default').find((e) => e.involvedObject.name === 'lbs' && e.reason === 'EnsuredLoadBalancer')?.count).toBe(1);
  });
});

describe('graceful pod deletion', () => {
  it('keeps a deleted pod Terminating (terminating endpoint) until its kubelet deletes it', async () => {
    c.stop();
    c = startInProcessCluster({ podTerminationMs: 4000 });
    await c.controllers.idle();
    createService('web', { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] });
    createPod('web-0', { app: 'web' });
    await c.controllers.idle();
    c.api.delete('pods', 'default', 'web-0', W);
    const pod = c.api.get<Pod>('pods', 'default', 'web-0');
    expect(pod?.metadata.deletionGracePeriodSeconds).toBe(30);
    expect(Date.parse(pod?.metadata.deletionTimestamp ?? '') - Date.now()).toBeGreaterThan(25_000);
    // Polled (idle() would wait for the kubelet's timer too): the slice says Terminating while the pod is still there.
    await vi.waitFor(() => expect(slicesOf('web')[0]?.endpoints?.[0]?.conditions?.terminating).toBe(true), { timeout: 30_000, interval: 20 });
    expect(c.api.get('pods', 'default', 'web-0')).toBeDefined();
    expect(slicesOf('web')[0]?.endpoints?.[0]?.conditions).toEqual({ ready: false, serving: true, terminating: true });
    await c.controllers.idle();
    expect(c.api.get('pods', 'default', 'web-0')).toBeUndefined();
    expect(slicesOf('web')[0]?.endpoints ?? []).toEqual([]);
  });

  it('deletes unscheduled pods and gracePeriodSeconds=0 at once', async () => {
    createPod('now', { app: 'x' });
    await c.controllers.idle();
    c.api.delete('pods', 'default', 'now', { ...W, gracePeriodSeconds: 0 });
    expect(c.api.get('pods', 'default', 'now')).toBeUndefined();
  });
});

describe('load-balancer controller with a small pool', () => {
  it('retries a Service left pending by an exhausted pool once an address is given back', async () => {
    c.stop();
    c = startInProcessCluster({ lbPool: '172.18.255.0/30' });
    await c.controllers.idle();
    for (const name of ['lb1', 'lb2', 'lb3']) createService(name, { type: 'LoadBalancer', ports: [{ port: 80 }] });
    await c.controllers.idle();
    const ip = (name: string) => c.api.get<Service>('services', 'default', name)?.status?.loadBalancer?.ingress?.[0]?.ip;
    expect([ip('lb1'), ip('lb2'), ip('lb3')]).toEqual(['172.18.255.1', '172.18.255.2', undefined]);
    expect(events('lb3')).toEqual(['EnsuringLoadBalancer', 'SyncLoadBalancerFailed']);
    c.api.delete('services', 'default', 'lb1', W);
    await c.controllers.idle();
    expect(ip('lb3')).toBe('172.18.255.1');
    // The retry's EnsuringLoadBalancer is the same event again (count 2), as the recorder aggregates it.
    expect(events('lb3')).toEqual(['EnsuringLoadBalancer', 'SyncLoadBalancerFailed', 'EnsuredLoadBalancer']);
    expect(c.api.list<Event>('events', 'default').find((e) => e.involvedObject.name === 'lb3' && e.reason === 'EnsuringLoadBalancer')?.count).toBe(2);
  });
});

describe('namespace controller', () => {
  it('keeps a deleted namespace Terminating until its content is gone, then removes it', async () => {
    c.api.create<Namespace>('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'doomed' } }, W);
    createService('svc', { selector: { app: 'a' }, ports: [{ port: 80 }] }, 'doomed');
    createPod('pod', { app: 'a' }, 'doomed');
    await c.controllers.idle();
    c.api.delete('namespaces', undefined, 'doomed', W);
    expect(c.api.get<Namespace>('namespaces', undefined, 'doomed')?.status?.phase).toBe('Terminating');
    await c.controllers.idle();
    expect(c.api.get('namespaces', undefined, 'doomed')).toBeUndefined();
    for (const r of ['services', 'pods', 'endpoints', 'endpointslices'] as const) expect(c.api.list(r, 'doomed')).toEqual([]);
  });
});

describe('demo data', () => {
  it('seeds every kind of Service and settles into the expected endpoints', async () => {
    seedDemoData(c.api);
    await c.controllers.idle();
    seedDemoData(c.api); // idempotent
    await c.controllers.idle();
    expect(c.errors).toEqual([]);
    expect(c.api.get<Service>('services', 'kube-system', 'kube-dns')?.spec?.clusterIP).toBe('10.96.0.10');
    expect(slicesOf('kube-dns', 'kube-system')[0].ports?.map((p) => `${p.name}/${p.protocol}/${p.port}`)).toEqual(['dns/UDP/53', 'dns-tcp/TCP/53', 'metrics/TCP/9153']);
    expect(slicesOf('cart', 'shop')[0].endpoints).toBeNull();
    expect(slicesOf('inventory', 'shop')[0].ports).toBeNull();
    expect(slicesOf('slow-start', 'demo')[0].endpoints?.every((e) => e.conditions?.ready === false)).toBe(true);
    expect(slicesOf('postgres', 'demo')[0].endpoints?.map((e) => e.hostname)).toEqual(['postgres-0', 'postgres-1', 'postgres-2']);
    expect(c.api.get<Service>('services', 'shop', 'storefront')?.status?.loadBalancer?.ingress?.[0].ip).toMatch(/^172\.18\.255\./);
    expect(c.api.get<Service>('services', 'shop', 'payments-gateway')?.status?.loadBalancer?.ingress).toBeUndefined();
    // user-made Endpoints of a selectorless Service are mirrored, owned by the Endpoints
    const [mirrored] = slicesOf('legacy-backend', 'demo');
    expect(mirrored.metadata.labels?.['endpointslice.kubernetes.io/managed-by']).toBe('endpointslicemirroring-controller.k8s.io');
    expect(mirrored.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Endpoints', name: 'legacy-backend' });
    expect(mirrored.endpoints?.map((e) => e.addresses[0])).toEqual(['192.168.10.5', '192.168.10.6']);
    expect(mirrored.ports).toEqual([{ name: 'http', protocol: 'TCP', port: 8080 }]);
    expect(slicesOf('kubernetes').map((s) => s.metadata.name)).toEqual(['kubernetes']);
    expect(slicesOf('partner-api', 'demo').map((s) => s.metadata.labels?.['endpointslice.kubernetes.io/managed-by'])).toEqual(['partner-sync.example.com']);
    expect(slicesOf('orphan-api', 'demo')).toEqual([]);
    expect(slicesOf('web-admin', 'demo')[0].ports).toEqual([{ name: 'admin', protocol: 'TCP', port: 9000 }]);
    expect(slicesOf('slow-start-peers', 'demo')[0].endpoints?.map((e) => e.conditions)).toEqual([
      { ready: true, serving: false, terminating: false },
      { ready: true, serving: false, terminating: false },
    ]);

    // a restart of the controllers adopts what exists: no duplicates, same LB address
    const before = c.api.list<EndpointSlice>('endpointslices').map((s) => `${s.metadata.name}@${s.metadata.resourceVersion}`);
    c.restart();
    await c.controllers.idle();
    expect(c.api.list<EndpointSlice>('endpointslices').map((s) => `${s.metadata.name}@${s.metadata.resourceVersion}`)).toEqual(before);
  });
});
