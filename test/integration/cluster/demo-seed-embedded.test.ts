/**
 * seedDemo speaks plain Kubernetes API, so it also seeds an embedded cluster started with --empty
 * (which has its own simulated nodes node-1..3 but no Lease API).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoveryV1Api, KubeConfig } from '@kubernetes/client-node';
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
    expect(result.notes.join('\n')).toMatch(/node Leases \(kube-node-lease\) not written/);
    const discovery = kc.makeApiClient(DiscoveryV1Api);
    const ready = async (service: string): Promise<(boolean | undefined)[]> =>
      (await discovery.listNamespacedEndpointSlice({ namespace: 'demo', labelSelector: `kubernetes.io/service-name=${service}` })).items.flatMap((s) => (s.endpoints ?? []).map((e) => e.conditions?.ready));
    await expect.poll(() => ready('web'), { timeout: 30_000 }).toEqual([true, true]);
    await expect.poll(() => ready('slow-start'), { timeout: 30_000 }).toEqual([false, false]);
  });
});
