/**
 * lib/demo-seed on a real kube-apiserver (+ kube-controller-manager, no scheduler, no kubelet):
 * the embedded demo seeded through client-node, the real EndpointSlice controller turning the
 * seeded pods into ready / not-ready endpoints, the refusal of a second seed, and the kubelet
 * player (new pods started, graceful deletions finished, Lease renewed, Ready kept True).
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreV1Api, DiscoveryV1Api, CoordinationV1Api, PatchStrategy, setHeaderOptions, type KubeConfig, type V1Pod } from '@kubernetes/client-node';
import { READY_ANNOTATION } from '../../../lib/cluster/controllers/simulated-nodes';
import { seedDemo, startKubelet, SeedRefusedError, type RunningKubelet, type SeedResult } from '../../../lib/demo-seed';
import { realApiServerAvailable, startRealApiServer, type RealApiServer } from '../../support/real-apiserver';

const POLL = { timeout: 45_000, interval: 250 };
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Runs `bin/seed.ts` (what `npm run seed --` runs) to its end. */
function runSeed(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/seed.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => done({ code, output }));
  });
}

interface SliceEndpoint {
  addresses: string[];
  ready: boolean | undefined;
  zone: string | undefined;
}

describe.skipIf(!realApiServerAvailable())('demo seed on a real kube-apiserver (needs ../shared/real-apiserver)', () => {
  let server: RealApiServer;
  let kc: KubeConfig;
  let core: CoreV1Api;
  let discovery: DiscoveryV1Api;
  let seeded: SeedResult;
  const lines: string[] = [];
  let kubelet: RunningKubelet | undefined;

  async function sliceEndpoints(namespace: string, service: string): Promise<SliceEndpoint[]> {
    const slices = await discovery.listNamespacedEndpointSlice({ namespace, labelSelector: `kubernetes.io/service-name=${service}` });
    return slices.items
      .flatMap((s) => s.endpoints ?? [])
      .map((e) => ({ addresses: e.addresses, ready: e.conditions?.ready, zone: e.zone }))
      .sort((a, b) => a.addresses[0].localeCompare(b.addresses[0]));
  }

  const readiness = async (namespace: string, service: string): Promise<string[]> =>
    (await sliceEndpoints(namespace, service)).map((e) => `${e.addresses.join(',')}=${e.ready ? 'ready' : 'not-ready'}`);

  beforeAll(async () => {
    server = await startRealApiServer();
    kc = server.kubeConfig();
    core = kc.makeApiClient(CoreV1Api);
    discovery = kc.makeApiClient(DiscoveryV1Api);
  });

  afterAll(async () => {
    await kubelet?.stop();
    await server?.stop();
  });

  it('seeds the demo; a taken fixed ClusterIP (kube-dns 10.96.0.10) is left to the server to allocate, and said so', async () => {
    // Something else holds the demo's kube-dns address, as on a cluster with its own DNS under another name.
    await core.createNamespacedService({ namespace: 'default', body: { metadata: { name: 'squatter' }, spec: { clusterIP: '10.96.0.10', ports: [{ port: 53 }] } } });
    seeded = await seedDemo(kc, { log: (l) => lines.push(l) });
    expect(seeded.nodes).toEqual(['node-1', 'node-2', 'node-3']);
    expect(seeded.created).toEqual(expect.arrayContaining(['Namespace shop', 'Service shop/frontend', 'Service demo/slow-start', 'Pod demo/web-5f7d9c8b6-a1b2c', 'Node node-1', 'Endpoints demo/legacy-backend', 'EndpointSlice demo/partner-api-1']));
    expect(seeded.notes.join('\n')).toMatch(/Service kube-system\/kube-dns: clusterIP 10\.96\.0\.10 not available/);
    const dns = await core.readNamespacedService({ name: 'kube-dns', namespace: 'kube-system' });
    expect(dns.spec?.clusterIP).toMatch(/^10\./);
    expect(dns.spec?.clusterIP).not.toBe('10.96.0.10');
    expect((await core.readNamespacedService({ name: 'checkout', namespace: 'shop' })).spec?.ports?.[0].nodePort).toBe(30080);

    const nodes = await core.listNode();
    expect(nodes.items.map((n) => [n.metadata?.name, n.metadata?.labels?.['topology.kubernetes.io/zone'], n.spec?.podCIDR])).toEqual([
      ['node-1', 'zone-a', '10.244.1.0/24'],
      ['node-2', 'zone-b', '10.244.2.0/24'],
      ['node-3', 'zone-c', '10.244.3.0/24'],
    ]);
    const pods = await core.listPodForAllNamespaces();
    const demoPods = pods.items.filter((p) => ['shop', 'demo', 'monitoring', 'kube-system'].includes(p.metadata?.namespace ?? ''));
    expect(demoPods.length).toBeGreaterThan(20);
    for (const p of demoPods) {
      expect(p.status?.phase, p.metadata?.name).toBe('Running');
      const cidr = `10.244.${p.spec?.nodeName?.slice(5)}.`;
      expect(p.status?.podIP?.startsWith(cidr), `${p.metadata?.name} ${p.status?.podIP} on ${p.spec?.nodeName}`).toBe(true);
      expect(p.status?.podIPs).toEqual([{ ip: p.status?.podIP }]);
    }
    const ips = demoPods.map((p) => p.status?.podIP);
    expect(new Set(ips).size).toBe(ips.length);
  });

  it('the real EndpointSlice controller makes the endpoints the demo describes (ready, not ready, published not-ready, zones, mirrored)', async () => {
    await expect.poll(() => readiness('demo', 'web'), POLL).toHaveLength(2);
    expect(await readiness('demo', 'web')).toEqual([expect.stringMatching(/=ready$/), expect.stringMatching(/=ready$/)]);
    // slow-start pods carry porthole.dev/ready: "false": Running but not ready …
    await expect.poll(() => readiness('demo', 'slow-start'), POLL).toHaveLength(2);
    expect(await readiness('demo', 'slow-start')).toEqual([expect.stringMatching(/=not-ready$/), expect.stringMatching(/=not-ready$/)]);
    // … and published anyway by the headless peers Service (publishNotReadyAddresses).
    await expect.poll(() => readiness('demo', 'slow-start-peers'), POLL).toEqual([expect.stringMatching(/=ready$/), expect.stringMatching(/=ready$/)]);
    await expect.poll(async () => (await sliceEndpoints('shop', 'frontend')).map((e) => e.zone).sort(), POLL).toEqual(['zone-a', 'zone-b', 'zone-c']);
    // selectorless with hand-made Endpoints: mirrored into a slice by the real mirroring controller
    await expect.poll(() => readiness('demo', 'legacy-backend'), POLL).toEqual(['192.168.10.5=ready', '192.168.10.6=ready']);
    expect(await readiness('demo', 'partner-api')).toEqual(['203.0.113.10=ready', '203.0.113.11=ready']);
    // the cart pod misses the selector by one label: no endpoints
    expect(await readiness('shop', 'cart')).toEqual([]);
  });

  it('refuses a second seed without force and changes nothing; with force it adds only what is missing', async () => {
    await core.deleteNamespacedService({ name: 'orphan-api', namespace: 'demo' });
    const before = await core.listNamespacedService({ namespace: 'shop' });
    const refused = await seedDemo(kc).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(SeedRefusedError);
    expect((refused as Error).message).toMatch(/already has the demo namespaces shop, demo, monitoring.*Nothing was changed.*--force/);
    await expect(core.readNamespacedService({ name: 'orphan-api', namespace: 'demo' })).rejects.toMatchObject({ code: 404 });
    const after = await core.listNamespacedService({ namespace: 'shop' });
    expect(after.items.map((s) => s.metadata?.resourceVersion)).toEqual(before.items.map((s) => s.metadata?.resourceVersion));

    const forced = await seedDemo(kc, { force: true });
    expect(forced.created).toEqual(['Service demo/orphan-api']);
    expect((await core.listNamespacedService({ namespace: 'shop' })).items.map((s) => s.metadata?.resourceVersion)).toEqual(before.items.map((s) => s.metadata?.resourceVersion));
  });

  it('the kubelet player starts pods created later (ready and not ready) and finishes graceful deletions', async () => {
    kubelet = startKubelet(kc, { nodes: seeded.nodes, log: (l) => lines.push(l) });
    const pod = (name: string, ready: boolean): V1Pod => ({
      metadata: { name, labels: { app: 'web' }, annotations: ready ? {} : { [READY_ANNOTATION]: 'false' } },
      spec: { nodeName: 'node-3', containers: [{ name: 'main', image: 'ghcr.io/example/web:3.1.0', ports: [{ name: 'http', containerPort: 8080 }] }] },
    });
    await core.createNamespacedPod({ namespace: 'demo', body: pod('web-late', true) });
    await core.createNamespacedPod({ namespace: 'demo', body: pod('web-late-unready', false) });
    await expect.poll(async () => (await core.readNamespacedPod({ name: 'web-late', namespace: 'demo' })).status?.conditions?.find((c) => c.type === 'Ready')?.status, POLL).toBe('True');
    const late = await core.readNamespacedPod({ name: 'web-late', namespace: 'demo' });
    const unready = await core.readNamespacedPod({ name: 'web-late-unready', namespace: 'demo' });
    expect(late.status?.phase).toBe('Running');
    expect(late.status?.podIP).toMatch(/^10\.244\.3\.\d+$/);
    await expect.poll(() => readiness('demo', 'web'), POLL).toContain(`${late.status?.podIP}=ready`);
    await expect.poll(async () => (await core.readNamespacedPod({ name: 'web-late-unready', namespace: 'demo' })).status?.podIP, POLL).toMatch(/^10\.244\.3\.\d+$/);
    const unreadyIP = (await core.readNamespacedPod({ name: 'web-late-unready', namespace: 'demo' })).status?.podIP;
    expect(unreadyIP).not.toBe(late.status?.podIP);
    expect(unready.metadata?.annotations?.[READY_ANNOTATION]).toBe('false');
    await expect.poll(() => readiness('demo', 'web'), POLL).toContain(`${unreadyIP}=not-ready`);

    // a graceful deletion (30 s by default) is finished by the kubelet, not left Terminating
    await core.deleteNamespacedPod({ name: 'web-late', namespace: 'demo' });
    await expect.poll(() => core.readNamespacedPod({ name: 'web-late', namespace: 'demo' }).then(() => 'present', (err: { code?: number }) => String(err.code)), POLL).toBe('404');
    await expect.poll(() => readiness('demo', 'web'), POLL).not.toContain(`${late.status?.podIP}=ready`);
  });

  it('the kubelet player renews the nodes\' Leases and puts a node\'s Ready condition back to True', async () => {
    const coordination = kc.makeApiClient(CoordinationV1Api);
    const renewed = async (): Promise<number> => new Date((await coordination.readNamespacedLease({ name: 'node-2', namespace: 'kube-node-lease' })).spec?.renewTime ?? 0).getTime();
    const first = await renewed();
    await expect.poll(renewed, { timeout: 40_000, interval: 500 }).toBeGreaterThan(first);

    // as the node-lifecycle controller does for a silent node
    const node = await core.readNode({ name: 'node-2' });
    const conditions = (node.status?.conditions ?? []).map((c) => (c.type === 'Ready' ? { ...c, status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' } : c));
    await core.patchNodeStatus({ name: 'node-2', body: { status: { conditions } } }, setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch));
    expect((await core.readNode({ name: 'node-2' })).status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('Unknown');
    await expect.poll(async () => (await core.readNode({ name: 'node-2' })).status?.conditions?.find((c) => c.type === 'Ready')?.status, { timeout: 40_000, interval: 500 }).toBe('True');
  });

  it('does not play a node that is not one of its simulated nodes (a real kubelet may run it)', async () => {
    await core.createNode({ body: { metadata: { name: 'real-node', labels: { 'kubernetes.io/hostname': 'real-node' } }, spec: { providerID: 'aws:///eu-west-1a/i-0123' } } });
    const logged: string[] = [];
    const other = startKubelet(kc, { nodes: ['real-node'], log: (l) => logged.push(l) });
    try {
      await expect.poll(() => logged.join('\n'), POLL).toMatch(/Node real-node exists and is not one of Porthole's simulated nodes/);
      const coordination = kc.makeApiClient(CoordinationV1Api);
      await expect(coordination.readNamespacedLease({ name: 'real-node', namespace: 'kube-node-lease' })).rejects.toMatchObject({ code: 404 });
      expect((await core.readNode({ name: 'real-node' })).status?.conditions ?? []).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  it('npm run seed: refuses a seeded cluster (exit 3), and with --force --kubelet seeds what is missing and plays the kubelet until SIGINT', async () => {
    const refused = await runSeed(['--kubeconfig', server.kubeconfigPath]);
    expect(refused.code).toBe(3);
    expect(refused.output).toMatch(/refusing to seed https:\/\/127\.0\.0\.1:\d+: it already has the demo namespaces shop, demo, monitoring/);

    await kubelet?.stop();
    kubelet = undefined;
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/seed.ts', '--kubeconfig', server.kubeconfigPath, '--context', 'admin', '--force', '--kubelet'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    await expect.poll(() => output, POLL).toMatch(/Playing the kubelet of node-1, node-2, node-3 until Ctrl-C/);
    expect(output).toMatch(/Done: 0 objects created, \d+ left as they were/);
    await core.createNamespacedPod({ namespace: 'monitoring', body: { metadata: { name: 'cli-started' }, spec: { nodeName: 'node-1', containers: [{ name: 'main', image: 'busybox' }] } } });
    await expect.poll(async () => (await core.readNamespacedPod({ name: 'cli-started', namespace: 'monitoring' })).status?.phase, POLL).toBe('Running');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toMatch(/SIGINT: stopping the kubelet/);
  });
});
