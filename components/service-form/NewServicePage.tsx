'use client';
/** /services/new: the kind first (or from ?type=), then the form on a new Service of that kind. */
import { useSearchParams } from 'next/navigation';
import { useNamespaceChoices } from '../../lib/client/namespace-choices';
import { SERVICE_KINDS, type ServiceKind } from '../../lib/service';
import { newServiceSkeleton } from '../../lib/service-draft/form-model';
import { KindPicker } from './KindPicker';
import { ServiceEditor } from './ServiceEditor';

function kindFrom(value: string | null): ServiceKind | undefined {
  return SERVICE_KINDS.find((k) => k.toLowerCase() === (value ?? '').toLowerCase());
}

export function NewServicePage() {
  const params = useSearchParams();
  const kind = kindFrom(params.get('type'));
  const wanted = params.get('namespace') ?? undefined;
  // Where the identity may create Services: listed namespaces, or its context's and --namespaces.
  const { names: creatable, loading } = useNamespaceChoices('create');
  if (!kind) return <KindPicker namespace={wanted} />;
  if (loading) {
    return (
      <div className="state" aria-busy="true">
        Loading namespaces…
      </div>
    );
  }
  const offered = creatable.length ? creatable : [wanted ?? 'default'];
  const namespace = wanted && offered.includes(wanted) ? wanted : offered.includes('default') ? 'default' : offered[0];
  return <ServiceEditor key={kind} initial={newServiceSkeleton(kind, namespace)} namespaces={offered} />;
}
