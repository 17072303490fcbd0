/**
 * The embedded cluster's in-process API: what controllers and demo data use instead of HTTP. Each
 * call takes the same path as an HTTP request (defaults, validation, allocation, managedFields,
 * resourceVersion, watch events) except authentication and authorization.
 */
import type { KubeObject } from '../k8s/types/meta';
import type { StoreEvent, StoredResource } from './storage/types';

export interface WriteOptions {
  /** The field manager recorded in managedFields, e.g. `endpointslice-controller.k8s.io`. */
  fieldManager: string;
  dryRun?: boolean;
}

/**
 * Errors are thrown as `ApiError` (see errors/api-error.ts) carrying the same Status an HTTP client
 * would receive.
 */
export interface ClusterApi {
  get<T extends KubeObject>(resource: StoredResource, namespace: string | undefined, name: string): T | undefined;
  list<T extends KubeObject>(resource: StoredResource, namespace?: string): T[];
  create<T extends KubeObject>(resource: StoredResource, obj: T, options: WriteOptions): T;
  /** Creates all of `objs` in one storage transaction (all or none): bulk seeding. */
  createMany<T extends KubeObject>(resource: StoredResource, objs: readonly T[], options: WriteOptions): T[];
  /** PUT of the main resource; `metadata.resourceVersion` when set is a precondition (409 on mismatch). */
  update<T extends KubeObject>(resource: StoredResource, obj: T, options: WriteOptions): T;
  /** PUT of the `/status` subresource. */
  updateStatus<T extends KubeObject>(resource: StoredResource, obj: T, options: WriteOptions): T;
  /** `gracePeriodSeconds` as in DeleteOptions (pods: graceful deletion; 0 deletes now), `uid` a precondition. */
  delete(resource: StoredResource, namespace: string | undefined, name: string, options: WriteOptions & { gracePeriodSeconds?: number; uid?: string }): void;
  /** Live events from now on (no replay); returns the function that stops it. */
  watch(resource: StoredResource, listener: (event: StoreEvent) => void): () => void;
}
