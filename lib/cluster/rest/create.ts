/**
 * POST: create an object, in the order of genericregistry.Store.Create (see registry/types.ts).
 */
import { statusError } from '../../k8s/status';
import type { JsonObject } from '../../k8s/json';
import type { KubeObject } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import { schemaFor } from '../schema';
import { dropEmptyCollections } from '../schema/omit-empty';
import type { Transaction } from '../storage/types';
import { StoreError } from '../storage/types';
import { ApiError } from '../errors/api-error';
import { apiVersionOf, groupResourceOf, timestamp, type RestContext } from './context';
import type { DuplicateKeys } from './decode';
import { enforceFieldValidation } from './field-validation';
import { checkFieldManager, fillCreateMetadata, managerName } from './metadata';
import { checkNamespaceForCreate } from './namespace-guard';
import { recordUpdate } from '../apply/managed-fields';
import { translateStoreError } from './store-errors';
import type { WriteOptions, WriteResult } from './write-options';
import { decodedAs } from '../schema/json-view';

const GENERATE_NAME_ATTEMPTS = 8;

/** A copy of `obj` (stored objects are frozen) with another resourceVersion, or none. */
export function withResourceVersion<T extends KubeObject>(obj: T, resourceVersion: string | undefined): T {
  const metadata = { ...obj.metadata };
  if (resourceVersion === undefined) delete metadata.resourceVersion;
  else metadata.resourceVersion = resourceVersion;
  return { ...obj, metadata };
}

/** Puts the request namespace on a namespaced object (400 when the body names another one). */
export function bindNamespace(def: ResourceDefinition, obj: KubeObject, namespace: string | undefined): void {
  if (def.namespaced) {
    const own = obj.metadata.namespace;
    if (own && namespace && own !== namespace) {
      throw new ApiError(statusError.badRequest('the namespace of the provided object does not match the namespace sent on the request'));
    }
    obj.metadata.namespace = namespace ?? own;
  } else {
    delete obj.metadata.namespace;
  }
}

/**
 * The part of a create that runs inside the store transaction (also used by create-on-update and
 * create-on-apply). `obj` is decoded, defaulted and has its system metadata.
 */
export function createInTransaction<T extends KubeObject>(
  ctx: RestContext,
  def: ResourceDefinition<T>,
  tx: Transaction,
  input: T,
  manager: string,
  managedFieldsDone = false,
  /** Receives the strategy's warnings (WarningsOnCreate) once the object is written. */
  warnings?: string[],
): T {
  const name = input.metadata.name ?? '';
  checkNamespaceForCreate(tx, def, input.metadata.namespace ?? '', name);
  // The field manager sees the decoded, defaulted object, before allocation and the strategy (as
  // the real handler runs it before the registry): allocated values are not owned by the client.
  const managedFields = managedFieldsDone || !manager
    ? input.metadata.managedFields
    : recordUpdate({
        prev: undefined,
        next: input,
        manager,
        apiVersion: apiVersionOf(def),
        time: timestamp(ctx.now()),
        schema: schemaFor(def.resource),
      });
  let obj = input;
  if (def.beginCreate) obj = def.beginCreate(tx, obj);
  obj = def.prepareForCreate(obj);
  if (def.tracksGeneration) obj.metadata.generation = 1;
  if (managedFields) obj.metadata.managedFields = managedFields;
  else delete obj.metadata.managedFields;
  const errors = def.validateCreate(obj);
  if (errors.length) throw ApiError.invalid(def.kind, def.group, obj.metadata.name ?? '', errors);
  obj = dropEmptyCollections(obj, schemaFor(def.resource));
  let stored: T;
  try {
    stored = tx.create(def.resource, obj) as T;
  } catch (err) {
    throw translateStoreError(err, groupResourceOf(def), obj.metadata.name ?? '');
  }
  if (warnings && def.warningsOnCreate) warnings.push(...def.warningsOnCreate(obj));
  // A dry-run create never reaches storage: the answer has no resourceVersion.
  if (tx.dryRun) return withResourceVersion(stored, undefined);
  return stored;
}

export function createObject<T extends KubeObject>(
  ctx: RestContext,
  def: ResourceDefinition<T>,
  namespace: string | undefined,
  body: JsonObject,
  options: WriteOptions,
  strippedPaths: readonly string[] = [],
  duplicates?: DuplicateKeys,
): WriteResult<T> {
  checkFieldManager(options.fieldManager, 'CreateOptions');
  const warnings = enforceFieldValidation(def, body, options.fieldValidation, strippedPaths, false, duplicates);
  const decoded = decodedAs<T>(body);
  bindNamespace(def, decoded, namespace);
  // etcd3's Create refuses it with a plain error (a dry run never reaches storage).
  if (decoded.metadata.resourceVersion && !options.dryRun) throw ApiError.plain('resourceVersion should not be set on objects to be created');
  const defaulted = def.applyDefaults(decoded);
  const manager = managerName(options.fieldManager, options.userAgent);
  const wantsGeneratedName = !defaulted.metadata.name && !!defaulted.metadata.generateName;
  for (let attempt = 1; ; attempt++) {
    const obj = fillCreateMetadata(structuredClone(defaulted), ctx.now());
    try {
      const all = [...warnings];
      const object = ctx.store.transact((tx) => createInTransaction(ctx, def, tx, obj, manager, false, all), { dryRun: options.dryRun });
      return { object, warnings: all, created: true };
    } catch (err) {
      const retry = wantsGeneratedName && attempt < GENERATE_NAME_ATTEMPTS && isAlreadyExists(err);
      if (!retry) throw err;
    }
  }
}

/**
 * Creates many objects of one resource in ONE storage transaction (all or none): the same decode,
 * defaults, validation and allocation as `createObject`, one SQLite commit instead of one per
 * object. For bulk seeding (demo `--scale N`, benchmarks); objects must carry their names.
 */
export function createObjectsInOneTransaction<T extends KubeObject>(ctx: RestContext, def: ResourceDefinition<T>, bodies: readonly JsonObject[], options: WriteOptions): T[] {
  checkFieldManager(options.fieldManager, 'CreateOptions');
  const manager = managerName(options.fieldManager, options.userAgent);
  const now = ctx.now();
  const prepared = bodies.map((body) => {
    const decoded = decodedAs<T>(body);
    bindNamespace(def, decoded, decoded.metadata.namespace);
    if (!decoded.metadata.name) throw ApiError.plain('bulk create: every object needs metadata.name');
    return fillCreateMetadata(def.applyDefaults(decoded), now);
  });
  return ctx.store.transact((tx) => prepared.map((obj) => createInTransaction(ctx, def, tx, obj, manager)), { dryRun: options.dryRun });
}

function isAlreadyExists(err: unknown): boolean {
  if (err instanceof StoreError) return err.code === 'AlreadyExists';
  return err instanceof ApiError && err.status.reason === 'AlreadyExists';
}
