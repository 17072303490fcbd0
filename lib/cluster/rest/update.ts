/**
 * PUT of an object or its /status subresource, and the shared update path PATCH and apply end in
 * (GuaranteedUpdate + rest.BeforeUpdate + the strategy).
 */
import { statusError } from '../../k8s/status';
import type { JsonObject } from '../../k8s/json';
import type { KubeObject } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import { schemaFor } from '../schema';
import { dropEmptyCollections } from '../schema/omit-empty';
import type { Transaction } from '../storage/types';
import { ApiError } from '../errors/api-error';
import { apiVersionOf, groupResourceOf, timestamp, type RestContext } from './context';
import { createInTransaction, withResourceVersion } from './create';
import { checkPreconditions, removeObject } from './delete';
import { deepEqual, specEqual } from '../schema/deep-equal';
import type { DuplicateKeys } from './decode';
import { enforceFieldValidation } from './field-validation';
import { carryUpdateMetadata, checkFieldManager, fillCreateMetadata, managerName } from './metadata';
import { recordUpdate } from '../apply/managed-fields';
import { MODIFIED_MESSAGE, translateStoreError } from './store-errors';
import type { WriteOptions, WriteResult } from './write-options';
import { decodedAs } from '../schema/json-view';

export type Subresource = '' | 'status';

/** Resources the real server lets a PUT create (AllowCreateOnUpdate). */
const CREATE_ON_UPDATE = new Set(['endpoints', 'events']);

/** checkName: the body must name the object of the URL. */
export function checkNameAndNamespace(obj: KubeObject, name: string, namespace: string | undefined): void {
  const meta = obj.metadata ?? {};
  const objName = meta.name ?? '';
  if (objName !== name) {
    throw new ApiError(statusError.badRequest(`the name of the object (${objName}) does not match the name on the URL (${name})`));
  }
  const objNamespace = meta.namespace;
  if (namespace && objNamespace && objNamespace !== namespace) {
    throw new ApiError(
      statusError.badRequest(`the namespace of the object (${objNamespace}) does not match the namespace on the request (${namespace})`),
    );
  }
}

function conflict(def: ResourceDefinition, name: string): ApiError {
  return new ApiError(statusError.conflict(groupResourceOf(def), name, MODIFIED_MESSAGE));
}

/** The object as compared for a no-op write: resourceVersion aside, managedFields without their timestamps. */
function withoutVolatile(obj: KubeObject): KubeObject {
  const { managedFields, resourceVersion: _rv, ...meta } = obj.metadata;
  const entries = (managedFields ?? []).map(({ time: _t, ...entry }) => entry);
  return { ...obj, metadata: { ...meta, managedFields: entries } };
}

export interface UpdateStep {
  manager: string;
  subresource: Subresource;
  /** managedFields were already computed (server-side apply). */
  managedFieldsDone?: boolean;
  /** Receives the strategy's warnings (WarningsOnUpdate; none for /status). */
  warnings?: string[];
}

/**
 * Everything after "build the next object": defaults, metadata carried over, strategy, validation,
 * managedFields, then the store write (or nothing when the object did not change).
 */
export function updateInTransaction<T extends KubeObject>(
  ctx: RestContext,
  def: ResourceDefinition<T>,
  tx: Transaction,
  prev: T,
  input: T,
  step: UpdateStep,
): T {
  const name = prev.metadata.name ?? '';
  const wantedRV = input.metadata.resourceVersion;
  if (wantedRV && wantedRV !== prev.metadata.resourceVersion) throw conflict(def, name);
  // An unconditional update (no resourceVersion in the body) writes over the stored version.
  input.metadata.resourceVersion = prev.metadata.resourceVersion;
  let next = def.applyDefaults(input);
  if (def.namespaced) next.metadata.namespace = prev.metadata.namespace;
  else delete next.metadata.namespace;
  carryUpdateMetadata(next, prev);
  // The field manager runs before the registry (allocation, strategy), as in the real handler.
  const managedFields =
    step.managedFieldsDone || !step.manager
      ? next.metadata.managedFields
      : recordUpdate({
          prev,
          next,
          manager: step.manager,
          subresource: step.subresource || undefined,
          apiVersion: apiVersionOf(def),
          time: timestamp(ctx.now()),
          schema: schemaFor(def.resource),
        });
  if (step.subresource === 'status') {
    next = def.prepareForStatusUpdate ? def.prepareForStatusUpdate(next, prev) : keepSpec(next, prev);
  } else {
    if (def.beginUpdate) next = def.beginUpdate(tx, next, prev);
    next = def.prepareForUpdate(next, prev);
    if (def.tracksGeneration && !specEqual(next, prev)) next.metadata.generation = (prev.metadata.generation ?? 0) + 1;
  }
  if (managedFields) next.metadata.managedFields = managedFields;
  else delete next.metadata.managedFields;
  const errors = step.subresource === 'status' && def.validateStatusUpdate ? def.validateStatusUpdate(next, prev) : def.validateUpdate(next, prev);
  if (errors.length) throw ApiError.invalid(def.kind, def.group, name, errors);
  if (step.warnings && !step.subresource && def.warningsOnUpdate) step.warnings.push(...def.warningsOnUpdate(next, prev));
  next = dropEmptyCollections(next, schemaFor(def.resource));
  if (deepEqual(withoutVolatile(next), withoutVolatile(prev))) return prev;
  let stored: T;
  try {
    stored = tx.update(def.resource, next, prev.metadata.resourceVersion) as T;
  } catch (err) {
    throw translateStoreError(err, groupResourceOf(def), name);
  }
  // A dry-run update answers the object with the resourceVersion it had (nothing was written).
  if (tx.dryRun) return withResourceVersion(stored, prev.metadata.resourceVersion);
  // shouldDeleteDuringUpdate: the last finalizer of an object being deleted (grace 0) is gone.
  if (prev.metadata.deletionGracePeriodSeconds === 0 && stored.metadata.deletionTimestamp && !stored.metadata.finalizers?.length && def.resource !== 'namespaces') {
    return removeObject(ctx, def, tx, stored, 'Background') as T;
  }
  return stored;
}

/** The default status-update strategy: only status (and nothing of metadata) changes. */
function keepSpec<T extends KubeObject>(next: T, prev: T): T {
  const out = structuredClone(prev) as T & { status?: unknown };
  out.status = (next as T & { status?: unknown }).status;
  out.metadata = { ...out.metadata, resourceVersion: next.metadata.resourceVersion };
  return out;
}

export function updateObject<T extends KubeObject>(
  ctx: RestContext,
  def: ResourceDefinition<T>,
  namespace: string | undefined,
  name: string,
  body: JsonObject,
  options: WriteOptions,
  subresource: Subresource = '',
  strippedPaths: readonly string[] = [],
  duplicates?: DuplicateKeys,
): WriteResult<T> {
  checkFieldManager(options.fieldManager, 'UpdateOptions');
  const warnings = enforceFieldValidation(def, body, options.fieldValidation, strippedPaths, false, duplicates);
  const obj = decodedAs<T>(body);
  checkNameAndNamespace(obj, name, def.namespaced ? namespace : undefined);
  if (def.namespaced) obj.metadata.namespace = namespace;
  const manager = managerName(options.fieldManager, options.userAgent);
  return ctx.store.transact(
    (tx) => {
      const prev = tx.get(def.resource, namespace, name) as T | undefined;
      if (!prev) {
        if (!CREATE_ON_UPDATE.has(def.resource) || subresource) {
          throw new ApiError(statusError.notFound(groupResourceOf(def), name));
        }
        if (obj.metadata.resourceVersion) throw conflict(def, name);
        const fresh = fillCreateMetadata(def.applyDefaults(obj), ctx.now());
        const all = [...warnings];
        return { object: createInTransaction(ctx, def, tx, fresh, manager, false, all), warnings: all, created: true };
      }
      // rest.defaultUpdatedObjectInfo: a uid in the body is a storage precondition, checked first.
      if (obj.metadata.uid) checkPreconditions(def, prev, { uid: obj.metadata.uid });
      const all = [...warnings];
      const object = updateInTransaction(ctx, def, tx, prev, obj, { manager, subresource, warnings: all });
      return { object, warnings: all, created: false };
    },
    { dryRun: options.dryRun },
  );
}
