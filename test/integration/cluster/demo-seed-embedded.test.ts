/**
 * seedDemo speaks plain Kubernetes API, so it also seeds an embedded cluster started with --empty
 * (which has its own simulated nodes node-1..3 but no Lease API).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoordinationV1Api, DiscoveryV1Api, KubeConfig } from '@kubernetes/client-node';
import { seedDemo } from '../../../lib/demo-seed';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

describe('demo seed on the embedded cluster started with --empty', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startTestCluster({ empty: true });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('creates the demo, and the embedded controllers make its endpoints', async () => {
    const kc = new KubeConfig();
    kc.loadFromFile(cluster.kubeconfigPath);
    const result = await seedDemo(kc);
    expect(result.existing).toEqual(['Node node-1', 'Node node-2', 'Node node-3']);
    expect(result.created).toEqual(expect.arrayContaining(['Namespace demo', 'Service kube-system/kube-dns', 'Service demo/slow-start', 'Pod demo/slow-start-69d8f7c5b-z1x2c']));
    // The embedded cluster serves coordination.k8s.io Leases: the seed renews each node's Lease as a kubelet would.
    expect(result.notes.join('\n')).not.toMatch(/node Leases/);
    const leases = await kc.makeApiClient(CoordinationV1Api).listNamespacedLease({ namespace: 'kube-node-lease' });
    expect(leases.items.map((l) => l.metadata?.name).sort()).toEqual(['node-1', 'node-2', 'node-3']);
    const discovery = kc.makeApiClient(DiscoveryV1Api);
    const ready = async (service: string): Promise<(boolean | undefined)[]> =>
      (await discovery.listNamespacedEndpointSlice({ namespace: 'demo', labelSelector: `kubernetes.io/service-name=${service}` })).items.flatMap((s) => (s.endpoints ?? []).map((e) => e.conditions?.ready));
    await expect.poll(() => ready('web'), { timeout: 30_000 }).toEqual([true, true]);
    await expect.poll(() => ready('slow-start'), { timeout: 30_000 }).toEqual([false, false]);
  });
});
