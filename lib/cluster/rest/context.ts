/**
 * What every REST verb needs: the store, the served resource definitions and a clock. One context
 * per running cluster; the HTTP layer and the in-process ClusterApi share it.
 */
import type { GroupResource } from '../../k8s/status';
import type { KubeObject } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import type { Store, StoredResource } from '../storage/types';
import { ApiError } from '../errors/api-error';
import { failure } from '../../k8s/status';

export interface RestContext {
  store: Store;
  definitions: ReadonlyMap<StoredResource, ResourceDefinition>;
  now(): Date;
}

export function createRestContext(store: Store, definitions: readonly ResourceDefinition[], now: () => Date = () => new Date()): RestContext {
  const map = new Map<StoredResource, ResourceDefinition>();
  for (const def of definitions) map.set(def.resource, def);
  return { store, definitions: map, now };
}

export function definitionFor<T extends KubeObject = KubeObject>(ctx: RestContext, resource: StoredResource): ResourceDefinition<T> {
  const def = ctx.definitions.get(resource);
  if (!def) throw new ApiError(failure(404, 'NotFound', 'the server could not find the requested resource'));
  return def as ResourceDefinition<T>;
}

export function groupResourceOf(def: ResourceDefinition): GroupResource {
  return { group: def.group, resource: def.resource };
}

/** `v1` or `discovery.k8s.io/v1`. */
export function apiVersionOf(def: ResourceDefinition): string {
  return def.group ? `${def.group}/${def.version}` : def.version;
}

/** RFC 3339 with second precision, as metav1.Time marshals. */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
