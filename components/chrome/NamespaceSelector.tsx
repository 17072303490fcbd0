'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { useNamespaces } from '../../lib/client/namespaces';
import { parseViewState, serializeViewState } from '../../lib/service-list/url-state';

/** All namespaces or one; on the Service list it narrows the list (keeping the rest of the view state). */
export function NamespaceSelector() {
  const { items } = useNamespaces();
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const view = parseViewState(params);
  const names = useMemo(() => (items ?? []).map((n) => n.metadata.name ?? '').filter(Boolean).sort(), [items]);
  const current = view.namespace ?? '';
  const options = current && !names.includes(current) ? [...names, current].sort() : names;
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
          if (pathname === '/services') {
            // Same page: change the URL in place (Next keeps useSearchParams in sync), no server round trip.
            window.history.pushState(null, '', `/services${serializeViewState({ ...view, namespace })}`);
          } else {
            router.push(`/services${serializeViewState({ ...parseViewState(new URLSearchParams()), namespace })}`);
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
