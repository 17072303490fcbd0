import type { Metadata } from 'next';
import { Suspense } from 'react';
import { EditServicePage } from '../../../../../components/service-form/EditServicePage';

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
  const { namespace, name } = await params;
  return (
    <Suspense fallback={<div className="state">Loading…</div>}>
      <EditServicePage namespace={decodeURIComponent(namespace)} name={decodeURIComponent(name)} />
    </Suspense>
  );
}
