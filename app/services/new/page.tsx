import type { Metadata } from 'next';
import { Suspense } from 'react';
import { NewServicePage } from '../../../components/service-form/NewServicePage';

export const metadata: Metadata = { title: 'New Service' };

/** `/services/new` (optionally `?type=NodePort&namespace=shop`): create a Service with the form. */
export default function NewService() {
  return (
    <Suspense fallback={<div className="state">Loading…</div>}>
      <NewServicePage />
    </Suspense>
  );
}
