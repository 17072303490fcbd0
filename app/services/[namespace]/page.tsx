import { redirect } from 'next/navigation';
import { pageRoutesHere } from '../../../lib/server/page-cluster';
import { parseViewState } from '../../../lib/service-list/url-state';
import { redirectTarget } from '../../../lib/server/redirect-target';

type Props = { params: Promise<{ namespace: string }> };

/** `/services/<namespace>` (how people edit URLs) is the list of that namespace. */
export default async function NamespaceServicesPage({ params }: Props) {
  const { namespace } = await params;
  const view = parseViewState(new URLSearchParams({ namespace: decodeURIComponent(namespace) }));
  redirect(redirectTarget((await pageRoutesHere()).serviceList({ namespace: view.namespace })));
}
