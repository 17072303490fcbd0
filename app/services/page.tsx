import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ListLoading } from '../../components/service-list/ListStates';
import { InShellOrStreamed } from './in-shell-or-streamed';
import { ServiceListView } from '../../components/service-list/ServiceListView';
import { apiPaths, apiUrl } from '../../lib/client/api-paths';
import { prefetchScript } from '../../lib/client/prefetch';
import { ROW_STREAM_CONTENT_TYPE } from '../../lib/service-list/row-stream';
import { namespaceToOpen } from '../../lib/server/access';
import { authConfig } from '../../lib/server/auth-mode';
import { configuredNamespaces } from '../../lib/server/configured-namespaces';
import { redirectTarget } from '../../lib/server/redirect-target';
import { cspNonce } from '../../lib/server/csp-nonce';
import { identityFor, type RequestIdentity } from '../../lib/server/identity';
import { firstServiceRows } from '../../lib/server/first-rows';
import { isPhoneRequest } from '../../lib/server/request-device';
import { firstListPageAnswers } from '../../lib/server/first-answers';
import { FirstAnswersProvider } from '../../lib/client/first-answers';
import { liveSnapshot } from '../../lib/server/watch-hub';
import { RequestClock } from '../../lib/client/hydration';
import { WHOLE_LIST_MAX } from '../../lib/service-list/first-rows';
import { pageClusterParam, pageClusterScope } from '../../lib/server/page-cluster';
import { routesFor } from '../../lib/contract/page-routes';
import { parseViewState } from '../../lib/service-list/url-state';

/**
 * An identity that may not list Services across namespaces opens a namespace where it may: its
 * kubeconfig context's namespace (kubectl's default), else one of --namespaces, else (token and proxy
 * users) one it can see, instead of a "not allowed" page.
 */
async function namespaceIfAllForbidden(cluster: string | undefined): Promise<string | undefined> {
  try {
    const kc = identityFor(await headers(), cluster).kubeConfig;
    const own = kc.getContextObject(kc.getCurrentContext())?.namespace;
    // A token or proxy user has no context namespace: look for one it may read.
    return await namespaceToOpen(kc, [own ?? '', ...configuredNamespaces()], { discover: authConfig().mode !== 'kubeconfig' });
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
  const cluster = await pageClusterParam();
  const scope = await pageClusterScope();
  const routes = routesFor(scope);
  if (!namespace) {
    const own = await namespaceIfAllForbidden(cluster);
    if (own) redirect(redirectTarget(routes.serviceList({ ...view, namespace: own })));
  }
  // The URL the list hook will ask for (api-paths.ts names the cluster the same way).
  const rows = apiUrl(apiPaths.serviceRows(namespace), scope);
  const nonce = await cspNonce();
  const requestHeaders = await headers();
  // How many rows the HTML renders (a phone's screen, or a tall desktop window's).
  const phone = isPhoneRequest(requestHeaders);
  let identity: RequestIdentity | undefined;
  try {
    identity = identityFor(requestHeaders, cluster);
  } catch {
    identity = undefined;
  }
  // A long list the server holds already: the browser's request for the rest starts at once.
  const cached = identity ? liveSnapshot(identity, { resource: 'services', namespace, view: 'rows' }) : undefined;
  const prefetchNow = cached !== undefined && cached.items.length > WHOLE_LIST_MAX;
  // Start the list request before the JavaScript bundle has loaded (not for a list the HTML carries whole);
  // when the HTML shows the first rows, once the page's scripts are in.
  const prefetch = (when: 'now' | 'after-load') => (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: prefetchScript(rows, ROW_STREAM_CONTENT_TYPE, when) }} />
  );
  return (
    <>
      {prefetchNow ? prefetch('after-load') : null}
      <InShellOrStreamed
        // The rows, and what the page's controls and the app chrome ask (who the identity is, the
        // namespaces, where it may create and change Services), read in parallel as the page's identity.
        data={Promise.all([firstServiceRows(identity, view), firstListPageAnswers(identity, requestHeaders, cluster, namespace)])}
        fallback={<ListLoading />}
        render={([{ now, first }, answers]) => (
          <>
            {prefetchNow || first?.complete ? null : prefetch(first ? 'after-load' : 'now')}
            <RequestClock now={now}>
              <FirstAnswersProvider answers={answers}>
                <ServiceListView first={first} phone={phone} />
              </FirstAnswersProvider>
            </RequestClock>
          </>
        )}
      />
    </>
  );
}
