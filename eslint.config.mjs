import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The production build bundles app/, components/, proxy.ts, instrumentation.ts and what they import; the
    // embedded cluster (lib/cluster) runs from source beside it and stays out of it, so its changes do not
    // make the build stale (lib/build/source-hash.ts leaves it out of the build's hash).
    files: ['app/**', 'components/**', 'lib/**', 'proxy.ts', 'instrumentation.ts', 'next.config.ts'],
    // lib/demo-seed runs beside the build (npm run seed, the test harness) and reuses the demo's definitions.
    ignores: ['lib/cluster/**', 'lib/demo-seed/**', '**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [{ target: './', from: './lib/cluster', message: 'The Next build must not import the embedded cluster (lib/build/source-hash.ts leaves it out of the build hash).' }] },
      ],
    },
  },
  globalIgnores([
    '.next/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    'node_modules/**',
    '.porthole/**',
    'test-results/**',
    'playwright-report/**',
    'coverage/**',
  ]),
]);
