import { defineConfig } from 'vitest/config';
import { positiveInt } from './lib/server/env-number';
import { realCluster } from './test/support/cluster-kind';
import { trustRealClusterCa } from './test/support/real-cluster-pki';

// The real lane's API servers use one CA, trusted by every test process from its start.
trustRealClusterCa();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'bin/**/*.test.ts'],
          environment: 'node',
          // The suite runs on busy 2-core machines (load 12): a test that seeds thousands of objects may
          // take many times its idle time. Tests assert behaviour, never time (timing is `npm run bench -- core`).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          // The embedded cluster's own tests (test/integration/cluster/) run on the embedded lane only.
          include: realCluster ? ['test/integration/app/**/*.test.ts'] : ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Every file starts its own cluster and Porthole on free ports, so files can run side by side;
          // two at a time (PORTHOLE_TEST_WORKERS) mostly overlap their waits on a 2-core machine (the real
          // lane's kube-apiserver starts above all): 16.6 -> 9.7 min there, 11.4 -> 7.8 min embedded.
          fileParallelism: true,
          globalSetup: ['test/support/build-before-files.ts'],
          maxWorkers: positiveInt(process.env.PORTHOLE_TEST_WORKERS, 2),
        },
      },
    ],
  },
});
