import type { Metadata } from 'next';
import { Suspense } from 'react';
import { EditServicePage } from '../../../../../components/service-form/EditServicePage';
import { WithFirstService } from '../with-first-service';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { namespace, name } = await params;
  return { title: `Edit ${decodeURIComponent(name)} (${decodeURIComponent(namespace)})` };
}

/** `/services/<namespace>/<name>/edit`: edit a Service with the form (`?view=form|yaml`). */
export default async function EditService({ params }: { params: Promise<Params> }) {
  const p = await params;
  const namespace = decodeURIComponent(p.namespace);
  const name = decodeURIComponent(p.name);
  // The Service in the first HTML; the inner boundary is for the form's useSearchParams.
  return (
    <WithFirstService
      namespace={namespace}
      name={name}
      render={(service) => (
        <Suspense fallback={<div className="state">Loading…</div>}>
          <EditServicePage namespace={namespace} name={name} carried={service} />
        </Suspense>
      )}
    />
  );
}
