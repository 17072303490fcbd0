'use client';
import Link from 'next/link';
import { usePageRoutes } from '../../lib/client/cluster-context';

/**
 * The edit form's and YAML editor's page for a Service the cluster does not have (deleted, or a link
 * meant for another cluster): what is missing, and the way on — that namespace's list or a new
 * Service — on the same cluster.
 */
export function ServiceNotFound({ namespace, name, testId }: { namespace: string; name: string; testId: string }) {
  const routes = usePageRoutes();
  return (
    <div className="state" data-testid={testId}>
      <h2>
        No Service {name} in namespace {namespace}
      </h2>
      <p>It may have been deleted, or it exists on another cluster.</p>
      <p>
        <Link href={routes.serviceList({ namespace })}>Services in {namespace}</Link> · <Link href={routes.newService({ namespace })}>Create a new Service</Link>
      </p>
    </div>
  );
}
