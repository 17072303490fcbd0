import type { Metadata } from 'next';
import { ServiceYamlEditPage } from '../../../../../components/service-yaml/ServiceYamlEditPage';
import { WithFirstService } from '../with-first-service';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { namespace, name } = await params;
  return { title: `Edit YAML: ${decodeURIComponent(name)} (${decodeURIComponent(namespace)})` };
}

/** "Edit YAML" of one Service: `/services/<namespace>/<name>/yaml[?restore=<version id>]`. Monaco loads on this route only. */
export default async function ServiceYamlRoute({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<{ restore?: string | string[] }> }) {
  const p = await params;
  const namespace = decodeURIComponent(p.namespace);
  const name = decodeURIComponent(p.name);
  // `?restore=<id>`: the editor opens on that recorded version (Service history), diffed against live.
  const { restore } = await searchParams;
  const restoreId = typeof restore === 'string' && restore ? restore : undefined;
  return (
    <WithFirstService
      page="yaml"
      namespace={namespace}
      name={name}
      render={(service) => <ServiceYamlEditPage namespace={namespace} name={name} restoreId={restoreId} carried={service} />}
    />
  );
}
