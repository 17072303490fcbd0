/**
 * managedFields after a non-apply write (create, update, any non-apply patch), as kube-apiserver's
 * FieldManager.Update computes it: the writer's Update entry (per manager, apiVersion and
 * subresource) gains every field it added or changed and is re-stamped; every other manager loses the
 * fields that changed or disappeared; empty entries vanish. managedFields sent by the client are
 * honoured when they decode, `[]` (or `[{}]`) resets them, and an existing object whose managedFields
 * were reset stays untracked until someone applies.
 *
 * Call it with the decoded, defaulted object, before allocation fills in clusterIP/nodePort (that is
 * where the real server runs it, so those fields stay unowned). An empty result means: leave
 * `metadata.managedFields` out.
 */
import type { KubeObject, ManagedFieldsEntry } from '../../k8s/types/meta';
import type { ObjectSchema } from '../schema/types';
import { capUpdateManagers, emptyManaged, encodeManagedFields, managerIdentifier, tryDecodeManagedFields, type Managed } from './managers';
import type { Path } from './path';
import { emptyObjectFor, resetFieldSet, stripMeta, updateManagers, withoutManagedFields } from './updater';

export interface RecordUpdateInput {
  /** The stored object before the write; undefined for a create. */
  prev: KubeObject | undefined;
  /** The object about to be stored (its managedFields as the client sent them). */
  next: KubeObject;
  /** From `fieldManager`, else the user agent prefix (see managerOrUserAgent); '' becomes "unknown". */
  manager: string;
  subresource?: string;
  /** The request's group/version, e.g. `v1` or `discovery.k8s.io/v1`. */
  apiVersion: string;
  /** RFC 3339 time of the write (seconds precision, as metav1.Time serializes). */
  time: string;
  schema: ObjectSchema;
  /** Fields the strategy resets (default: `status` for the main resource, `spec` for /status). */
  resetFields?: readonly Path[];
}

const CURRENT_OPERATION = 'current-operation';

/** isResetManagedFields: a non-nil empty list, or one entry with nothing in it. */
export function isResetManagedFields(entries: readonly ManagedFieldsEntry[] | undefined): boolean {
  if (entries === undefined) return false;
  if (entries.length === 0) return true;
  return entries.length === 1 && Object.keys(entries[0]).length === 0;
}

/** decodeLiveOrNew: which managedFields the write starts from. */
function startingManaged(input: RecordUpdateInput): Managed {
  const liveFields = input.prev?.metadata.managedFields;
  if (input.subresource) return tryDecodeManagedFields(liveFields) ?? emptyManaged();
  const sent = input.next.metadata.managedFields;
  if (isResetManagedFields(sent)) return emptyManaged();
  const decoded = tryDecodeManagedFields(sent);
  if (decoded && decoded.fields.size > 0) return decoded;
  return tryDecodeManagedFields(liveFields) ?? emptyManaged();
}

/** Runs the Update pipeline on `managed` in place (shared with apply's before-first-apply step). */
export function trackUpdate(
  managed: Managed,
  oldObj: KubeObject | Record<string, unknown>,
  newObj: KubeObject | Record<string, unknown>,
  opts: { manager: string; subresource?: string; apiVersion: string; time: string; schema: ObjectSchema; resetFields?: readonly Path[] },
): void {
  const ignored = resetFieldSet(opts.resetFields, opts.subresource);
  const oldValue = withoutManagedFields(oldObj as KubeObject);
  const newValue = withoutManagedFields(newObj as KubeObject);
  const { comparison } = updateManagers(oldValue, newValue, opts.schema, managed, CURRENT_OPERATION, true, ignored);
  const own = comparison.modified.union(comparison.added).difference(comparison.removed).recursiveDifference(ignored);
  if (!own.isEmpty()) managed.fields.set(CURRENT_OPERATION, { set: own, apiVersion: opts.apiVersion, applied: false });
  stripMeta(managed, CURRENT_OPERATION);
  const mine = managed.fields.get(CURRENT_OPERATION);
  if (mine) {
    managed.fields.delete(CURRENT_OPERATION);
    const id = managerIdentifier({
      manager: opts.manager || 'unknown',
      operation: 'Update',
      apiVersion: opts.apiVersion,
      subresource: opts.subresource,
    });
    const previous = managed.fields.get(id);
    managed.fields.set(id, { ...mine, set: previous ? mine.set.union(previous.set) : mine.set });
    managed.times.set(id, opts.time);
  }
  capUpdateManagers(managed);
}

export function recordUpdate(input: RecordUpdateInput): ManagedFieldsEntry[] {
  try {
    const managed = startingManaged(input);
    // skipNonAppliedManager: an existing object without managedFields is not tracked by updates.
    if (managed.fields.size === 0 && input.prev?.metadata.uid) return [];
    const oldObj = input.prev ?? { ...emptyObjectFor(input.schema) };
    trackUpdate(managed, oldObj, input.next, input);
    return encodeManagedFields(managed) ?? [];
  } catch {
    // UpdateNoErrors: a failure never fails the write; managedFields are cleared instead.
    return [];
  }
}
