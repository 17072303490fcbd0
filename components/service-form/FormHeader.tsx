'use client';
/** The header of the form pages: breadcrumbs back to the list (and the Service when editing) and the title. */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { pageRoutes } from '../../lib/client/page-routes';

export function FormHeader({ title, service, children }: { title: string; service?: { namespace: string; name: string }; children?: ReactNode }) {
  return (
    <div className="page-header">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href={pageRoutes.serviceListPath}>Services</Link>
        <span aria-hidden>/</span>
        {service ? (
          <>
            <Link href={pageRoutes.service(service.namespace, service.name)}>{service.name}</Link>
            <span aria-hidden>/</span>
          </>
        ) : null}
      </nav>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
