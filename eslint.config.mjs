import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/** Which lib folders each lib folder may import (besides itself); anything else in lib/ is refused. */
const LIB_LAYERS = {
  k8s: [],
  text: [],
  'read-only.ts': [],
  build: [],
  live: ['k8s'],
  service: ['k8s'],
  'service-insight': ['k8s', 'service', 'kubectl-command'],
  'service-yaml': ['k8s', 'service', 'text'],
  'service-list': ['k8s', 'live', 'service', 'service-insight'],
  'service-draft': ['k8s', 'service', 'service-insight'],
  'service-actions': ['k8s', 'service', 'service-insight'],
  'service-guided': ['k8s', 'service', 'service-draft'],
  contract: ['k8s', 'live', 'service-list'],
  'service-history': ['k8s'],
  'kubectl-command': ['k8s'],
};
/** Inside the embedded cluster: the lower layers never import the REST, HTTP, registry or controller layers above them. */
const CLUSTER_LOWER = ['errors', 'storage', 'schema', 'allocators', 'patch', 'selectors', 'apply', 'printers', 'auth', 'workloads'];
const CLUSTER_UPPER = ['./lib/cluster/rest', './lib/cluster/http', './lib/cluster/registry', './lib/cluster/controllers'];

function libLayerZones() {
  const zones = Object.entries(LIB_LAYERS).map(([folder, allowed]) => ({
    target: `./lib/${folder}`,
    from: './lib',
    except: [`./${folder}`, ...allowed.map((a) => `./${a}`)],
    message: `lib/${folder} may import only ${allowed.length ? allowed.map((a) => `lib/${a}`).join(', ') : 'nothing else in lib'} (lib/README.md).`,
  }));
  zones.push({ target: './lib/client', from: './lib/server', message: 'The browser data layer takes shared types from lib/contract, never from lib/server.' });
  zones.push({ target: './lib/server', from: './lib/client', message: 'Server code takes shared code from lib/contract, never from lib/client.' });
  for (const layer of CLUSTER_LOWER) {
    zones.push({ target: `./lib/cluster/${layer}`, from: CLUSTER_UPPER, message: `lib/cluster/${layer} is below rest/, http/, registry/ and controllers/: it may not import them.` });
  }
  return zones;
}

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
  {
    // Layers of lib/ (lib/README.md): each folder imports only the folders below it, so every arrow points
    // down and no two folders import each other. A new import that points up fails the lint.
    files: ['lib/**'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: libLayerZones() }],
    },
  },
  {
    // Queries go through lib/client/hydration-safe-query.ts: a component hydrating after another part of
    // the page filled the cache must render what the server rendered (hydration error #418 otherwise).
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: ['lib/client/hydration-safe-query.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useQueries', 'useSuspenseQuery', 'useInfiniteQuery'],
              message: 'Use useHydrationSafeQuery / useHydrationSafeQueries from lib/client/hydration-safe-query.ts.',
            },
          ],
        },
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
