import type { Metadata } from 'next';
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
  // The Service in the first HTML. No Suspense boundary of its own: the page is rendered per request,
  // where the form's useSearchParams does not suspend, and a boundary that suspended would reveal the
  // form no sooner than 300 ms after the shell's paint (app/services/in-shell-or-streamed.tsx).
  return <WithFirstService page="edit" namespace={namespace} name={name} render={(service) => <EditServicePage namespace={namespace} name={name} carried={service} />} />;
}
