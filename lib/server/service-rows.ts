import 'server-only';
import type { KubeObject, Service, ServiceList } from '../k8s/types';
import type { ListSnapshot, WatchSpec } from '../live/protocol';
import { projectService } from '../service-list/projection';
import { encodeServiceRows } from '../service-list/row-wire';
import { API_CACHE_CONTROL } from './errors';
import type { RequestIdentity } from './identity';
import { services } from './operations';
import { relay } from './route';
import { cachedServiceRows, seedServiceRows } from './service-rows-cache';
import { readJson } from './upstream';
import type { WatchSink } from './upstream-watch';

/**
 * The Service list's projection on the server (lib/service-list/projection.ts): the list route answers
 * the projected Services in their compact wire form (lib/service-list/row-wire.ts), and a watch asked for `view: 'rows'` sends projected objects
 * in its resyncs and changes. The browser never downloads managedFields or annotations for the list.
 */
/** The encoded text per cached snapshot: many tabs opening the same unchanged list share it. */
const encoded = new WeakMap<ListSnapshot, string>();

function listResponse(snapshot: ListSnapshot, cache: 'hit' | 'miss'): Response {
  let text = encoded.get(snapshot);
  if (text === undefined) {
    text = JSON.stringify(encodeServiceRows(snapshot));
    encoded.set(snapshot, text);
  }
  return new Response(text, {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': API_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff', 'X-Porthole-Cache': cache },
  });
}

/**
 * The projected list for this identity: from the server's live cache when it has one (no request to
 * the API server), else listed (and parsed, and projected) now, which seeds the cache.
 */
export async function serviceRowsResponse(identity: RequestIdentity, namespace: string | undefined, signal: AbortSignal): Promise<Response> {
  const cached = cachedServiceRows(identity.name, namespace);
  if (cached) return listResponse(cached, 'hit');
  const res = await services.list(identity.kubeConfig, { namespace, signal });
  if (res.status !== 200) return relay(res);
  const list = (await readJson(res.body)) as ServiceList;
  const snapshot: ListSnapshot = { resourceVersion: list.metadata?.resourceVersion ?? '', items: (list.items ?? []).map(projectService) };
  if (snapshot.resourceVersion) seedServiceRows(identity.name, identity.kubeConfig, namespace, snapshot);
  return listResponse(snapshot, 'miss');
}

/** The sink a watch writes to, projecting objects when the watch asked for the list's view. */
export function projectingSink(spec: WatchSpec, sink: WatchSink): WatchSink {
  if (spec.resource !== 'services' || spec.view !== 'rows') return sink;
  const project = (o: KubeObject): KubeObject => projectService(o as Service);
  return {
    ...sink,
    resync: (list) => sink.resync({ resourceVersion: list.resourceVersion, items: list.items.map(project) }),
    change: (type, object) => sink.change(type, project(object)),
  };
}
