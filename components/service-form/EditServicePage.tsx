'use client';
/** /services/<ns>/<name>/edit: the form on the Service as loaded; its live version is watched meanwhile. */
import { useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { useService } from '../../lib/client/services';
import { ServiceNotFound } from '../chrome/ServiceNotFound';
import { ServiceEditor } from './ServiceEditor';

export function EditServicePage({ namespace, name }: { namespace: string; name: string }) {
  const { service, query } = useService(namespace, name);
  const [initial, setInitial] = useState<Service | undefined>(undefined);
  if (!initial && service) setInitial(service);
  if (!initial) {
    if (service === null) {
      return <ServiceNotFound namespace={namespace} name={name} testId="edit-not-found" />;
    }
    return (
      <div className="state" aria-busy="true" role={query.isError ? 'alert' : undefined}>
        {query.isError ? `Cannot load the Service: ${(query.error as Error).message}. Retrying…` : 'Loading the Service…'}
      </div>
    );
  }
  return <ServiceEditor initial={initial} editing={{ live: service }} namespaces={[namespace]} />;
}
