'use client';
/** Step one of /services/new: choose the kind of Service, each with what it is for. */
import Link from 'next/link';
import { pageRoutes } from '../../lib/client/page-routes';
import { SERVICE_KIND_DESCRIPTIONS, SERVICE_KINDS } from '../../lib/service';

export function KindPicker({ namespace }: { namespace?: string }) {
  return (
    <div className="sf-page">
      <div className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link href={pageRoutes.serviceListPath}>Services</Link>
          <span aria-hidden>/</span>
        </nav>
        <h1>New Service</h1>
        <span className="page-sub">First choose what kind of Service: the form then shows only the fields that kind uses.</span>
      </div>
      <ul className="sf-kinds" aria-label="Service types">
        {SERVICE_KINDS.map((k) => (
          <li key={k}>
            <Link className="sf-kind" href={pageRoutes.newService({ type: k, namespace })}>
              <strong>{k}</strong>
              <span>{SERVICE_KIND_DESCRIPTIONS[k]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
