import type { Metadata } from 'next';
import { RecentlyDeleted } from '../../../components/service-history/RecentlyDeleted';

type Props = { searchParams: Promise<{ namespace?: string | string[] }> };

const namespaceOf = (raw: { namespace?: string | string[] }) => (typeof raw.namespace === 'string' && raw.namespace ? raw.namespace : 'default');

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: `Recently deleted Services in ${namespaceOf(await searchParams)}` };
}

/** `/services/deleted?namespace=<ns>`: the Services of a namespace Porthole saw deleted, each re-creatable from its last version. */
export default async function RecentlyDeletedPage({ searchParams }: Props) {
  return <RecentlyDeleted namespace={namespaceOf(await searchParams)} />;
}
