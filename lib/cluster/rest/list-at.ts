/**
 * A list as of an older resourceVersion (resourceVersionMatch=Exact, the legacy exact list with
 * `limit`, and `continue` pages), rebuilt from the current objects by undoing the retained events
 * newer than it, the way etcd serves a read at a past revision. 410 Expired when those events have
 * left the bounded history (etcd: compacted).
 */
import { statusError } from '../../k8s/status';
import type { KubeObject } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import { compareObjectKeys, objectKey, StoreError } from '../storage';
import type { StoreEvent } from '../storage/types';
import { ApiError } from '../errors/api-error';
import type { RestContext } from './context';

export const LIST_TOO_OLD_MESSAGE = 'The resourceVersion for the provided list is too old.';

const keyOf = (obj: KubeObject): string => objectKey(obj.metadata.namespace, obj.metadata.name ?? '');

/** The objects of `def` (in `namespace`, or all) as they were at `resourceVersion`, in key order. */
export function listAt(ctx: RestContext, def: ResourceDefinition, namespace: string | undefined, resourceVersion: number, onExpired?: () => ApiError): KubeObject[] {
  const current = ctx.store.list(def.resource, namespace);
  if (resourceVersion >= ctx.store.currentResourceVersion()) return current;
  const events: StoreEvent[] = [];
  try {
    ctx.store.watch(def.resource, namespace, resourceVersion, (e) => events.push(e))();
  } catch (err) {
    if (err instanceof StoreError && err.code === 'Gone') throw onExpired ? onExpired() : new ApiError(statusError.gone(LIST_TOO_OLD_MESSAGE));
    throw err;
  }
  if (events.length === 0) return current;
  const byKey = new Map<string, KubeObject>();
  for (const obj of current) byKey.set(keyOf(obj), obj);
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.resourceVersion <= resourceVersion) break;
    const key = keyOf(e.object);
    if (e.type === 'ADDED') byKey.delete(key);
    else if (e.previous) byKey.set(key, e.previous);
  }
  return [...byKey.values()].sort(compareObjectKeys);
}
