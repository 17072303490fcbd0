import type { Metadata } from 'next';
import { ServiceYamlEditPage } from '../../../../../components/service-yaml/ServiceYamlEditPage';

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
  const { namespace, name } = await params;
  // `?restore=<id>`: the editor opens on that recorded version (Service history), diffed against live.
  const { restore } = await searchParams;
  return <ServiceYamlEditPage namespace={decodeURIComponent(namespace)} name={decodeURIComponent(name)} restoreId={typeof restore === 'string' && restore ? restore : undefined} />;
}
