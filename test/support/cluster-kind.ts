/**
 * Which kind of cluster the suites run on: PORTHOLE_TEST_CLUSTER=real runs them on a real
 * kube-apiserver, anything else on the embedded cluster. A test that can run on one kind only says so:
 * `it.skipIf(realCluster)('... (embedded-only: uses --scale)', ...)`.
 */
export const realCluster: boolean = process.env.PORTHOLE_TEST_CLUSTER === 'real';
