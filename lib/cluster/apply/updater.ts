/**
 * structured-merge-diff's Updater core, shared by updates and applies: compare the old and new
 * object; every manager other than the one writing loses the fields that were removed, and the fields
 * it owned that changed (for an apply without force those are conflicts instead). Also the pieces
 * around it in apimachinery: metadata fields nobody owns, reset fields, the empty object a create
 * starts from.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import type { KubeObject } from '../../k8s/types/meta';
import type { ObjectSchema } from '../schema/types';
import { compareObjects, filterComparison, type Comparison } from './compare';
import type { Conflict } from './conflict';
import { FieldSet } from './field-set';
import type { Managed } from './managers';
import { field, type Path } from './path';

/** stripMetaManager: fields that are never part of anyone's managed set. */
export const STRIPPED_FIELDS: FieldSet = FieldSet.of(
  [field('apiVersion')],
  [field('kind')],
  [field('metadata')],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map(
    (n) => [field('metadata'), field(n)],
  ),
);

/** GetResetFields of the Service strategies: the main resource ignores status, /status ignores spec. */
export function defaultResetFields(subresource: string | undefined): Path[] {
  if (!subresource) return [[field('status')]];
  if (subresource === 'status') return [[field('spec')]];
  return [];
}

export function resetFieldSet(resetFields: readonly Path[] | undefined, subresource: string | undefined): FieldSet {
  return FieldSet.of(...(resetFields ?? defaultResetFields(subresource)));
}

/** Names of Go pointer structs at the top level of served kinds (absent, not `{}`, in a new object). */
const POINTER_STRUCTS = new Set(['metadata', 'series', 'related']);

/**
 * What `objectCreater.New(kind)` looks like once converted: non-pointer struct fields are present as
 * empty objects (`spec: {}`, `status: {}`), so a create does not own `spec` itself.
 */
export function emptyObjectFor(schema: ObjectSchema): JsonObject {
  const out: JsonObject = { metadata: {} };
  for (const [name, s] of Object.entries(schema.properties)) {
    if (s.type === 'object' && !POINTER_STRUCTS.has(name)) out[name] = {};
  }
  return out;
}

/** The object as the field manager compares it: without managedFields. */
export function withoutManagedFields(obj: KubeObject | JsonObject): JsonObject {
  const copy = { ...(obj as JsonObject) };
  const meta = copy.metadata;
  if (meta !== null && typeof meta === 'object' && !Array.isArray(meta) && 'managedFields' in meta) {
    const m = { ...meta };
    delete m.managedFields;
    copy.metadata = m;
  }
  return copy;
}

export interface UpdateResult {
  comparison: Comparison;
  conflicts: Conflict[];
}

/**
 * Updater.update: mutates `managed` (unless conflicts are returned with `force` false) and returns
 * the (reset-filtered) comparison between `oldObj` and `newObj`.
 */
export function updateManagers(
  oldObj: JsonValue,
  newObj: JsonValue,
  schema: ObjectSchema,
  managed: Managed,
  workflow: string,
  force: boolean,
  ignored: FieldSet,
): UpdateResult {
  const comparison = filterComparison(compareObjects(oldObj, newObj, schema), ignored);
  const changed = comparison.modified.union(comparison.added);
  const conflicts: Conflict[] = [];
  const conflictSets = new Map<string, FieldSet>();
  for (const [id, vs] of managed.fields) {
    if (id === workflow) continue;
    const c = vs.set.intersection(changed);
    if (!c.isEmpty()) {
      conflictSets.set(id, c);
      for (const path of c.paths()) conflicts.push({ manager: id, path });
    }
  }
  if (!force && conflicts.length > 0) return { comparison, conflicts };
  for (const [id, vs] of managed.fields) {
    if (id === workflow) continue;
    let set = vs.set;
    const c = conflictSets.get(id);
    if (c) set = set.difference(c);
    if (!comparison.removed.isEmpty()) set = set.difference(comparison.removed);
    if (set.isEmpty()) managed.fields.delete(id);
    else managed.fields.set(id, { ...vs, set });
  }
  return { comparison, conflicts };
}

/** Removes the stripped metadata fields from one manager's set (dropping it when nothing is left). */
export function stripMeta(managed: Managed, id: string): void {
  const vs = managed.fields.get(id);
  if (!vs) return;
  const set = vs.set.difference(STRIPPED_FIELDS);
  if (set.isEmpty()) managed.fields.delete(id);
  else managed.fields.set(id, { ...vs, set });
}
