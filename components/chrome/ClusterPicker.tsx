'use client';
import { useCluster } from '../../lib/client/cluster-context';
import { useClusters, type ClusterSummary } from '../../lib/client/clusters';
import { routesFor } from '../../lib/client/page-routes';

/** What the picker says of a cluster's reachability. */
function stateText(summary: ClusterSummary | undefined): string {
  if (!summary) return 'checking…';
  return summary.reachability.state === 'reachable' ? 'reachable' : `unreachable: ${summary.reachability.reason}`;
}

/**
 * The cluster picker (shown when Porthole knows several clusters): each cluster with its
 * reachability. Choosing one opens its Service list in a new document (URL `?cluster=<name>`): the
 * chrome, caches and live stream then all belong to that cluster.
 */
export function ClusterPicker() {
  const { current, clusters } = useCluster();
  const { data, isError } = useClusters(clusters.length > 1);
  if (!current || clusters.length < 2) return null;
  const byName = new Map((data?.clusters ?? []).map((c) => [c.name, c]));
  const here = byName.get(current);
  const label = (name: string): string => {
    const summary = byName.get(name);
    const state = isError && !summary ? 'reachability unknown' : stateText(summary);
    return `${name}${summary?.default ? ' (default)' : ''} — ${state}`;
  };
  return (
    <span className="cluster-picker">
      <span
        className={`cluster-dot ${here ? here.reachability.state : 'checking'}`}
        role="img"
        aria-label={`This cluster is ${stateText(here)}`}
        title={stateText(here)}
        data-testid="cluster-reachability"
      />
      <label htmlFor="cluster-select">Cluster</label>
      <select
        id="cluster-select"
        className="select"
        data-testid="cluster-select"
        value={current}
        onChange={(e) => window.location.assign(routesFor(e.target.value).serviceList())}
      >
        {clusters.map((name) => (
          <option key={name} value={name}>
            {label(name)}
          </option>
        ))}
      </select>
    </span>
  );
}
