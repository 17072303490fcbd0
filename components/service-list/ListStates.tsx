'use client';
import type { Status } from '../../lib/k8s/types';
import { useNamespaceChoices } from '../../lib/client/namespace-choices';
import { Icon } from '../chrome/Icon';
import { NewServiceActions } from '../service-actions/NewServiceActions';

export function ListLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading Services" data-testid="list-loading">
      {Array.from({ length: 8 }, (_, i) => (
        <div className="skeleton-row" key={i}>
          <div className="skeleton-bar" style={{ width: `${18 + ((i * 7) % 12)}%` }} />
          <div className="skeleton-bar" style={{ width: '10%' }} />
          <div className="skeleton-bar" style={{ width: '9%' }} />
          <div className="skeleton-bar" style={{ width: '12%' }} />
          <div className="skeleton-bar" style={{ width: '22%' }} />
        </div>
      ))}
    </div>
  );
}

export function ListEmpty({
  namespace,
  namespaceExists,
  filtered,
  query,
  onClear,
}: {
  namespace?: string;
  /** false when the namespace list is known and does not hold it. */
  namespaceExists?: boolean;
  filtered: boolean;
  query: string;
  onClear: () => void;
}) {
  // A namespace-limited identity may not pick "All namespaces": the note above says where it can read.
  const everywhere = useNamespaceChoices('list').everywhere;
  if (namespace && namespaceExists === false) {
    return (
      <div className="state" data-testid="list-empty">
        <div className="state-icon"><Icon name="compass" size={32} /></div>
        <h2>Namespace {namespace} does not exist</h2>
        <p>Pick a namespace at the top, or create it (<code>kubectl create namespace {namespace}</code>): its Services appear here as soon as they exist.</p>
      </div>
    );
  }
  if (filtered) {
    return (
      <div className="state" data-testid="list-empty">
        <div className="state-icon"><Icon name="search" size={32} /></div>
        <h2>No Services match{query ? <> “{query}”</> : ' these filters'}</h2>
        <p>Search looks at names, namespaces, types, labels, IPs, ports and selectors. Every word must match; <code>key=value</code> matches a label exactly.</p>
        <div className="actions">
          <button type="button" className="button" onClick={onClear}>
            Clear search and filters
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="state" data-testid="list-empty">
      <div className="state-icon"><Icon name="inbox" size={32} /></div>
      <h2>{namespace ? `No Services in namespace ${namespace}` : 'No Services in this cluster'}</h2>
      <p>
        Services created with <code>kubectl apply</code> or by any other client appear here as soon as they exist — no need to reload.
      </p>
      {namespace && everywhere !== false ? <p>Pick “All namespaces” at the top to look everywhere.</p> : null}
      <div className="actions">
        <NewServiceActions namespace={namespace} />
      </div>
    </div>
  );
}

function advice(status: Status): string {
  switch (status.code) {
    case 401:
      return 'The credentials in the kubeconfig were refused. Check the user of the current context, or log in again.';
    case 403:
      return 'The identity Porthole uses may not list Services here. Pick one namespace you have access to, or switch identity.';
    case 404:
      return 'The API server does not know this resource or namespace.';
    case 503:
    case 0:
      return 'Check that the cluster is running and reachable from this machine. Porthole keeps retrying and shows the list as soon as it answers.';
    default:
      return 'Porthole keeps retrying when the problem is on the server side.';
  }
}

export function ListError({ status }: { status: Status }) {
  const title =
    status.code === 503 || status.code === 0
      ? 'Cannot reach the Kubernetes API server'
      : status.code === 403
        ? 'Not allowed to list Services'
        : status.code === 401
          ? 'Not logged in to the cluster'
          : `The API server answered ${status.code} ${status.reason ?? ''}`;
  return (
    <div className="state" role="alert" data-testid="list-error">
      <div className="state-icon"><Icon name={status.code === 503 || status.code === 0 ? 'unplugged' : 'alert'} size={32} /></div>
      <h2>{title}</h2>
      <p>
        <code>{status.message}</code>
      </p>
      <p>{advice(status)}</p>
    </div>
  );
}
