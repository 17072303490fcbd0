import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'components/**/*.test.ts'],
          environment: 'node',
          // The suite runs on busy 2-core machines (load 12): a test that seeds thousands of objects may
          // take many times its idle time. Tests assert behaviour, never time (timing is `npm run bench -- core`).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
