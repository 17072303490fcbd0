'use client';
/**
 * The legacy Endpoints object of one Service, kept live (added by the detail page: the fallback when
 * the cluster serves no EndpointSlice API, and the "no selector, hand-made Endpoints" diagnosis).
 * `endpoints` is undefined while loading and null when there is none.
 */
import type { Endpoints } from '../k8s/types';
import type { ListSnapshot, WatchSpec } from '../live/protocol';
import { apiPaths } from './api-paths';
import { requestJson } from './fetch-json';
import { useLiveList, type LiveList } from './live-list';

const oneEndpointsSpec = (namespace: string, name: string): WatchSpec => ({
  resource: 'endpoints',
  namespace,
  fieldSelector: `metadata.name=${name}`,
});

/** `initial`: as the page's HTML carried it (one item, or none when there is no Endpoints object). */
export function useLiveEndpoints(namespace: string, name: string, initial?: ListSnapshot<Endpoints>): LiveList<Endpoints> & { endpoints: Endpoints | null | undefined } {
  const live = useLiveList<Endpoints>(oneEndpointsSpec(namespace, name), async (signal) => {
    try {
      const { data } = await requestJson<Endpoints>(apiPaths.endpoints(namespace, name), { signal });
      return { resourceVersion: data.metadata.resourceVersion ?? '', items: [data] };
    } catch (err) {
      if ((err as { code?: number }).code === 404) return { resourceVersion: '', items: [] };
      throw err;
    }
  }, initial);
  return { ...live, endpoints: live.items === undefined ? undefined : (live.items[0] ?? null) };
}
