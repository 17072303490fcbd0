'use client';
import Link from 'next/link';
import { Fragment } from 'react';
import { useNamespaceChoices } from '../../lib/client/namespace-choices';
import { pageRoutes } from '../../lib/client/page-routes';
import { Icon } from './Icon';

/**
 * For an identity that may not list Services in every namespace (a namespace-limited user): where it
 * may, as links to those lists ("You can read Services in: demo"). Nothing for anyone else, and
 * nothing while the access reviews are pending.
 */
export function ReadableNamespacesNote() {
  const choices = useNamespaceChoices('list');
  if (choices.everywhere !== false || choices.loading) return null;
  return (
    <div className="banner" role="status" data-testid="readable-namespaces">
      <Icon name="info" />
      <div>
        {choices.names.length ? (
          <strong>
            You can read Services in:{' '}
            {choices.names.map((ns, i) => (
              <Fragment key={ns}>
                {i ? ', ' : null}
                <Link href={pageRoutes.serviceList({ namespace: ns })}>{ns}</Link>
              </Fragment>
            ))}
          </strong>
        ) : (
          <strong>Porthole knows no namespace where you can read Services.</strong>
        )}
        This identity may not list Services in every namespace
        {choices.names.length ? ', so Porthole shows one namespace at a time.' : ': ask for access to a namespace, or start Porthole with --namespaces naming yours.'}
      </div>
    </div>
  );
}
