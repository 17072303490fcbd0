'use client';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useConnectionState } from '../../lib/client/providers';
import { isClusterDataKey } from '../../lib/client/query-keys';
import { humanDuration } from '../../lib/k8s/duration';

const LABEL = { idle: 'Live', connecting: 'Connecting', live: 'Live', reconnecting: 'Reconnecting', stale: 'Stale' } as const;

/** After this long connecting, the pill shows how long it has been waiting (a slow API server). */
const SHOW_WAIT_AFTER_MS = 2000;

/** Live / connecting (with the time waited) / reconnecting / stale (with the time since the last event), for the whole tab. */
export function ConnectionIndicator() {
  const conn = useConnectionState();
  const queryClient = useQueryClient();
  // Permission checks and the schema answer even when the cluster cannot be reached: only cluster data counts.
  const nothingLoaded =
    conn.lastEventAt === undefined && !queryClient.getQueryCache().getAll().some((q) => isClusterDataKey(q.queryKey) && q.state.data !== undefined);
  // Queries loading for the first time (a list the API server is slow to send): the page is not live yet.
  const firstLoads = useIsFetching({ predicate: (q) => q.state.data === undefined });
  const loading = firstLoads > 0 || (conn.state === 'idle' && nothingLoaded);
  const state = (conn.state === 'idle' || conn.state === 'live') && loading ? 'connecting' : conn.state === 'idle' ? 'live' : conn.state;
  const degraded = state === 'stale' || state === 'reconnecting';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!degraded) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [degraded]);
  // How long the page has been connecting (an API server slow to answer): ticks while it lasts.
  const [waited, setWaited] = useState(0);
  useEffect(() => {
    if (state !== 'connecting') return;
    const started = Date.now();
    const t = setInterval(() => setWaited(Date.now() - started), 1000);
    return () => {
      clearInterval(t);
      setWaited(0);
    };
  }, [state]);
  // Nothing was ever loaded: there is no "last known data" to be stale, the cluster is unreachable.
  const neverLoaded = degraded && nothingLoaded;
  const since = conn.lastEventAt ?? conn.degradedSince;
  const age =
    degraded && since && !neverLoaded
      ? humanDuration(Math.max(0, now - since))
      : state === 'connecting' && waited >= SHOW_WAIT_AFTER_MS
        ? humanDuration(waited)
        : undefined;
  const title =
    state === 'live'
      ? 'Live: changes in the cluster appear as they happen'
      : state === 'connecting'
        ? `Connecting to the live update stream${age ? `: waiting for the API server for ${age}` : ''}`
        : neverLoaded
          ? `${conn.message ?? 'The cluster cannot be reached'}. Nothing loaded yet; Porthole keeps retrying.`
          : `${conn.message ?? 'The live update stream is interrupted'}. ${age ? `Last update ${age} ago. ` : ''}Porthole reconnects by itself.`;
  return (
    <span className="conn" data-state={state} data-testid="connection-state" role="status" aria-live="polite" title={title}>
      <span className="conn-dot" aria-hidden />
      {state === 'stale' && neverLoaded ? 'Unreachable' : LABEL[state]}
      {age ? <span className="conn-age"> · {age}</span> : null}
    </span>
  );
}
