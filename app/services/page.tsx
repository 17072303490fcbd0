import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ListLoading } from '../../components/service-list/ListStates';
import { ServiceListView } from '../../components/service-list/ServiceListView';
import { apiPaths } from '../../lib/client/api-paths';
import { prefetchScript } from '../../lib/client/prefetch';
import { parseViewState } from '../../lib/service-list/url-state';

export const metadata: Metadata = { title: 'Services' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ServicesPage({ searchParams }: Props) {
  const raw = await searchParams;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') params.set(k, v);
  const { namespace } = parseViewState(params);
  return (
    <>
      {/* Start the list request before the JavaScript bundle has loaded. */}
      <script dangerouslySetInnerHTML={{ __html: prefetchScript(apiPaths.services(namespace)) }} />
      <Suspense fallback={<ListLoading />}>
        <ServiceListView />
      </Suspense>
    </>
  );
}
