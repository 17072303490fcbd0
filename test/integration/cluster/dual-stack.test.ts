/**
 * Dual-stack Services on the embedded cluster over HTTPS, with kubectl and @kubernetes/client-node:
 * a cluster started with `--service-cluster-ip-range 10.96.0.0/12,fd00:10:96::/108`, a single-stack
 * one, and an IPv6-only one. Families, policies, clusterIPs order, upgrade / downgrade, headless,
 * EndpointSlices per family, and the real server's messages (kube-apiserver v1.32 alloc.go texts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiException,
  CoreV1Api,
  DiscoveryV1Api,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  type V1EndpointSlice,
  type V1Service,
} from '@kubernetes/client-node';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

const NS = 'dual';
const V4 = /^10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+$/;
const V6 = /^fd00:10:96::[0-9a-f]{1,4}$/;

interface Clients {
  cluster: TestCluster;
  core: CoreV1Api;
  discovery: DiscoveryV1Api;
}

let dual: Clients;
let single: Clients;
let v6only: Clients;

async function start(range: string | undefined): Promise<Clients> {
  const cluster = await startTestCluster({ empty: true, serviceClusterIPRange: range });
  const kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  const core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: NS } } });
  return { cluster, core, discovery: kc.makeApiClient(DiscoveryV1Api) };
}

function svc(name: string, spec: Partial<NonNullable<V1Service['spec']>> = {}): V1Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS },
    spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }], ...spec },
  };
}

/** The Status message of a failed client-node call. */
async function failure(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiException) {
      const body = (typeof err.body === 'string' ? JSON.parse(err.body) : err.body) as { message: string };
      return { code: err.code, message: body.message };
    }
    throw err;
  }
  throw new Error('expected the call to fail');
}

/** kubectl create -f - of a Service manifest; the stored object on success. */
async function kubectlCreate(c: Clients, manifest: V1Service): Promise<{ code: number; stderr: string; svc?: V1Service }> {
  const r = await c.cluster.kubectl(['-n', NS, 'create', '-o', 'json', '-f', '-'], { input: JSON.stringify(manifest) });
  return { code: r.code, stderr: r.stderr, svc: r.code === 0 ? (JSON.parse(r.stdout) as V1Service) : undefined };
}

async function eventually<T>(fn: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  [dual, single, v6only] = await Promise.all([start('10.96.0.0/12,fd00:10:96::/108'), start(undefined), start('fd00:10:96::/108')]);
}, 120_000);

afterAll(async () => {
  await Promise.all([dual?.cluster.stop(), single?.cluster.stop(), v6only?.cluster.stop()]);
});

describe('dual-stack cluster (10.96.0.0/12,fd00:10:96::/108)', () => {
  it('keeps single stack the default, on the primary family', async () => {
    const { svc: out } = await kubectlCreate(dual, svc('plain'));
    expect(out?.spec).toMatchObject({ ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv4'] });
    expect(out?.spec?.clusterIPs).toHaveLength(1);
    const kubernetes = await dual.core.readNamespacedService({ name: 'kubernetes', namespace: 'default' });
    expect(kubernetes.spec?.clusterIPs).toEqual(['10.96.0.1']);
  });

  it('PreferDualStack (kubectl) gets an IPv4 and an IPv6 cluster IP, primary first, clusterIP = clusterIPs[0]', async () => {
    const { svc: out, stderr } = await kubectlCreate(dual, svc('pref', { ipFamilyPolicy: 'PreferDualStack' }));
    expect(stderr).toBe('');
    expect(out?.spec?.ipFamilies).toEqual(['IPv4', 'IPv6']);
    expect(out?.spec?.clusterIPs?.[0]).toMatch(V4);
    expect(out?.spec?.clusterIPs?.[1]).toMatch(V6);
    expect(out?.spec?.clusterIP).toBe(out?.spec?.clusterIPs?.[0]);
  });

  it('RequireDualStack with IPv6 first (client-node) orders clusterIPs by ipFamilies', async () => {
    const out = await dual.core.createNamespacedService({ namespace: NS, body: svc('req6', { ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv6', 'IPv4'] }) });
    expect(out.spec?.clusterIPs?.[0]).toMatch(V6);
    expect(out.spec?.clusterIPs?.[1]).toMatch(V4);
    expect(out.spec?.clusterIP).toBe(out.spec?.clusterIPs?.[0]);
  });

  it('IPv6 single stack, a requested IPv6 address, and one past the allocator range', async () => {
    const one = await dual.core.createNamespacedService({ namespace: NS, body: svc('six', { ipFamilies: ['IPv6'] }) });
    expect(one.spec).toMatchObject({ ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv6'] });
    expect(one.spec?.clusterIP).toMatch(V6);
    const fixed = await dual.core.createNamespacedService({ namespace: NS, body: svc('six-fixed', { clusterIP: 'fd00:10:96::aa' }) });
    expect(fixed.spec).toMatchObject({ clusterIPs: ['fd00:10:96::aa'], ipFamilies: ['IPv6'] });
    const taken = await failure(dual.core.createNamespacedService({ namespace: NS, body: svc('six-taken', { clusterIP: 'fd00:10:96::aa' }) }));
    expect(taken).toEqual({
      code: 422,
      message: 'Service "six-taken" is invalid: spec.clusterIPs: Invalid value: []string{"fd00:10:96::aa"}: failed to allocate IP fd00:10:96::aa: provided IP is already allocated',
    });
    const r = await kubectlCreate(dual, svc('six-far', { clusterIP: 'fd00:10:96::1:0' }));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      'failed to allocate IP fd00:10:96::1:0: the provided IP (fd00:10:96::1:0) is not in the valid range. The range of valid IPs is fd00:10:96::/108',
    );
  });

  it('a non-canonical IPv6 clusterIP is kept as written, warned about, and names the same address', async () => {
    const r = await kubectlCreate(dual, svc('six-long', { clusterIP: 'fd00:10:96:0::00bb' }));
    expect(r.svc?.spec?.clusterIPs).toEqual(['fd00:10:96:0::00bb']);
    expect(r.stderr).toContain('Warning: spec.clusterIPs[0]: IPv6 address "fd00:10:96:0::00bb" should be in RFC 5952 canonical format ("fd00:10:96::bb")');
    const again = await failure(dual.core.createNamespacedService({ namespace: NS, body: svc('six-short', { clusterIP: 'fd00:10:96::bb' }) }));
    expect(again.message).toContain('failed to allocate IP fd00:10:96::bb: provided IP is already allocated');
  });

  it('a mismatched family and IP and two IPs of one family are refused with the real messages', async () => {
    const mismatch = await failure(
      dual.core.createNamespacedService({ namespace: NS, body: svc('mis', { clusterIP: '10.96.0.50', ipFamilies: ['IPv6'], ipFamilyPolicy: 'PreferDualStack' }) }),
    );
    expect(mismatch.message).toBe('Service "mis" is invalid: spec.clusterIPs[0]: Invalid value: "10.96.0.50": expected an IPv6 value as indicated by `ipFamilies[0]`');
    const same = await failure(
      dual.core.createNamespacedService({ namespace: NS, body: svc('same', { clusterIP: '10.96.0.51', clusterIPs: ['10.96.0.51', '10.96.0.52'], ipFamilyPolicy: 'RequireDualStack' }) }),
    );
    expect(same.message).toBe('Service "same" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.51", "10.96.0.52"}: may specify no more than one IP for each IP family');
    const singleTwo = await failure(
      dual.core.createNamespacedService({ namespace: NS, body: svc('single-two', { ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv4', 'IPv6'] }) }),
    );
    expect(singleTwo.message).toBe(
      "Service \"single-two\" is invalid: spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified",
    );
  });

  it('upgrade SingleStack → PreferDualStack allocates the secondary; downgrade releases it', async () => {
    const created = await dual.core.createNamespacedService({ namespace: NS, body: svc('updown') });
    const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
    const up = await dual.core.patchNamespacedService({ name: 'updown', namespace: NS, body: { spec: { ipFamilyPolicy: 'PreferDualStack' } } }, merge);
    expect(up.spec?.ipFamilies).toEqual(['IPv4', 'IPv6']);
    expect(up.spec?.clusterIPs?.[0]).toBe(created.spec?.clusterIP);
    const secondary = up.spec?.clusterIPs?.[1] ?? '';
    expect(secondary).toMatch(V6);

    // dropping the secondary needs SingleStack
    const refused = await failure(
      dual.core.patchNamespacedService({ name: 'updown', namespace: NS, body: { spec: { clusterIPs: [created.spec?.clusterIP] } } }, merge),
    );
    expect(refused).toEqual({
      code: 422,
      message: "Service \"updown\" is invalid: spec.ipFamilyPolicy: Invalid value: \"PreferDualStack\": must be 'SingleStack' to release the secondary cluster IP",
    });

    const down = await dual.core.patchNamespacedService({ name: 'updown', namespace: NS, body: { spec: { ipFamilyPolicy: 'SingleStack' } } }, merge);
    expect(down.spec?.clusterIPs).toEqual([created.spec?.clusterIP]);
    expect(down.spec?.ipFamilies).toEqual(['IPv4']);
    // the released IPv6 address can be taken again
    const reuse = await dual.core.createNamespacedService({ namespace: NS, body: svc('reuse', { clusterIP: secondary }) });
    expect(reuse.spec?.clusterIPs).toEqual([secondary]);
  });

  it('a primary family change is refused on update', async () => {
    await dual.core.createNamespacedService({ namespace: NS, body: svc('fam') });
    const r = await failure(
      dual.core.patchNamespacedService(
        { name: 'fam', namespace: NS, body: { spec: { ipFamilies: ['IPv6'] } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      ),
    );
    expect(r.code).toBe(422);
    expect(r.message).toContain('expected an IPv6 value as indicated by `ipFamilies[0]`');
  });

  it('headless Services get families but no addresses; selectorless headless defaults to RequireDualStack', async () => {
    const h = await dual.core.createNamespacedService({ namespace: NS, body: svc('headless', { clusterIP: 'None', ipFamilyPolicy: 'PreferDualStack' }) });
    expect(h.spec).toMatchObject({ clusterIP: 'None', clusterIPs: ['None'], ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'PreferDualStack' });
    const bare = await dual.core.createNamespacedService({
      namespace: NS,
      body: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'bare', namespace: NS }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } },
    });
    expect(bare.spec).toMatchObject({ ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv4', 'IPv6'] });
  });

  it('a dry-run dual-stack create allocates nothing', async () => {
    const dry = await dual.core.createNamespacedService({ namespace: NS, dryRun: 'All', body: svc('dry', { ipFamilyPolicy: 'RequireDualStack', clusterIP: '10.96.0.77', clusterIPs: ['10.96.0.77', 'fd00:10:96::77'] }) });
    expect(dry.spec?.clusterIPs).toEqual(['10.96.0.77', 'fd00:10:96::77']);
    const real = await dual.core.createNamespacedService({ namespace: NS, body: svc('dry', { ipFamilyPolicy: 'RequireDualStack', clusterIP: '10.96.0.77', clusterIPs: ['10.96.0.77', 'fd00:10:96::77'] }) });
    expect(real.spec?.clusterIPs).toEqual(['10.96.0.77', 'fd00:10:96::77']);
  });

  it('dual-stack pods: one EndpointSlice per family with the pod address of that family', async () => {
    await dual.core.createNamespacedService({ namespace: NS, body: svc('eps', { ipFamilyPolicy: 'PreferDualStack', selector: { app: 'eps' } }) });
    await dual.core.createNamespacedPod({
      namespace: NS,
      body: { metadata: { name: 'eps-0', labels: { app: 'eps' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 8080 }] }] } },
    });
    const byType = await eventually(async () => {
      const list = await dual.discovery.listNamespacedEndpointSlice({ namespace: NS, labelSelector: 'kubernetes.io/service-name=eps' });
      const filled = list.items.filter((s: V1EndpointSlice) => (s.endpoints ?? []).length > 0);
      if (filled.length < 2) return undefined;
      return Object.fromEntries(filled.map((s) => [s.addressType, s.endpoints?.[0].addresses[0]]));
    }, 'two filled EndpointSlices');
    expect(byType.IPv4).toMatch(/^10\.244\.\d+\.\d+$/);
    expect(byType.IPv6).toMatch(/^fd00:10:244:\d+::[0-9a-f]+$/);
    const pod = await dual.core.readNamespacedPod({ name: 'eps-0', namespace: NS });
    expect(pod.status?.podIPs?.map((p) => p.ip)).toEqual([byType.IPv4, byType.IPv6]);
  });
});

describe('single-stack cluster (default 10.96.0.0/12)', () => {
  it('RequireDualStack is refused (kubectl shows the real message)', async () => {
    const r = await kubectlCreate(single, svc('req', { ipFamilyPolicy: 'RequireDualStack' }));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      'The Service "req" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services',
    );
  });

  it('PreferDualStack stays single stack', async () => {
    const out = await single.core.createNamespacedService({ namespace: NS, body: svc('pref', { ipFamilyPolicy: 'PreferDualStack' }) });
    expect(out.spec).toMatchObject({ ipFamilyPolicy: 'PreferDualStack', ipFamilies: ['IPv4'] });
    expect(out.spec?.clusterIPs).toHaveLength(1);
  });

  it('IPv6 families and addresses are not configured', async () => {
    const fam = await failure(single.core.createNamespacedService({ namespace: NS, body: svc('six', { ipFamilies: ['IPv6'] }) }));
    expect(fam).toEqual({ code: 422, message: 'Service "six" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster' });
    const ip = await failure(single.core.createNamespacedService({ namespace: NS, body: svc('six-ip', { clusterIP: 'fd00::5' }) }));
    expect(ip.message).toBe('Service "six-ip" is invalid: spec.clusterIPs[0]: Invalid value: []string{"fd00::5"}: IPv6 is not configured on this cluster');
  });

  it('upgrading to RequireDualStack is refused; selectorless headless may still hold both families', async () => {
    await single.core.createNamespacedService({ namespace: NS, body: svc('up') });
    const r = await failure(
      single.core.patchNamespacedService(
        { name: 'up', namespace: NS, body: { spec: { ipFamilyPolicy: 'RequireDualStack' } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      ),
    );
    expect(r.message).toBe('Service "up" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services');
    const bare = await single.core.createNamespacedService({
      namespace: NS,
      body: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'bare', namespace: NS }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } },
    });
    expect(bare.spec).toMatchObject({ ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv4', 'IPv6'] });
  });
});

describe('IPv6-only cluster (fd00:10:96::/108)', () => {
  it('allocates IPv6 by default, the kubernetes Service is fd00:10:96::1, IPv4 is not configured', async () => {
    const kubernetes = await v6only.core.readNamespacedService({ name: 'kubernetes', namespace: 'default' });
    expect(kubernetes.spec?.clusterIPs).toEqual(['fd00:10:96::1']);
    expect(kubernetes.spec?.ipFamilies).toEqual(['IPv6']);
    const out = await v6only.core.createNamespacedService({ namespace: NS, body: svc('web') });
    expect(out.spec).toMatchObject({ ipFamilies: ['IPv6'], ipFamilyPolicy: 'SingleStack' });
    expect(out.spec?.clusterIP).toMatch(V6);
    const v4 = await failure(v6only.core.createNamespacedService({ namespace: NS, body: svc('four', { ipFamilies: ['IPv4'] }) }));
    expect(v4.message).toBe('Service "four" is invalid: spec.ipFamilies[0]: Invalid value: "IPv4": not configured on this cluster');
  });

  it('an IPv6 Service selecting pods gets an IPv6 EndpointSlice', async () => {
    await v6only.core.createNamespacedPod({
      namespace: NS,
      body: { metadata: { name: 'web-0', labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 8080 }] }] } },
    });
    const slice = await eventually(async () => {
      const list = await v6only.discovery.listNamespacedEndpointSlice({ namespace: NS, labelSelector: 'kubernetes.io/service-name=web' });
      return list.items.find((s) => (s.endpoints ?? []).length > 0);
    }, 'a filled EndpointSlice');
    expect(slice.addressType).toBe('IPv6');
    expect(slice.endpoints?.[0].addresses[0]).toMatch(/^fd00:10:244:\d+::[0-9a-f]+$/);
  });
});

describe('--service-cluster-ip-range refused at start', () => {
  it('two CIDRs of one family stop the cluster with kube-apiserver message', async () => {
    await expect(startTestCluster({ empty: true, serviceClusterIPRange: '10.96.0.0/12,10.0.0.0/16' })).rejects.toThrow(
      '--service-cluster-ip-range[0] and --service-cluster-ip-range[1] must be of different IP family',
    );
  });
});
