import { redirect } from 'next/navigation';
import { pageRoutes } from '../../../lib/client/page-routes';
import { parseViewState } from '../../../lib/service-list/url-state';

type Props = { params: Promise<{ namespace: string }> };

/** `/services/<namespace>` (how people edit URLs) is the list of that namespace. */
export default async function NamespaceServicesPage({ params }: Props) {
  const { namespace } = await params;
  const view = parseViewState(new URLSearchParams({ namespace: decodeURIComponent(namespace) }));
  redirect(pageRoutes.serviceList({ namespace: view.namespace }));
}
