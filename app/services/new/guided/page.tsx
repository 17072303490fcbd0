import type { Metadata } from 'next';
import { Suspense } from 'react';
import { GuidedPage } from '../../../../components/service-guided/GuidedPage';

export const metadata: Metadata = { title: 'Expose a workload' };

/** `/services/new/guided?step=N`: guided creation of a Service for newcomers. */
export default function GuidedServicePage() {
  return (
    <Suspense fallback={<p className="placeholder-page">Loading…</p>}>
      <GuidedPage />
    </Suspense>
  );
}
