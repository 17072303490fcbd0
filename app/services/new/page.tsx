import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ServiceYamlCreatePage } from '../../../components/service-yaml/ServiceYamlCreatePage';

export const metadata: Metadata = { title: 'Create a Service' };

/**
 * `/services/new?view=yaml`: "Create from YAML". (The form view of this page comes with the Service
 * forms; until then this route shows the YAML view.)
 */
export default function NewServicePage() {
  return (
    <Suspense fallback={null}>
      <ServiceYamlCreatePage />
    </Suspense>
  );
}
