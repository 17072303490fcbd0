'use client';
/**
 * The browser data layer's React roots: one QueryClient and one LiveConnection per tab.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { StatusError } from './fetch-json';
import { jitteredBackoff, LiveConnection, type ConnectionSnapshot } from './live-connection';
import { installCoalescedNotifications } from './query-notify';

const LiveContext = createContext<LiveConnection | undefined>(undefined);

function makeQueryClient(): QueryClient {
  installCoalescedNotifications();
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Live lists are kept fresh by the watch stream, never by refetching.
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Keep retrying while the API server is unreachable (503) or Porthole restarts; 4xx are final.
        retry: (count, err) => {
          const code = err instanceof StatusError ? err.code : 0;
          return code === 0 || code >= 500 || code === 429 ? count < 1000 : false;
        },
        retryDelay: (attempt) => jitteredBackoff(attempt, 500, 8000),
      },
      mutations: { retry: false },
    },
  });
}

export function PortholeProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [live] = useState(() => new LiveConnection(queryClient));
  useEffect(() => () => live.dispose(), [live]);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveContext.Provider value={live}>{children}</LiveContext.Provider>
    </QueryClientProvider>
  );
}

export function useLiveConnection(): LiveConnection {
  const live = useContext(LiveContext);
  if (!live) throw new Error('useLiveConnection outside <PortholeProviders>');
  return live;
}

const SERVER_SNAPSHOT: ConnectionSnapshot = { state: 'connecting', failures: {} };

/** The tab's live-update state: live / connecting / reconnecting / stale (+ since when, and why). */
export function useConnectionState(): ConnectionSnapshot {
  const live = useLiveConnection();
  return useSyncExternalStore(live.onChange, live.getSnapshot, () => SERVER_SNAPSHOT);
}
