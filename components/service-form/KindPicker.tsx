'use client';
/** Step one of /services/new: choose the kind of Service, each with what it is for. */
import Link from 'next/link';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { SERVICE_KIND_DESCRIPTIONS, SERVICE_KINDS } from '../../lib/service';
import { FormHeader } from './FormHeader';

export function KindPicker({ namespace }: { namespace?: string }) {
  const routes = usePageRoutes();
  return (
    <div className="sf-page">
      <FormHeader title="New Service">
        <span className="page-sub">First choose what kind of Service: the form then shows only the fields that kind uses.</span>
      </FormHeader>
      <ul className="sf-kinds" aria-label="Service types">
        {SERVICE_KINDS.map((k) => (
          <li key={k}>
            <Link className="sf-kind" href={routes.newService({ type: k, namespace })}>
              <strong>{k}</strong>
              <span>{SERVICE_KIND_DESCRIPTIONS[k]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
