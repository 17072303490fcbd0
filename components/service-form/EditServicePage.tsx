'use client';
/** /services/<ns>/<name>/edit: the form on the Service as loaded; its live version is watched meanwhile. */
import Link from 'next/link';
import { useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { useService } from '../../lib/client/services';
import { ServiceEditor } from './ServiceEditor';

export function EditServicePage({ namespace, name }: { namespace: string; name: string }) {
  const routes = usePageRoutes();
  const { service, query } = useService(namespace, name);
  const [initial, setInitial] = useState<Service | undefined>(undefined);
  if (!initial && service) setInitial(service);
  if (!initial) {
    if (service === null) {
      return (
        <div className="state" data-testid="edit-not-found">
          <h2>
            No Service {name} in namespace {namespace}
          </h2>
          <p>
            It may have been deleted. <Link href={routes.newService({ namespace })}>Create a new Service</Link>
          </p>
        </div>
      );
    }
    return (
      <div className="state" aria-busy="true" role={query.isError ? 'alert' : undefined}>
        {query.isError ? `Cannot load the Service: ${(query.error as Error).message}. Retrying…` : 'Loading the Service…'}
      </div>
    );
  }
  return <ServiceEditor initial={initial} editing={{ live: service }} namespaces={[namespace]} />;
}
