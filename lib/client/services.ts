'use client';
/**
 * Services: the live list (all namespaces or one), one live Service, and the writes (create, replace,
 * patch, delete — each with dry-run). Writes need no cache update: the watch stream delivers the result.
 */
import { useEffect } from 'react';
import type { DeleteOptions, Service } from '../k8s/types';
import type { ListSnapshot, WatchSpec } from '../live/protocol';
import type { ListedService } from '../service-list/projection';
import { apiPaths, writeQuery, type WriteQuery } from './api-paths';
import { requestJson, type JsonResult } from './fetch-json';
import { publishProgress, useListProgress } from './list-progress';
import { fetchServiceRowStream, type RowsProgress } from './service-rows-stream';
import { useLiveList, type LiveList } from './live-list';
import { queryKeys } from './query-keys';

/** The list's watch: the list projection (`view: 'rows'`), so its cache key is not a whole-object key. */
export const serviceListSpec = (namespace?: string): WatchSpec => ({ resource: 'services', namespace, view: 'rows' });

/**
 * Every Service (or one namespace's), kept live, as the list's projection (lib/service-list/projection.ts):
 * what the list shows, not whole objects. Use `useService` for a whole Service.
 */
export function useServiceList(namespace?: string, initial?: ListSnapshot<ListedService>): LiveList<ListedService> & { progress?: RowsProgress } {
  const spec = serviceListSpec(namespace);
  const id = JSON.stringify(queryKeys.list(spec));
  const live = useLiveList<ListedService>(
    spec,
    async (signal) => {
      publishProgress(id, undefined);
      try {
        return await fetchServiceRowStream(apiPaths.serviceRows(namespace), signal, (p) => publishProgress(id, p));
      } catch (err) {
        publishProgress(id, undefined);
        throw err;
      }
    },
    initial,
  );
  const progress = useListProgress(id);
  const complete = live.items !== undefined;
  useEffect(() => {
    if (complete) publishProgress(id, undefined);
  }, [complete, id]);
  // While the list streams in, its rows so far; the complete list (query data) wins once it is there.
  if (live.items !== undefined || !progress) return live;
  return { ...live, items: progress.items, progress };
}

const oneServiceSpec = (namespace: string, name: string): WatchSpec => ({
  resource: 'services',
  namespace,
  fieldSelector: `metadata.name=${name}`,
});

/**
 * One Service, kept live. `service` is undefined while loading and null when it does not exist.
 * `initial`: the Service the page's HTML was rendered with (lib/server/first-service.ts): no request,
 * the watch starts from its resourceVersion.
 */
export function useService(namespace: string, name: string, initial?: Service): LiveList<Service> & { service: Service | null | undefined } {
  const carried = initial ? { resourceVersion: initial.metadata.resourceVersion ?? '', items: [initial] } : undefined;
  const live = useLiveList<Service>(oneServiceSpec(namespace, name), async (signal) => {
    try {
      const { data } = await requestJson<Service>(apiPaths.service(namespace, name), { signal });
      return { resourceVersion: data.metadata.resourceVersion ?? '', items: [data] };
    } catch (err) {
      // Not there (yet): an empty list; the watch (started without a resourceVersion) shows it if it appears.
      if ((err as { code?: number }).code === 404) return { resourceVersion: '', items: [] };
      throw err;
    }
  }, carried);
  const service = live.items === undefined ? undefined : (live.items[0] ?? null);
  return { ...live, service };
}

export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';
const PATCH_CONTENT_TYPE: Record<PatchType, string> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
};

export interface ServiceRef {
  namespace: string;
  name: string;
}

export const serviceApi = {
  create: (namespace: string, service: Service, opts?: WriteQuery): Promise<JsonResult<Service>> =>
    requestJson<Service>(apiPaths.services(namespace) + writeQuery(opts), {
      method: 'POST',
      body: JSON.stringify(service),
      contentType: 'application/json',
    }),
  replace: (ref: ServiceRef, service: Service, opts?: WriteQuery): Promise<JsonResult<Service>> =>
    requestJson<Service>(apiPaths.service(ref.namespace, ref.name) + writeQuery(opts), {
      method: 'PUT',
      body: JSON.stringify(service),
      contentType: 'application/json',
    }),
  /** `patch` is a JSON value for json/merge/strategic, YAML or JSON text for apply. */
  patch: (ref: ServiceRef, type: PatchType, patch: unknown, opts?: WriteQuery): Promise<JsonResult<Service>> =>
    requestJson<Service>(apiPaths.service(ref.namespace, ref.name) + writeQuery(opts), {
      method: 'PATCH',
      body: typeof patch === 'string' ? patch : JSON.stringify(patch),
      contentType: PATCH_CONTENT_TYPE[type],
    }),
  delete: (ref: ServiceRef, options?: DeleteOptions, opts?: WriteQuery): Promise<JsonResult<unknown>> =>
    requestJson<unknown>(apiPaths.service(ref.namespace, ref.name) + writeQuery(opts), {
      method: 'DELETE',
      ...(options ? { body: JSON.stringify({ kind: 'DeleteOptions', apiVersion: 'v1', ...options }), contentType: 'application/json' } : {}),
    }),
};
