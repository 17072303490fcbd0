'use client';
/**
 * The one place the browser knows which cluster it shows. The server resolves the URL's `?cluster=`
 * (a URL without it opens the default cluster) and the root layout hands the result to
 * <ClusterProvider>; components read it with `useCluster()` and link with `usePageRoutes()`, and the
 * non-React data layer (api-paths, query-keys) gets it through cluster-scope.ts.
 *
 * One document shows one cluster: when the URL comes to name another (Back/Forward across a cluster
 * switch), the document is loaded again, so the chrome (identities, read-only state, namespace) and
 * every cache and stream are those of the cluster in the URL.
 */
import { useSearchParams } from 'next/navigation';
import { createContext, Suspense, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { setClusterScope } from '../contract/cluster-scope';
import { routesFor, type PageRoutes } from '../contract/page-routes';

export interface ClusterScopeInfo {
  /** The cluster this document shows: named in URLs only when Porthole knows several (else undefined). */
  current: string | undefined;
  /** Every cluster Porthole knows, by name. */
  clusters: string[];
  /** The cluster a URL without `?cluster=` opens. */
  defaultCluster: string | undefined;
}

const ClusterContext = createContext<ClusterScopeInfo>({ current: undefined, clusters: [], defaultCluster: undefined });

/** Loads the document again when the URL names another cluster than the one it shows. */
function FollowUrlCluster({ scope }: { scope: ClusterScopeInfo }) {
  const named = useSearchParams().get('cluster');
  useEffect(() => {
    if (scope.clusters.length < 2) return;
    const wanted = named || scope.defaultCluster;
    // Only for a cluster Porthole knows (the unknown-cluster page must not reload itself forever).
    if (wanted && scope.clusters.includes(wanted) && wanted !== scope.current) window.location.reload();
  }, [named, scope]);
  return null;
}

export function ClusterProvider({ scope, children }: { scope: ClusterScopeInfo; children: ReactNode }) {
  // Before any child renders: its query keys and API URLs carry this cluster.
  setClusterScope(scope.current);
  return (
    <ClusterContext.Provider value={scope}>
      {children}
      <Suspense fallback={null}>
        <FollowUrlCluster scope={scope} />
      </Suspense>
    </ClusterContext.Provider>
  );
}

export function useCluster(): ClusterScopeInfo {
  return useContext(ClusterContext);
}

/** The page URLs of the cluster this document shows. */
export function usePageRoutes(): PageRoutes {
  const { current } = useCluster();
  return useMemo(() => routesFor(current), [current]);
}
