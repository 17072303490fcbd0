'use client';
import { useEffect, useRef, useState } from 'react';
import { useCluster } from '../../lib/client/cluster-context';
import { useClusters, type ClusterSummary } from '../../lib/client/clusters';
import { routesFor } from '../../lib/contract/page-routes';
import { useCommitSelect } from './use-commit-select';

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
  // A new document: the chrome, caches and live stream then all belong to that cluster.
  const select = useCommitSelect(current ?? '', (name) => window.location.assign(routesFor(name).serviceList()));
  const announcement = useReachabilityAnnouncement(current, data?.clusters.find((c) => c.name === current));
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
        aria-describedby="cluster-select-hint"
        {...select}
      >
        {clusters.map((name) => (
          <option key={name} value={name}>
            {label(name)}
          </option>
        ))}
      </select>
      <span className="visually-hidden" role="status" data-testid="cluster-reachability-news">
        {announcement}
      </span>
      <span id="cluster-select-hint" className="visually-hidden">
        Opens that cluster&apos;s Services. With the arrow keys, press Enter to open the one chosen.
      </span>
    </span>
  );
}

/**
 * What screen readers are told when this tab's cluster becomes unreachable or reachable again while
 * the page is open (the dot changes silently): nothing on the first answer, one sentence per change.
 */
function useReachabilityAnnouncement(current: string | undefined, summary: ClusterSummary | undefined): string {
  const [text, setText] = useState('');
  const last = useRef<string | undefined>(undefined);
  const state = summary?.reachability.state;
  useEffect(() => {
    if (!state || !current) return;
    const before = last.current;
    last.current = state;
    if (before === undefined || before === state) return;
    setText(state === 'reachable' ? `Cluster ${current} is reachable again.` : `Cluster ${current} is ${stateText(summary)}.`);
  }, [current, state, summary]);
  return text;
}
