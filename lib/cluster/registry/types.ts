/**
 * A resource's strategy, as the real API server's registry keeps it: what create/update may change,
 * how it is validated, and the storage hooks that run inside the write's transaction (allocation).
 * The generic REST layer (rest/) drives every verb through this; one file per resource implements it.
 *
 * Order of a create (mirrors genericregistry.Store.Create):
 *   decode → applyDefaults → fill system metadata (uid, creationTimestamp, generateName) →
 *   store.transact(tx => { beginCreate(tx, obj) → prepareForCreate → validateCreate (422 on errors)
 *   → tx.create }) → respond.
 * Order of an update (PUT/PATCH): read current → build next (body or patched) → applyDefaults →
 *   transact(tx => { beginUpdate(tx, next, prev) → prepareForUpdate → validateUpdate → tx.update }).
 * Status subresource: prepareForStatusUpdate / validateStatusUpdate instead (spec changes ignored).
 * Delete: transact(tx => { tx.delete → afterDelete(tx, obj) }).
 */
import type { FieldError } from '../../k8s/field-errors';
import type { KubeObject } from '../../k8s/types/meta';
import type { StoredResource, Transaction } from '../storage/types';

export interface ResourceDefinition<T extends KubeObject = KubeObject> {
  resource: StoredResource;
  /** '' for core. */
  group: '' | 'discovery.k8s.io' | 'coordination.k8s.io';
  version: 'v1';
  kind: string;
  listKind: string;
  singular: string;
  namespaced: boolean;
  shortNames: readonly string[];
  categories?: readonly string[];
  verbs: readonly string[];
  /** Whether the resource has a `/status` subresource. */
  hasStatus: boolean;
  /** Increment metadata.generation when anything but metadata and status changes (and set 1 on create). */
  tracksGeneration: boolean;

  /** Scheme defaulting (SetDefaults_*), applied to every decoded body before the strategy. */
  applyDefaults(obj: T): T;
  prepareForCreate(obj: T): T;
  validateCreate(obj: T): FieldError[];
  prepareForUpdate(next: T, prev: T): T;
  validateUpdate(next: T, prev: T): FieldError[];
  prepareForStatusUpdate?(next: T, prev: T): T;
  validateStatusUpdate?(next: T, prev: T): FieldError[];
  /** strategy.WarningsOnCreate / WarningsOnUpdate: `Warning` header texts for a valid write (not for /status). */
  warningsOnCreate?(obj: T): string[];
  warningsOnUpdate?(next: T, prev: T): string[];

  /** Storage hooks, inside the transaction; register reverts with tx.onRollback. May throw ApiError. */
  beginCreate?(tx: Transaction, obj: T): T;
  beginUpdate?(tx: Transaction, next: T, prev: T): T;
  afterDelete?(tx: Transaction, obj: T): void;
}
