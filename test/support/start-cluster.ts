/**
 * The test cluster: the embedded cluster (default) or, with PORTHOLE_TEST_CLUSTER=real, a real
 * kube-apiserver + etcd + kube-controller-manager (test/support/real-cluster.ts). Both behind one
 * `TestCluster` with the same identities and context names.
 */
import { startEmbeddedCluster } from './embedded-cluster';
import { laneKind } from './cluster-kind';
import { startRealCluster } from './real-cluster';
import type { StartOptions, TestCluster } from './test-cluster';

export type { StartOptions, TestCluster } from './test-cluster';
export { realCluster, type ClusterKind } from './cluster-kind';

export function startTestCluster(opts: StartOptions = {}): Promise<TestCluster> {
  return (opts.kind ?? laneKind) === 'real' ? startRealCluster(opts) : startEmbeddedCluster(opts);
}
