'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useCanI } from '../../lib/client/access';
import { READ_ONLY_REASON } from '../../lib/read-only';
import { parseViewState } from '../../lib/service-list/url-state';
import { pageRoutes } from '../../lib/contract/page-routes';

/**
 * "Read-only" next to the identity when it may not change Services where the user is looking (the
 * namespace of the page, else the context's): asked with a SelfSubjectAccessReview, so it follows
 * the cluster's RBAC, not a guess from the context name.
 */
export function ReadOnlyBadge({ contextNamespace }: { contextNamespace?: string }) {
  const pathname = usePathname();
  const params = useSearchParams();
  // /services/new/guided names no namespace ("new" is not one): the context's namespace then.
  const namespace = pageRoutes.namespaceOfPage(pathname) ?? parseViewState(params).namespace ?? contextNamespace;
  const update = useCanI({ verb: 'update', resource: 'services', namespace });
  // Where it may not even read (a namespace-limited user elsewhere), "Read-only" would say too much.
  const read = useCanI({ verb: 'list', resource: 'services', namespace }, update.data?.allowed === false);
  if (update.data?.allowed !== false || read.data === undefined) return null;
  const where = namespace ? ` in namespace ${namespace}` : '';
  const noAccess = read.data.allowed === false && update.data.reason !== READ_ONLY_REASON;
  return (
    <span
      className="readonly-badge"
      data-testid={noAccess ? 'no-access' : 'read-only'}
      title={
        noAccess
          ? `This identity may not read Services${where}: Porthole says where it can.`
          : update.data.reason === READ_ONLY_REASON
            ? READ_ONLY_REASON
            : `This identity may not change Services${where}: Porthole shows, but does not offer, edits.`
      }
    >
      <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.6">
        <rect x="3" y="7" width="10" height="7" rx="1.5" />
        <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
      </svg>
      {noAccess ? 'No access here' : 'Read-only'}
    </span>
  );
}
