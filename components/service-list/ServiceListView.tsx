'use client';
import Link from 'next/link';
import { useCallback } from 'react';
import { useSearchParams } from 'next/navigation';
import { useConnectionState } from '../../lib/client/providers';
import { useNow } from '../../lib/client/use-now';
import { useServiceListModel } from '../../lib/client/service-list-view';
import { useNamespaces } from '../../lib/client/namespaces';
import { useUrlViewState } from '../../lib/client/use-url-view-state';
import { humanDuration } from '../../lib/k8s/duration';
import type { FirstRows } from '../../lib/service-list/first-rows';
import { Icon } from '../chrome/Icon';
import { ReadableNamespacesNote } from '../chrome/ReadableNamespacesNote';
import { ListEmpty, ListError, ListLoading } from './ListStates';
import { ServiceTable } from './ServiceTable';
import { ServiceToolbar } from './ServiceToolbar';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { NewServiceActions } from '../service-actions/NewServiceActions';
import { RowActionsHost } from '../service-actions/RowActionsHost';

/**
 * The Service list page: toolbar, banners, and the virtualized table. All view state is in the URL.
 * `first`: the rows the server put into the page's HTML (lib/server/first-rows.ts); `phone`: the
 * request came from a phone, so the HTML renders a phone's screen of them (lib/server/request-device.ts).
 */
export function ServiceListView({ first, phone = false }: { first?: FirstRows; phone?: boolean }) {
  const routes = usePageRoutes();
  const [view, setView] = useUrlViewState(routes.serviceList);
  const q = view.q;
  // Stable (the search box re-renders only when its text changes): a functional update of the view.
  const setQ = useCallback((text: string) => setView((v) => ({ ...v, q: text })), [setView]);

  const params = useSearchParams();
  const rawNamespace = params.get('namespace');
  const model = useServiceListModel(view, first);
  const namespaces = useNamespaces();
  const conn = useConnectionState();
  const filtered = view.q.trim() !== '' || view.types.length > 0 || !!view.attention;

  return (
    <>
      <div className="page-header">
        <h1>Services</h1>
        <span className="page-sub">
          {view.namespace ? (
            <>
              in namespace <strong>{view.namespace}</strong>
            </>
          ) : (
            'in all namespaces'
          )}
        </span>
        <NewServiceActions namespace={view.namespace} />
        {view.namespace ? (
          <Link className="button" href={routes.deletedServices(view.namespace)}>
            Recently deleted
          </Link>
        ) : null}
      </div>
      <ServiceToolbar
        view={view}
        query={q}
        onQuery={setQ}
        onView={(v) => setView(v)}
        typeCounts={model.typeCounts}
        // A list that cannot be read counts nothing, like the type chips (not an endless "…").
        attentionCount={model.error ? 0 : model.attentionCount}
        shown={model.shown}
        total={model.total}
        loadingMore={model.loadingMore}
      />
      <ReadableNamespacesNote />
      {rawNamespace && !view.namespace ? (
        <div className="banner warn" role="status" data-testid="bad-namespace">
          <Icon name="info" />
          <div>
            <strong>“{rawNamespace}” is not a namespace name, so all namespaces are shown.</strong>
            Namespace names are at most 63 lowercase letters, digits and “-”, starting and ending with a letter or digit.
          </div>
        </div>
      ) : null}
      {model.rows && conn.state === 'stale' ? <StaleBanner lastEventAt={conn.lastEventAt} message={conn.message} /> : null}
      {model.refreshError && conn.state !== 'stale' ? (
        <div className="banner bad" role="alert">
          <Icon name="alert" />
          <div>
            <strong>
              The list could not be refreshed ({model.refreshError.code} {model.refreshError.reason}).
            </strong>
            {model.refreshError.message}
          </div>
        </div>
      ) : null}
      {model.endpointsError && model.rows ? (
        <div className="banner warn" role="status">
          <Icon name="info" />
          <div>
            <strong>Endpoint counts are unavailable.</strong> {model.endpointsError.message}
          </div>
        </div>
      ) : null}
      <div className="table-wrap">
        {model.rows ? (
          model.rows.length > 0 ? (
            <RowActionsHost findService={(key) => model.rows?.find((r) => r.key === key)?.service}>
              <ServiceTable rows={model.rows} phone={phone} view={view} onSort={(v) => setView(v)} endpointsLoading={model.endpointsLoading} endpointsKnown={model.endpointsKnown} />
            </RowActionsHost>
          ) : (
            <ListEmpty
              namespace={view.namespace}
              namespaceExists={namespaces.items && view.namespace ? namespaces.items.some((n) => n.metadata.name === view.namespace) : undefined}
              filtered={filtered}
              query={view.q}
              onClear={() => setView({ ...view, q: '', types: [], attention: false })}
            />
          )
        ) : model.error ? (
          <ListError status={model.error} />
        ) : (
          <ListLoading />
        )}
      </div>
    </>
  );
}

/** The live stream is interrupted: how long ago the last update came (ticks each second, only while shown). */
function StaleBanner({ lastEventAt, message }: { lastEventAt?: number; message?: string }) {
  const now = useNow(1000);
  return (
    <div className="banner warn" role="alert" data-testid="stale-banner">
      <Icon name="unplugged" />
      <div>
        <strong>Showing the last known data{lastEventAt ? ` (last update ${humanDuration(Math.max(0, now - lastEventAt))} ago)` : ''}.</strong>
        {message ?? 'The live update stream is interrupted.'} Porthole keeps retrying and catches up by itself.
      </div>
    </div>
  );
}
