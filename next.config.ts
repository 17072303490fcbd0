import type { NextConfig } from 'next';
import { PROXY_BODY_BUFFER_BYTES } from './lib/server/limits';
import { precompressStatic } from './lib/static-assets/precompress';
import { COMMON_SECURITY_HEADERS } from './lib/server/request-guard';
import { sourceHash } from './lib/build/source-hash';

const nextConfig: NextConfig = {
  // client-node pulls in Node-only modules (ws, node-fetch, socks agents): keep it out of the bundle.
  serverExternalPackages: ['@kubernetes/client-node'],
  poweredByHeader: false,
  // The build's id is the hash of what it was made from: `npm start` and the test helpers rebuild when the
  // sources, config or lockfile no longer match it (lib/build/source-hash.ts). `next build` runs in the root.
  generateBuildId: async () => sourceHash(process.cwd()),
  // The container image (Dockerfile) runs `node server.js` from a standalone build; `npm start` and the
  // tests run `next start`, which does not support standalone output, so it is on only when asked for.
  ...(process.env.PORTHOLE_STANDALONE === '1' ? { output: 'standalone' as const } : {}),
  // The in-cluster test builds the standalone server into its own directory beside the `next start` build
  // (test/support/start-standalone.ts), with its own generated tsconfig so the build leaves tsconfig.json alone.
  ...(process.env.PORTHOLE_DIST_DIR ? { distDir: process.env.PORTHOLE_DIST_DIR } : {}),
  // Pages, scripts and styles go out gzipped, and so do successful API JSON answers (lists, objects):
  // lib/server/compress-json.ts drops their `no-transform`. Status errors and the watch stream keep
  // `Cache-Control: no-transform` (lib/server/errors.ts API_CACHE_CONTROL): a compressor would hold the stream back.
  compress: true,
  reactStrictMode: true,
  // Build assets are also written as .br and .gz (strongest levels) right after compiling; the server
  // sends those bytes as they are (lib/static-assets/serve-precompressed.ts), Next's gzip stays the fallback.
  compiler: {
    runAfterProductionCompile: async ({ distDir }) => {
      const done = await precompressStatic(distDir);
      const kib = (n: number): string => `${(n / 1024).toFixed(0)} KiB`;
      console.log(`porthole: precompressed ${done.files} static files: ${kib(done.bytes)} → br ${kib(done.brotliBytes)}, gzip ${kib(done.gzipBytes)}`);
    },
  },
  // Type errors are caught by `npm run typecheck` (tsc over the whole repo); several people build the tree at
  // once, so the production build does not re-run the checker.
  typescript: { ignoreBuildErrors: true, ...(process.env.PORTHOLE_DIST_DIR ? { tsconfigPath: `${process.env.PORTHOLE_DIST_DIR}.tsconfig.json` } : {}) },
  experimental: {
    // The page's style sheets go into the HTML as <style> (HTML only; client navigations still link them,
    // from the HTTP cache): a first visit paints without waiting for a second round trip for CSS.
    inlineCss: true,
    // proxy.ts makes Next buffer a copy of each request body; keep that copy just above the API's limit.
    proxyClientMaxBodySize: PROXY_BODY_BUFFER_BYTES,
  },
  // Static files (not seen by proxy.ts) get the same headers as everything else.
  async headers() {
    return [{ source: '/:path*', headers: Object.entries(COMMON_SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
