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

/** "Edit YAML" of one Service: `/services/<namespace>/<name>/yaml`. Monaco loads on this route only. */
export default async function ServiceYamlRoute({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return <ServiceYamlEditPage namespace={decodeURIComponent(namespace)} name={decodeURIComponent(name)} />;
}
