import 'server-only';
import type { ServiceList } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import { projectService } from '../service-list/projection';
import { encodeServiceRows } from '../service-list/row-wire';
import { API_CACHE_CONTROL } from './errors';
import type { RequestIdentity } from './identity';
import { services } from './operations';
import { relay } from './route';
import { readJson } from './upstream';
import { liveSnapshot, seedWatch } from './watch-hub';

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
  const cached = liveSnapshot(identity, { resource: 'services', namespace, view: 'rows' });
  if (cached) return listResponse(cached, 'hit');
  const res = await services.list(identity.kubeConfig, { namespace, signal });
  if (res.status !== 200) return relay(res);
  const list = (await readJson(res.body)) as ServiceList;
  const snapshot: ListSnapshot = { resourceVersion: list.metadata?.resourceVersion ?? '', items: (list.items ?? []).map(projectService) };
  // The shared informer starts from this list (no second list); the tab's watch then joins it.
  seedWatch(identity, { resource: 'services', namespace }, { resourceVersion: snapshot.resourceVersion, items: list.items ?? [] });
  return listResponse(snapshot, 'miss');
}
