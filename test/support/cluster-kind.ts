/**
 * Which kind of cluster the suites run on: PORTHOLE_TEST_CLUSTER=real runs them on a real
 * kube-apiserver, anything else on the embedded cluster. A test that can run on one kind only says so:
 * `it.skipIf(realCluster)('... (embedded-only: uses --scale)', ...)`. The benchmarks name the kind per
 * cluster (`startTestCluster({ kind })`) to put both in one table.
 */
export type ClusterKind = 'embedded' | 'real';

export const realCluster: boolean = process.env.PORTHOLE_TEST_CLUSTER === 'real';

/** The lane's kind: what a test cluster is when the caller names none. */
export const laneKind: ClusterKind = realCluster ? 'real' : 'embedded';
