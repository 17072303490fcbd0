import type { Metadata } from 'next';
import { ServiceDetail } from '../../../../components/service-detail/ServiceDetail';
import { WithFirstService } from './with-first-service';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { namespace, name } = await params;
  return { title: `${name} (${namespace})` };
}

/**
 * The Service detail page: `/services/<namespace>/<name>`. The Service, the lists its diagnosis
 * reads and what its controls may do are in the first HTML; everything on it is live (client side).
 */
export default async function ServiceDetailPage({ params }: { params: Promise<Params> }) {
  const p = await params;
  const namespace = decodeURIComponent(p.namespace);
  const name = decodeURIComponent(p.name);
  return <WithFirstService page="detail" namespace={namespace} name={name} render={(service, lists) => <ServiceDetail namespace={namespace} name={name} initial={service} initialLists={lists} />} />;
}
