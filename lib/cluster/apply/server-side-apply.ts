/**
 * Server-side apply (`application/apply-patch+yaml`), as kube-apiserver's FieldManager.Apply does it:
 * the applied configuration is merged into the live object by the schema's list and map semantics;
 * fields this manager applied before and omits now are removed unless another applier still claims
 * them; other managers' fields whose values change are conflicts (409) unless `force`, in which case
 * they move to the applier. The applier's entry is an `Apply` entry holding exactly the fields of its
 * configuration. The result still has to be defaulted, validated and allocated by the caller.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import { isJsonObject } from '../../k8s/json';
import type { KubeObject, Status } from '../../k8s/types/meta';
import { statusError } from '../../k8s/status';
import type { ObjectSchema } from '../schema/types';
import { ApiError } from '../errors/api-error';
import { conflictError, type Conflict } from './conflict';
import { fieldSetOf } from './fieldset';
import { FieldSet } from './field-set';
import { trackUpdate } from './managed-fields';
import { BEFORE_FIRST_APPLY, capUpdateManagers, decodeManagedFields, encodeManagedFields, managerIdentifier, type Managed } from './managers';
import { mergeObjects } from './merge';
import { valuesEqual, type Path } from './path';
import { dropNulls, removeItems } from './remove';
import { formatTypedErrors, validateTyped } from './typed';
import { emptyObjectFor, resetFieldSet, stripMeta, updateManagers, withoutManagedFields } from './updater';
import { allowedConflictsFromLastApplied, syncLastApplied } from './last-applied';

export interface ServerSideApplyInput {
  /** The stored object; undefined when the apply creates it. */
  live: KubeObject | undefined;
  /** The applied configuration, as parsed from the YAML/JSON body. */
  applied: JsonObject;
  manager: string;
  force: boolean;
  /** The request's group/version (`v1`, `discovery.k8s.io/v1`). */
  apiVersion: string;
  time: string;
  schema: ObjectSchema;
  subresource?: string;
  resetFields?: readonly Path[];
}

function internalError(message: string): ApiError {
  // The real server answers these with a bare 500 Status (no reason, no details).
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 };
  return new ApiError(status);
}

function objectGVKNN(obj: JsonObject, apiVersion: string): string {
  const meta = isJsonObject(obj.metadata ?? null) ? (obj.metadata as JsonObject) : {};
  const ns = typeof meta.namespace === 'string' ? meta.namespace : '';
  const name = typeof meta.name === 'string' ? meta.name : '';
  const gv = typeof obj.apiVersion === 'string' ? obj.apiVersion : apiVersion;
  const slash = gv.indexOf('/');
  const group = slash < 0 ? '' : gv.slice(0, slash);
  const version = slash < 0 ? gv : gv.slice(slash + 1);
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  return `${ns}/${name}; ${group}/${version}, Kind=${kind}`;
}

/** The checks structuredMergeManager.Apply makes on the configuration before merging. */
export function checkAppliedObject(applied: JsonObject, apiVersion: string, schema: ObjectSchema): void {
  const patchVersion = typeof applied.apiVersion === 'string' ? applied.apiVersion : '';
  if (patchVersion !== apiVersion) {
    throw new ApiError(
      statusError.badRequest(`Incorrect version specified in apply patch. Specified patch version: ${patchVersion}, expected: ${apiVersion}`),
    );
  }
  const meta = applied.metadata;
  if (isJsonObject(meta ?? null) && (meta as JsonObject).managedFields !== undefined) {
    throw new ApiError(statusError.badRequest('metadata.managedFields must be nil'));
  }
  const errors = validateTyped(applied, schema);
  if (errors.length > 0) {
    throw internalError(`failed to create typed patch object (${objectGVKNN(applied, apiVersion)}): ${formatTypedErrors(errors)}`);
  }
}

/** Updater.prune: drop what this manager applied last time and omits now, unless another applier owns it. */
function prune(merged: JsonObject, managed: Managed, schema: ObjectSchema, lastSet: FieldSet | undefined): JsonObject {
  if (!lastSet || lastSet.isEmpty()) return merged;
  const asObj = (v: JsonValue | undefined): JsonObject => (v !== undefined && isJsonObject(v) ? v : {});
  const pruned = asObj(removeItems(merged, lastSet, schema));
  // addBackOwnedItems: whatever any applier (this one included) still claims comes back.
  let owned = new FieldSet();
  for (const vs of managed.fields.values()) if (vs.applied) owned = owned.union(vs.set);
  const mergedSet = fieldSetOf(merged, schema);
  const pruned2 = asObj(removeItems(merged, mergedSet.difference(fieldSetOf(pruned, schema).union(owned)), schema));
  // addBackDanglingItems: only what this manager owned before may go.
  const dangling = mergedSet.difference(fieldSetOf(pruned2, schema)).intersection(lastSet);
  return asObj(removeItems(merged, dangling, schema));
}

export function serverSideApply(input: ServerSideApplyInput): KubeObject {
  const { schema, apiVersion, applied } = input;
  checkAppliedObject(applied, apiVersion, schema);

  let managed: Managed;
  try {
    managed = decodeManagedFields(input.live?.metadata.managedFields ?? []);
  } catch (e) {
    throw internalError(`failed to decode managed fields: ${(e as Error).message}`);
  }
  const ignored = resetFieldSet(input.resetFields, input.subresource);
  const live = withoutManagedFields(input.live ?? (emptyObjectFor(schema) as unknown as KubeObject));

  // skipNonAppliedManager: the first apply to an untracked object gives what exists to "before-first-apply".
  if (managed.fields.size === 0) {
    trackUpdate(managed, emptyObjectFor(schema), live, {
      manager: BEFORE_FIRST_APPLY,
      apiVersion,
      time: input.time,
      schema,
      subresource: input.subresource,
      resetFields: input.resetFields,
    });
  }

  const id = managerIdentifier({ manager: input.manager || 'unknown', operation: 'Apply', subresource: input.subresource });
  const attempt = (force: boolean) => {
    const m: Managed = { fields: new Map(managed.fields), times: new Map(managed.times) };
    let merged = (mergeObjects(live, applied, schema) ?? {}) as JsonObject;
    const lastSet = m.fields.get(id)?.set;
    m.fields.set(id, { set: fieldSetOf(applied, schema).recursiveDifference(ignored), apiVersion, applied: true });
    merged = prune(merged, m, schema, lastSet);
    const { conflicts } = updateManagers(live, merged, schema, m, id, force, ignored);
    return { m, merged, conflicts };
  };

  let result = attempt(input.force);
  if (result.conflicts.length > 0 && !input.force) {
    const allowed = input.manager === 'kubectl' ? allowedConflictsFromLastApplied(live, schema, apiVersion) : undefined;
    const remaining = allowed ? result.conflicts.filter((c) => !allowed.has(c.path)) : result.conflicts;
    if (remaining.length > 0) throw conflictError(sortConflicts(remaining));
    result = attempt(true);
  }

  const { m } = result;
  const noop = valuesEqual(live, result.merged);
  stripMeta(m, id);
  if (!noop && m.fields.has(id)) m.times.set(id, input.time);
  capUpdateManagers(m);

  const out = dropNulls(noop ? live : result.merged, schema) as JsonObject;
  if (input.manager === 'kubectl') syncLastApplied(out, applied);
  const metadata = isJsonObject(out.metadata ?? null) ? { ...(out.metadata as JsonObject) } : {};
  const encoded = encodeManagedFields(m);
  if (encoded) metadata.managedFields = encoded as unknown as JsonValue;
  else delete metadata.managedFields;
  out.metadata = metadata;
  return out as unknown as KubeObject;
}

function sortConflicts(conflicts: Conflict[]): Conflict[] {
  return [...conflicts].sort((a, b) => (a.manager < b.manager ? -1 : a.manager > b.manager ? 1 : 0));
}
