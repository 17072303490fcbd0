/**
 * The controllers of a running embedded cluster, driven over HTTP: EndpointSlices and Endpoints
 * follow pods (including readiness flipped through pods/status), LoadBalancer ingress and events,
 * allocation (dry run, double allocation, release on delete) and namespace deletion.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

let cluster: TestCluster;
const NS = 'ctl';

interface Obj {
  metadata: { name?: string; uid?: string; resourceVersion?: string; labels?: Record<string, string>; ownerReferences?: { kind: string; uid: string }[] };
  [key: string]: unknown;
}
interface Slice extends Obj {
  endpoints: { addresses: string[]; conditions?: { ready?: boolean; serving?: boolean }; targetRef?: { name?: string }; zone?: string; nodeName?: string }[] | null;
  ports: { name?: string; port?: number }[] | null;
}

async function call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${cluster.tokens.admin}` };
  if (body !== undefined) headers['content-type'] = contentType;
  const res = await fetch(`${cluster.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function ok<T = Obj>(method: string, path: string, body?: unknown): Promise<T> {
  const r = await call(method, path, body);
  expect(r.status, JSON.stringify(r.json)).toBeLessThan(300);
  return r.json as T;
}

/**
 * Polls `fn` until it returns a value that is not undefined (controllers are asynchronous), at most
 * `attempts` times 50 ms apart. Counted, not timed: on a busy machine each attempt takes longer and
 * the wait grows with it.
 */
async function eventually<T>(fn: () => Promise<T | undefined>, what: string, attempts = 600): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const last = await fn();
    if (last !== undefined) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what} after ${attempts} attempts`);
}

async function slices(ns: string, svc: string): Promise<Slice[]> {
  const list = await ok<{ items: Slice[] }>('GET', `/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3D${svc}`);
  return list.items;
}

function service(name: string, spec: Record<string, unknown>): Obj {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec } as Obj;
}

function pod(name: string, labels: Record<string, string>, annotations?: Record<string, string>): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels, ...(annotations ? { annotations } : {}) },
    spec: { containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ name: 'http', containerPort: 8080 }] }] },
  } as Obj;
}

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
  await ok('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
});

afterAll(async () => {
  await cluster?.stop();
});

describe('EndpointSlices and Endpoints over HTTP', () => {
  it('fills slices from selected pods and follows a readiness flip through pods/status', async () => {
    const svc = await ok('POST', `/api/v1/namespaces/${NS}/services`, service('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] }));
    await ok('POST', `/api/v1/namespaces/${NS}/pods`, pod('web-0', { app: 'web' }));
    await ok('POST', `/api/v1/namespaces/${NS}/pods`, pod('web-1', { app: 'web' }, { 'porthole.dev/ready': 'false' }));

    const [slice] = await eventually(async () => {
      const s = await slices(NS, 'web');
      return s.length === 1 && s[0].endpoints?.length === 2 ? s : undefined;
    }, 'two endpoints in the web slice');
    expect(slice.metadata.name).toMatch(/^web-[a-z0-9]{5}$/);
    expect(slice.metadata.labels?.['endpointslice.kubernetes.io/managed-by']).toBe('endpointslice-controller.k8s.io');
    expect(slice.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Service', uid: svc.metadata.uid });
    expect(slice.ports).toEqual([{ name: 'http', protocol: 'TCP', port: 8080 }]);
    expect(slice.endpoints?.map((e) => [e.targetRef?.name, e.conditions?.ready])).toEqual([['web-0', true], ['web-1', false]]);
    expect(slice.endpoints?.every((e) => /^zone-[abc]$/.test(e.zone ?? '') && /^node-[123]$/.test(e.nodeName ?? ''))).toBe(true);

    // The Endpoints controller runs on its own: wait for it as for the slices.
    const ep = await eventually(async () => {
      const e = await ok<{ subsets?: { addresses?: unknown[]; notReadyAddresses?: unknown[] }[] }>('GET', `/api/v1/namespaces/${NS}/endpoints/web`);
      return e.subsets?.[0]?.notReadyAddresses?.length && e.subsets[0].addresses?.length ? { subsets: e.subsets } : undefined;
    }, 'the web Endpoints with one ready and one not-ready address');
    expect(ep.subsets[0].addresses).toHaveLength(1);
    expect(ep.subsets[0].notReadyAddresses).toHaveLength(1);

    // flip web-0 unready through the status subresource
    const p0 = await ok<Obj & { status: { conditions: { type: string; status: string }[] } }>('GET', `/api/v1/namespaces/${NS}/pods/web-0`);
    p0.status.conditions = p0.status.conditions.map((c) => (c.type === 'Ready' ? { ...c, status: 'False' } : c));
    await ok('PUT', `/api/v1/namespaces/${NS}/pods/web-0/status`, p0);
    await eventually(async () => {
      const [s] = await slices(NS, 'web');
      return s?.endpoints?.every((e) => e.conditions?.ready === false) ? s : undefined;
    }, 'both endpoints not ready');
    await new Promise((r) => setTimeout(r, 300));
    const after = await ok<{ status: { conditions: { type: string; status: string }[] } }>('GET', `/api/v1/namespaces/${NS}/pods/web-0`);
    expect(after.status.conditions.find((c) => c.type === 'Ready')?.status).toBe('False');

    // deleting the Service takes its slices and Endpoints with it
    await ok('DELETE', `/api/v1/namespaces/${NS}/services/web`);
    await eventually(async () => ((await slices(NS, 'web')).length === 0 ? true : undefined), 'slices gone');
    expect((await call('GET', `/api/v1/namespaces/${NS}/endpoints/web`)).status).toBe(404);
  });

  it('keeps an empty placeholder slice for a selector that matches nothing', async () => {
    await ok('POST', `/api/v1/namespaces/${NS}/services`, service('nothing', { selector: { app: 'none' }, ports: [{ port: 80 }] }));
    const [s] = await eventually(async () => {
      const list = await slices(NS, 'nothing');
      return list.length ? list : undefined;
    }, 'placeholder slice');
    expect(s.endpoints).toBeNull();
    expect(s.ports).toBeNull();
  });
});

describe('LoadBalancer Services', () => {
  it('get an ingress address and events; a loadBalancerClass stays pending', async () => {
    await ok('POST', `/api/v1/namespaces/${NS}/services`, service('lb', { type: 'LoadBalancer', selector: { app: 'web' }, ports: [{ port: 443 }] }));
    await ok('POST', `/api/v1/namespaces/${NS}/services`, service('other-lb', { type: 'LoadBalancer', loadBalancerClass: 'example.com/lb', ports: [{ port: 443 }] }));
    const lb = await eventually(async () => {
      const s = await ok<{ status?: { loadBalancer?: { ingress?: { ip: string; ipMode?: string }[] } } }>('GET', `/api/v1/namespaces/${NS}/services/lb`);
      return s.status?.loadBalancer?.ingress?.length ? s : undefined;
    }, 'LB ingress');
    expect(lb.status?.loadBalancer?.ingress).toEqual([{ ip: '172.18.255.1', ipMode: 'VIP' }]);
    const events = await ok<{ items: { reason: string; source: { component: string } }[] }>('GET', `/api/v1/namespaces/${NS}/events?fieldSelector=involvedObject.name%3Dlb`);
    expect(events.items.map((e) => e.reason)).toEqual(['EnsuringLoadBalancer', 'EnsuredLoadBalancer']);
    expect(events.items[0].source.component).toBe('service-controller');
    const other = await ok<{ status?: { loadBalancer?: { ingress?: unknown[] } } }>('GET', `/api/v1/namespaces/${NS}/services/other-lb`);
    expect(other.status?.loadBalancer?.ingress).toBeUndefined();

    const describe = await cluster.kubectl(['describe', 'svc', 'lb', '-n', NS]);
    expect(describe.code, describe.stderr).toBe(0);
    expect(describe.stdout).toMatch(/LoadBalancer Ingress:\s+172\.18\.255\.1 \(VIP\)/);
    expect(describe.stdout).toMatch(/EnsuredLoadBalancer\s+\S+\s+service-controller\s+Ensured load balancer/);
  });
});

describe('allocation over HTTP', () => {
  it('refuses a taken clusterIP and nodePort, and a dry run keeps nothing', async () => {
    const dry = await call('POST', `/api/v1/namespaces/${NS}/services?dryRun=All`, service('np-dry', { type: 'NodePort', ports: [{ port: 80, nodePort: 31234 }], clusterIP: '10.96.100.100' }));
    expect(dry.status).toBe(201);
    await ok('POST', `/api/v1/namespaces/${NS}/services`, service('np', { type: 'NodePort', ports: [{ port: 80, nodePort: 31234 }], clusterIP: '10.96.100.100' }));
    const ipTaken = await call('POST', `/api/v1/namespaces/${NS}/services`, service('ip-taken', { clusterIP: '10.96.100.100', ports: [{ port: 80 }] }));
    expect(ipTaken.status).toBe(422);
    expect(ipTaken.json.message).toBe(
      'Service "ip-taken" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.100.100"}: failed to allocate IP 10.96.100.100: provided IP is already allocated',
    );
    const portTaken = await call('POST', `/api/v1/namespaces/${NS}/services`, service('port-taken', { type: 'NodePort', ports: [{ port: 80, nodePort: 31234 }] }));
    expect(portTaken.status).toBe(422);
    expect(portTaken.json.message).toBe('Service "port-taken" is invalid: spec.ports[0].nodePort: Invalid value: 31234: provided port is already allocated');
    // after the delete both values are free again
    await ok('DELETE', `/api/v1/namespaces/${NS}/services/np`);
    await ok('POST', `/api/v1/namespaces/${NS}/services`, service('np-again', { type: 'NodePort', ports: [{ port: 80, nodePort: 31234 }], clusterIP: '10.96.100.100' }));
  });
});

describe('namespace deletion', () => {
  it('is Terminating until its content is deleted, then gone', async () => {
    await ok('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'doomed' } });
    await ok('POST', '/api/v1/namespaces/doomed/services', service('svc', { selector: { app: 'a' }, ports: [{ port: 80 }] }));
    await ok('POST', '/api/v1/namespaces/doomed/pods', pod('a', { app: 'a' }));
    await eventually(async () => ((await slices('doomed', 'svc'))[0]?.endpoints?.length ? true : undefined), 'doomed slice filled');
    const del = await call('DELETE', '/api/v1/namespaces/doomed');
    expect(del.status).toBeLessThan(300);
    expect((del.json.status as { phase?: string } | undefined)?.phase).toBe('Terminating');
    await eventually(async () => ((await call('GET', '/api/v1/namespaces/doomed')).status === 404 ? true : undefined), 'namespace removed');
    const pods = await ok<{ items: unknown[] }>('GET', '/api/v1/namespaces/doomed/pods');
    expect(pods.items).toEqual([]);
  });
});

describe('after a restart on the same data directory', () => {
  it('keeps allocations, load-balancer addresses and slices without duplicates', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'porthole-ctl-'));
    const first = cluster;
    try {
      cluster = await startTestCluster({ empty: true, dataDir });
      await ok('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'keep' } });
      await ok('POST', '/api/v1/namespaces/keep/services', service('np', { type: 'NodePort', selector: { app: 'a' }, ports: [{ port: 80, nodePort: 30500 }] }));
      await ok('POST', '/api/v1/namespaces/keep/services', service('lb', { type: 'LoadBalancer', selector: { app: 'a' }, ports: [{ port: 80 }] }));
      await ok('POST', '/api/v1/namespaces/keep/pods', pod('a', { app: 'a' }));
      await eventually(async () => {
        const s = await ok<{ status?: { loadBalancer?: { ingress?: unknown[] } } }>('GET', '/api/v1/namespaces/keep/services/lb');
        const sl = await slices('keep', 'np');
        return s.status?.loadBalancer?.ingress?.length && sl[0]?.endpoints?.length ? true : undefined;
      }, 'LB address and filled slice');
      const before = (await slices('keep', 'np')).map((x) => x.metadata.name);
      // A graceful stop: start-cluster's kill9 signals the tsx CLI, whose forked node child keeps
      // the SQLite lock (see lib/cluster/storage/README.md); the rebuild path is the same.
      await cluster.stop();

      cluster = await startTestCluster({ empty: true, dataDir });
      const taken = await call('POST', '/api/v1/namespaces/keep/services', service('np2', { type: 'NodePort', ports: [{ port: 80, nodePort: 30500 }] }));
      expect(taken.status).toBe(422);
      expect(taken.json.message).toContain('provided port is already allocated');
      await ok('POST', '/api/v1/namespaces/keep/services', service('lb2', { type: 'LoadBalancer', ports: [{ port: 80 }] }));
      const lb2 = await eventually(async () => {
        const s = await ok<{ status?: { loadBalancer?: { ingress?: { ip: string }[] } } }>('GET', '/api/v1/namespaces/keep/services/lb2');
        return s.status?.loadBalancer?.ingress?.[0]?.ip;
      }, 'second LB address');
      expect(lb2).toBe('172.18.255.2');
      await new Promise((r) => setTimeout(r, 300));
      expect((await slices('keep', 'np')).map((x) => x.metadata.name)).toEqual(before);
      const pods = await ok<{ items: { status?: { podIP?: string } }[] }>('GET', '/api/v1/namespaces/keep/pods');
      expect(pods.items[0].status?.podIP).toMatch(/^10\.244\.\d\.\d+$/);
      await cluster.stop();
    } finally {
      cluster = first;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
