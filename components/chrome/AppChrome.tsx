'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import type { ClusterInfoResult } from '../../lib/contract/cluster-info';
import { ConnectionIndicator } from './ConnectionIndicator';
import { IdentitySwitcher } from './IdentitySwitcher';
import { NamespaceSelector } from './NamespaceSelector';
import { ReadOnlyBadge } from './ReadOnlyBadge';
import { SignedInUser } from './SignedInUser';
import { ThemeToggle } from './ThemeToggle';
import { pageRoutes } from '../../lib/contract/page-routes';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { ClusterPicker } from './ClusterPicker';

const SOURCE_LABEL: Record<string, string> = {
  embedded: 'embedded cluster',
  kubeconfig: 'kubeconfig',
  'in-cluster': 'in-cluster',
  default: 'kubeconfig',
};

export function AppChrome({ cluster, children }: { cluster: ClusterInfoResult; children: ReactNode }) {
  const pathname = usePathname();
  const routes = usePageRoutes();
  const onServices = pageRoutes.isServicesSection(pathname);
  // --auth token / proxy: who is signed in; nobody (the sign-in page) → no cluster data is asked for.
  const signedOut = cluster.ok && cluster.auth !== 'kubeconfig' && !cluster.user;
  // A URL naming no known cluster: no namespaces and no live stream to show (they would be another cluster's).
  const unknownCluster = !cluster.ok && !!cluster.unknownCluster;
  return (
    <div className="app">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="topbar">
        <Link className="brand" href={routes.serviceList()} aria-label="Porthole home">
          {/* A static file from public/: the browser caches it across pages (next/image would re-encode an SVG for nothing). */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img className="brand-mark" src="/logo.svg" alt="" width={22} height={22} />
          Porthole
        </Link>
        {signedOut ? null : cluster.ok ? (
          <>
            <span className="cluster-pill" title={`cluster ${cluster.clusterName} at ${cluster.server} — ${SOURCE_LABEL[cluster.source]}`} data-testid="cluster-name">
              <strong>{cluster.auth !== 'kubeconfig' ? cluster.clusterName : cluster.identities.includes(cluster.identity) ? cluster.identity : cluster.contextName}</strong>
              <span>· {SOURCE_LABEL[cluster.source]}</span>
            </span>
            <Suspense fallback={null}>
              <ReadOnlyBadge contextNamespace={cluster.namespace} />
            </Suspense>
          </>
        ) : (
          <span className="cluster-pill" title={cluster.error}>{cluster.unknownCluster ? 'Unknown cluster' : 'No cluster configured'}</span>
        )}
        <span className="topbar-spacer" />
        <div className="topbar-group">
          {signedOut ? null : <ClusterPicker />}
          {signedOut || unknownCluster ? null : (
            <Suspense fallback={null}>
              <NamespaceSelector contextNamespace={cluster.ok ? cluster.namespace : undefined} />
            </Suspense>
          )}
          {cluster.ok && cluster.user ? (
            <SignedInUser user={cluster.user.name} groups={cluster.user.groups} canSignOut={cluster.auth === 'token'} expiresAt={cluster.sessionExpiresAt} />
          ) : null}
          {cluster.ok && cluster.identities.length > 1 ? <IdentitySwitcher current={cluster.identity} identities={cluster.identities} /> : null}
          {signedOut || unknownCluster ? null : <ConnectionIndicator />}
          <ThemeToggle />
        </div>
      </header>
      <div className={signedOut ? 'shell signed-out' : 'shell'}>
        {signedOut ? null : (
          <nav className="sidenav" aria-label="Main">
            <div className="sidenav-title">Network</div>
            <Link href={routes.serviceList()} aria-current={onServices ? 'page' : undefined} title="Services">
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.5">
                <circle cx="8" cy="8" r="2.5" />
                <circle cx="2.5" cy="3" r="1.5" />
                <circle cx="13.5" cy="3" r="1.5" />
                <circle cx="8" cy="14" r="1.5" />
                <path d="M3.6 4.1 6.2 6.6M12.4 4.1 9.8 6.6M8 10.5v2" />
              </svg>
              <span className="sidenav-label">Services</span>
            </Link>
          </nav>
        )}
        <main id="main" className="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
