import type { Metadata } from 'next';
import { ServiceDetail } from '../../../../components/service-detail/ServiceDetail';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { namespace, name } = await params;
  return { title: `${name} (${namespace})` };
}

/** The Service detail page: `/services/<namespace>/<name>`. Everything on it is live (client side). */
export default async function ServiceDetailPage({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return <ServiceDetail namespace={decodeURIComponent(namespace)} name={decodeURIComponent(name)} />;
}
