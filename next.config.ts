import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // client-node pulls in Node-only modules (ws, node-fetch, socks agents): keep it out of the bundle.
  serverExternalPackages: ['@kubernetes/client-node'],
  poweredByHeader: false,
  // Porthole serves a browser on the same machine or LAN: gzip of a 10 MB list costs more CPU than it saves.
  compress: false,
  reactStrictMode: true,
  // Type errors are caught by `npm run typecheck` (tsc over the whole repo); several people build the tree at
  // once, so the production build does not re-run the checker.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
