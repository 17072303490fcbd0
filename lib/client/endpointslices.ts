'use client';
import type { EndpointSlice } from '../k8s/types';
import type { ListSnapshot, WatchSpec } from '../live/protocol';
import { apiPaths } from './api-paths';
import { fetchSnapshot, useLiveList, type LiveList } from './live-list';

/**
 * Every EndpointSlice (or one namespace's), kept live: one list call for the whole Service list.
 * `enabled: false` defers the (large) list, e.g. until the Services themselves are on screen.
 */
export function useEndpointSliceList(namespace?: string, options: { enabled?: boolean } = {}): LiveList<EndpointSlice> {
  const spec: WatchSpec | undefined = options.enabled === false ? undefined : { resource: 'endpointslices', namespace };
  return useLiveList<EndpointSlice>(spec, (signal) => fetchSnapshot<EndpointSlice>(apiPaths.endpointSlices(namespace), signal));
}

/** The EndpointSlices of one Service (label kubernetes.io/service-name), kept live; `initial`: as the page's HTML carried them. */
export function useServiceEndpointSlices(namespace: string, service: string, initial?: ListSnapshot<EndpointSlice>): LiveList<EndpointSlice> {
  const spec: WatchSpec = { resource: 'endpointslices', namespace, labelSelector: `kubernetes.io/service-name=${service}` };
  return useLiveList<EndpointSlice>(spec, (signal) => fetchSnapshot<EndpointSlice>(apiPaths.endpointSlices(namespace, service), signal), initial);
}
