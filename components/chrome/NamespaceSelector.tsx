'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useNamespaceChoices } from '../../lib/client/namespace-choices';
import { parseViewState } from '../../lib/service-list/url-state';
import { pageRoutes } from '../../lib/contract/page-routes';
import { usePageRoutes } from '../../lib/client/cluster-context';

/**
 * All namespaces or one; on the Service list it narrows the list (keeping the rest of the view state).
 * It offers the namespaces whose Services this identity may read (RBAC decides, through access
 * reviews), the context's namespace and --namespaces included when namespaces cannot be listed; "All
 * namespaces" is disabled when the identity may not list Services everywhere.
 */
export function NamespaceSelector({ contextNamespace }: { contextNamespace?: string }) {
  const choices = useNamespaceChoices('list', contextNamespace ? [contextNamespace] : []);
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const routes = usePageRoutes();
  const view = parseViewState(params);
  // On a Service's pages (detail, edit, YAML), its namespace is the one being looked at.
  const current = view.namespace ?? pageRoutes.namespaceOfPage(pathname) ?? '';
  // The current one stays a choice (the page says when it may not be read).
  const options = [...new Set([...choices.names, current].filter(Boolean))].sort();
  const allForbidden = choices.everywhere === false;
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
        <option value="" disabled={allForbidden}>
          {allForbidden ? 'All namespaces (not allowed)' : 'All namespaces'}
        </option>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </>
  );
}
