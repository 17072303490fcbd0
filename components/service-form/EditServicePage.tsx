'use client';
/** /services/<ns>/<name>/edit: the form on the Service as loaded; its live version is watched meanwhile. */
import { useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { useService } from '../../lib/client/services';
import { ServiceNotFound } from '../chrome/ServiceNotFound';
import { ServiceEditor } from './ServiceEditor';

/** `carried`: the Service the page's HTML was rendered with (the server read it as the page's identity). */
export function EditServicePage({ namespace, name, carried }: { namespace: string; name: string; carried?: Service }) {
  const { service, query } = useService(namespace, name, carried);
  const [initial, setInitial] = useState<Service | undefined>(() => service ?? undefined);
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
