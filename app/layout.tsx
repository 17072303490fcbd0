import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { AppChrome } from '../components/chrome/AppChrome';
import { UnknownCluster } from '../components/chrome/UnknownCluster';
import { ClusterProvider, type ClusterScopeInfo } from '../lib/client/cluster-context';
import { PortholeProviders } from '../lib/client/providers';
import { clusterInfo, type ClusterInfoResult } from '../lib/server/cluster-info';
import { cspNonce } from '../lib/server/csp-nonce';
import { pageClusterParam } from '../lib/server/page-cluster';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Porthole', template: '%s · Porthole' },
  description: 'Browse and edit Kubernetes Services, live.',
};

// Runs before first paint: the saved theme, else the system's, so there is no flash of the wrong one.
const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('porthole-theme');if(t!=='light'&&t!=='dark'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}document.documentElement.dataset.theme=t}catch(e){}})()`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers();
  const info = clusterInfo(requestHeaders, await pageClusterParam());
  // proxy.ts gives every page request a CSP nonce; Next puts it on its own scripts, this one needs it too.
  const nonce = await cspNonce();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <ClusterProvider scope={scopeOf(info)}>
          <PortholeProviders>
            <AppChrome cluster={info}>{info.ok || !info.unknownCluster ? children : <UnknownCluster name={info.unknownCluster.name} known={info.unknownCluster.known} />}</AppChrome>
          </PortholeProviders>
        </ClusterProvider>
      </body>
    </html>
  );
}

/** The cluster this document shows, named in URLs only when Porthole knows several. */
function scopeOf(info: ClusterInfoResult): ClusterScopeInfo {
  if (!info.ok) return { current: undefined, clusters: info.unknownCluster?.known ?? [], defaultCluster: undefined };
  return { current: info.clusters.length > 1 ? info.clusterName : undefined, clusters: info.clusters, defaultCluster: info.defaultCluster };
}
