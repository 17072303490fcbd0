/** GET of one object and LIST (selectors, limit/continue, resourceVersion semantics). */
import { failure, statusError } from '../../k8s/status';
import type { KubeObject } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import { objectKey, serializeArray, serializeObject } from '../storage';
import { ApiError } from '../errors/api-error';
import { apiVersionOf, groupResourceOf, type RestContext } from './context';
import { decodeContinue, encodeContinue, expiredContinue } from './continue-token';
import { listAt } from './list-at';
import { validateListOptions } from './list-options';
import { isEverything, selects, type Selection } from './selection';

export interface ListRequest {
  namespace?: string;
  selection: Selection;
  limit?: number;
  continueToken?: string;
  resourceVersion?: string;
  resourceVersionMatch?: string;
  sendInitialEvents?: boolean;
}

export interface ListResult {
  items: KubeObject[];
  resourceVersion: number;
  continue?: string;
  remainingItemCount?: number;
}

export function getObject(ctx: RestContext, def: ResourceDefinition, namespace: string | undefined, name: string): KubeObject {
  const obj = ctx.store.get(def.resource, def.namespaced ? namespace : undefined, name);
  if (!obj) throw new ApiError(statusError.notFound(groupResourceOf(def), name));
  return obj;
}

const keyOf = (obj: KubeObject): string => objectKey(obj.metadata.namespace, obj.metadata.name ?? '');

/** The oldest resourceVersion the store can still answer consistently for. */
export function oldestResourceVersion(ctx: RestContext, resource?: ResourceDefinition['resource']): number {
  const store = ctx.store as { oldestWatchableResourceVersion?: (resource?: ResourceDefinition['resource']) => number };
  return store.oldestWatchableResourceVersion ? store.oldestWatchableResourceVersion(resource) : 0;
}

export function parseResourceVersion(text: string): number {
  if (!/^\d+$/.test(text)) {
    throw new ApiError(failure(400, 'BadRequest', `invalid resource version: ${JSON.stringify(text)}`));
  }
  return Number(text);
}

export function listObjects(ctx: RestContext, def: ResourceDefinition, req: ListRequest): ListResult {
  validateListOptions({ watch: false, ...req });
  const current = ctx.store.currentResourceVersion();
  let listRV = current;
  let startAfter: string | undefined;
  let all: KubeObject[];
  const namespace = def.namespaced ? req.namespace : undefined;
  if (req.continueToken) {
    const state = decodeContinue(req.continueToken);
    if (req.resourceVersion && req.resourceVersion !== '0') {
      throw new ApiError(statusError.badRequest('specifying resource version is not allowed when using continue'));
    }
    const expired = (): ApiError => {
      const err = expiredContinue();
      err.status.metadata = { continue: encodeContinue({ resourceVersion: current, lastKey: state.lastKey }) };
      return err;
    };
    if (state.resourceVersion < oldestResourceVersion(ctx, def.resource)) throw expired();
    listRV = state.resourceVersion;
    startAfter = state.lastKey;
    // Later pages are read at the first page's resourceVersion (a consistent snapshot).
    all = listAt(ctx, def, namespace, listRV, expired);
  } else if (req.resourceVersion && req.resourceVersion !== '0') {
    const rv = parseResourceVersion(req.resourceVersion);
    if (rv > current) {
      throw new ApiError(
        failure(504, 'Timeout', `Too large resource version: ${rv}, current: ${current}`, {
          causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
          retryAfterSeconds: 1,
        }),
      );
    }
    // Exact: resourceVersionMatch=Exact, or the legacy form (a limit and no match) read from etcd at rv.
    const exact = req.resourceVersionMatch === 'Exact' || (!req.resourceVersionMatch && req.limit !== undefined && req.limit > 0);
    if (exact) listRV = rv;
    all = exact ? listAt(ctx, def, namespace, rv) : ctx.store.list(def.resource, namespace);
  } else {
    all = ctx.store.list(def.resource, namespace);
  }
  if (startAfter !== undefined) {
    const from = firstAfter(all, startAfter);
    all = all.slice(from);
  }
  const everything = isEverything(req.selection);
  const limit = req.limit && req.limit > 0 ? req.limit : undefined;
  const items: KubeObject[] = [];
  let index = 0;
  for (; index < all.length; index++) {
    const obj = all[index];
    if (!everything && !selects(def.resource, req.selection, obj)) continue;
    if (limit !== undefined && items.length === limit) break;
    items.push(obj);
  }
  const result: ListResult = { items, resourceVersion: listRV };
  if (limit !== undefined && index < all.length && items.length > 0) {
    const rest = all.slice(index);
    const more = everything ? true : rest.some((o) => selects(def.resource, req.selection, o));
    if (more) {
      result.continue = encodeContinue({ resourceVersion: listRV, lastKey: keyOf(items[items.length - 1]) });
      if (everything) result.remainingItemCount = rest.length;
    }
  }
  return result;
}

/** Index of the first object whose key sorts after `key` (objects are in key order). */
function firstAfter(objects: readonly KubeObject[], key: string): number {
  let lo = 0;
  let hi = objects.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(objects[mid]) <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function listHead(def: ResourceDefinition, result: ListResult): string {
  const meta: Record<string, string | number> = { resourceVersion: String(result.resourceVersion) };
  if (result.continue) meta.continue = result.continue;
  if (result.remainingItemCount !== undefined) meta.remainingItemCount = result.remainingItemCount;
  return `{"kind":${JSON.stringify(def.listKind)},"apiVersion":${JSON.stringify(apiVersionOf(def))},"metadata":${JSON.stringify(meta)},"items":`;
}

/** The list as JSON text, built from each object's cached serialization. */
export function encodeList(def: ResourceDefinition, result: ListResult): string {
  return `${listHead(def, result)}${serializeArray(result.items)}}`;
}

const CHUNK_ITEMS = 512;

/** The same JSON text in pieces of a few hundred objects, for streaming large lists. */
export function* encodeListChunks(def: ResourceDefinition, result: ListResult): Generator<string> {
  const items = result.items;
  if (items.length <= CHUNK_ITEMS) {
    yield encodeList(def, result);
    return;
  }
  yield `${listHead(def, result)}[`;
  for (let i = 0; i < items.length; i += CHUNK_ITEMS) {
    const part = new Array<string>(Math.min(CHUNK_ITEMS, items.length - i));
    for (let j = 0; j < part.length; j++) part[j] = serializeObject(items[i + j]);
    yield i === 0 ? part.join(',') : `,${part.join(',')}`;
  }
  yield ']}';
}
