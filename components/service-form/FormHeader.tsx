'use client';
/** The header of the form pages: breadcrumbs back to the list (and the Service when editing) and the title. */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { usePageRoutes } from '../../lib/client/cluster-context';

export function FormHeader({ title, service, children }: { title: string; service?: { namespace: string; name: string }; children?: ReactNode }) {
  const routes = usePageRoutes();
  return (
    <div className="page-header">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href={routes.serviceList()}>Services</Link>
        <span aria-hidden>/</span>
        {service ? (
          <>
            <Link href={routes.service(service.namespace, service.name)}>{service.name}</Link>
            <span aria-hidden>/</span>
          </>
        ) : null}
      </nav>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
