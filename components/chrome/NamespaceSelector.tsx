'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { useNamespacesWithServiceAccess } from '../../lib/client/access';
import { useNamespaces } from '../../lib/client/namespaces';
import { parseViewState } from '../../lib/service-list/url-state';
import { pageRoutes } from '../../lib/client/page-routes';
import { usePageRoutes } from '../../lib/client/cluster-context';

/** All namespaces or one; on the Service list it narrows the list (keeping the rest of the view state). */
export function NamespaceSelector({ contextNamespace }: { contextNamespace?: string }) {
  const { items } = useNamespaces();
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const routes = usePageRoutes();
  const view = parseViewState(params);
  const listed = useMemo(() => (items ?? []).map((n) => n.metadata.name ?? '').filter(Boolean).sort(), [items]);
  // Only namespaces whose Services this identity may read (RBAC decides, through access reviews).
  const names = useNamespacesWithServiceAccess(listed);
  // On a Service's page, its namespace is the one being looked at.
  const fromPath = /^\/services\/(?!new\/)([^/]+)\/[^/]+$/.exec(pathname)?.[1];
  const current = view.namespace ?? (fromPath ? decodeURIComponent(fromPath) : '');
  // The current one and the context's namespace stay choices even when namespaces cannot be listed (403).
  const options = [...new Set([...names, current, contextNamespace ?? ''].filter(Boolean))].sort();
  return (
    <>
      <label htmlFor="namespace-select">Namespace</label>
      <select
        id="namespace-select"
        className="select"
        data-testid="namespace-select"
        value={current}
        onChange={(e) => {
          const namespace = e.target.value || undefined;
          if (pathname === pageRoutes.serviceListPath) {
            // Same page: change the URL in place (Next keeps useSearchParams in sync), no server round trip.
            window.history.pushState(null, '', routes.serviceList({ ...view, namespace }));
          } else {
            router.push(routes.serviceList({ namespace }));
          }
        }}
      >
        <option value="">All namespaces</option>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </>
  );
}
