import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ListLoading } from '../../components/service-list/ListStates';
import { ServiceListView } from '../../components/service-list/ServiceListView';

export const metadata: Metadata = { title: 'Services' };

export default function ServicesPage() {
  return (
    <Suspense fallback={<ListLoading />}>
      <ServiceListView />
    </Suspense>
  );
}
