'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useConnectionState } from '../../lib/client/providers';
import { queryKeys } from '../../lib/client/query-keys';
import { humanDuration } from '../../lib/service-list/format';

const LABEL = { idle: 'Live', connecting: 'Connecting', live: 'Live', reconnecting: 'Reconnecting', stale: 'Stale' } as const;

/** Live / reconnecting / stale (with the time since the last event), for the whole tab. */
export function ConnectionIndicator() {
  const conn = useConnectionState();
  const degraded = conn.state === 'stale' || conn.state === 'reconnecting';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!degraded) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [degraded]);
  // Nothing was ever loaded: there is no "last known data" to be stale, the cluster is unreachable.
  const queryClient = useQueryClient();
  // (Who the browser acts as comes from Porthole itself, not from the cluster: it does not count.)
  const identityKey = queryKeys.identity()[1];
  const neverLoaded =
    degraded && conn.lastEventAt === undefined && !queryClient.getQueryCache().getAll().some((q) => q.state.data !== undefined && q.queryKey[1] !== identityKey);
  const since = conn.lastEventAt ?? conn.degradedSince;
  const age = degraded && since && !neverLoaded ? humanDuration(Math.max(0, now - since)) : undefined;
  const title =
    conn.state === 'live' || conn.state === 'idle'
      ? 'Live: changes in the cluster appear as they happen'
      : conn.state === 'connecting'
        ? 'Connecting to the live update stream'
        : neverLoaded
          ? `${conn.message ?? 'The cluster cannot be reached'}. Nothing loaded yet; Porthole keeps retrying.`
          : `${conn.message ?? 'The live update stream is interrupted'}. ${age ? `Last update ${age} ago. ` : ''}Porthole reconnects by itself.`;
  const state = conn.state === 'idle' ? 'live' : conn.state;
  return (
    <span className="conn" data-state={state} data-testid="connection-state" role="status" aria-live="polite" title={title}>
      <span className="conn-dot" aria-hidden />
      {conn.state === 'stale' && neverLoaded ? 'Unreachable' : LABEL[conn.state]}
      {age ? <span className="conn-age"> · {age}</span> : null}
    </span>
  );
}
