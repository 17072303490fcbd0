import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { ListLoading } from '../../components/service-list/ListStates';
import { ServiceListView } from '../../components/service-list/ServiceListView';
import { apiPaths } from '../../lib/client/api-paths';
import { prefetchScript } from '../../lib/client/prefetch';
import { ROW_STREAM_CONTENT_TYPE } from '../../lib/service-list/row-stream';
import { pageRoutes } from '../../lib/client/page-routes';
import { mayListServicesEverywhere } from '../../lib/server/access';
import { cspNonce } from '../../lib/server/csp-nonce';
import { identityFor } from '../../lib/server/identity';
import { parseViewState } from '../../lib/service-list/url-state';

/**
 * An identity that may not list Services across namespaces but whose kubeconfig context names a
 * namespace opens that namespace (kubectl's default), instead of a "not allowed" page.
 */
async function contextNamespaceIfForbidden(): Promise<string | undefined> {
  try {
    const identity = identityFor(await headers());
    const kc = identity.kubeConfig;
    const namespace = kc.getContextObject(kc.getCurrentContext())?.namespace;
    if (!namespace) return undefined;
    return (await mayListServicesEverywhere(kc)) === false ? namespace : undefined;
  } catch {
    return undefined;
  }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The tab says which namespace it shows. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const raw = await searchParams;
  const ns = typeof raw.namespace === 'string' ? parseViewState(new URLSearchParams({ namespace: raw.namespace })).namespace : undefined;
  return { title: ns ? `Services in ${ns}` : 'Services' };
}

export default async function ServicesPage({ searchParams }: Props) {
  const raw = await searchParams;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') params.set(k, v);
  const view = parseViewState(params);
  const { namespace } = view;
  if (!namespace) {
    const own = await contextNamespaceIfForbidden();
    if (own) redirect(pageRoutes.serviceList({ ...view, namespace: own }));
  }
  return (
    <>
      {/* Start the list request before the JavaScript bundle has loaded. */}
      <script nonce={await cspNonce()} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: prefetchScript(apiPaths.serviceRows(namespace), ROW_STREAM_CONTENT_TYPE) }} />
      <Suspense fallback={<ListLoading />}>
        <ServiceListView />
      </Suspense>
    </>
  );
}
