/**
 * managedFields on the wire <-> the managers structured-merge-diff works with. A manager is
 * identified by its entry minus fields, time and type (and minus apiVersion for appliers), written
 * as JSON the way Go marshals a ManagedFieldsEntry; entries come back sorted as the API server
 * sorts them (Apply before Update, then by time, manager, apiVersion, subresource). Update managers
 * beyond 10 are folded, oldest first, into `ancient-changes` per apiVersion.
 */
import type { ManagedFieldsEntry, ManagedFieldsOperation } from '../../k8s/types/meta';
import { isJsonObject } from '../../k8s/json';
import { FieldSet } from './field-set';
import { compareStrings } from './path';

export interface ManagerSet {
  set: FieldSet;
  apiVersion: string;
  applied: boolean;
}

export interface Managed {
  /** Keyed by manager identifier. */
  fields: Map<string, ManagerSet>;
  times: Map<string, string | undefined>;
}

export const MAX_UPDATE_MANAGERS = 10;
export const ANCIENT_CHANGES = 'ancient-changes';
export const BEFORE_FIRST_APPLY = 'before-first-apply';

export function emptyManaged(): Managed {
  return { fields: new Map(), times: new Map() };
}

export interface ManagerInfo {
  manager: string;
  operation: ManagedFieldsOperation;
  apiVersion?: string;
  subresource?: string;
}

/** BuildManagerIdentifier: `{"manager":"kubectl","operation":"Update","apiVersion":"v1"}`. */
export function managerIdentifier(info: ManagerInfo): string {
  const o: Record<string, string> = {};
  if (info.manager) o.manager = info.manager;
  if (info.operation) o.operation = info.operation;
  if (info.apiVersion && info.operation !== 'Apply') o.apiVersion = info.apiVersion;
  if (info.subresource) o.subresource = info.subresource;
  return JSON.stringify(o);
}

export function parseIdentifier(id: string): ManagerInfo {
  const o = JSON.parse(id) as Partial<ManagerInfo>;
  return { manager: o.manager ?? '', operation: o.operation ?? 'Update', apiVersion: o.apiVersion, subresource: o.subresource };
}

/** DecodeManagedFields; throws with the real message for a malformed entry. */
export function decodeManagedFields(entries: readonly ManagedFieldsEntry[]): Managed {
  const managed = emptyManaged();
  entries.forEach((e, i) => {
    if (e.operation !== 'Apply' && e.operation !== 'Update') throw new Error('operation must be `Apply` or `Update`');
    if (!e.apiVersion) throw new Error('apiVersion must not be empty');
    if (!e.fieldsType) throw new Error(`missing fieldsType in managed fields entry ${i}`);
    if (e.fieldsType !== 'FieldsV1') throw new Error(`invalid fieldsType ${JSON.stringify(e.fieldsType)} in managed fields entry ${i}`);
    const id = managerIdentifier({ manager: e.manager ?? '', operation: e.operation, apiVersion: e.apiVersion, subresource: e.subresource });
    const fields = e.fieldsV1 !== undefined && isJsonObject(e.fieldsV1) ? e.fieldsV1 : {};
    managed.fields.set(id, { set: FieldSet.fromFieldsV1(fields), apiVersion: e.apiVersion, applied: e.operation === 'Apply' });
    managed.times.set(id, e.time);
  });
  return managed;
}

/** Decodes, or undefined when the list does not decode (callers fall back as the server does). */
export function tryDecodeManagedFields(entries: readonly ManagedFieldsEntry[] | undefined): Managed | undefined {
  try {
    return decodeManagedFields(entries ?? []);
  } catch {
    return undefined;
  }
}

function unixSeconds(t: string | undefined): number {
  if (!t) return 0;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

export function sortManagedFields(entries: ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  const cmp = (a: string | undefined, b: string | undefined) => compareStrings(a ?? '', b ?? '');
  return entries.sort(
    (p, q) =>
      cmp(p.operation, q.operation) ||
      unixSeconds(p.time) - unixSeconds(q.time) ||
      cmp(p.manager, q.manager) ||
      cmp(p.apiVersion, q.apiVersion) ||
      cmp(p.subresource, q.subresource),
  );
}

/** EncodeManagedFields: undefined when nothing is managed (the field is then left out). */
export function encodeManagedFields(managed: Managed): ManagedFieldsEntry[] | undefined {
  if (managed.fields.size === 0) return undefined;
  const out: ManagedFieldsEntry[] = [];
  for (const [id, vs] of managed.fields) {
    const info = parseIdentifier(id);
    const e: ManagedFieldsEntry = {};
    if (info.manager) e.manager = info.manager;
    e.operation = vs.applied ? 'Apply' : info.operation;
    e.apiVersion = vs.apiVersion;
    const time = managed.times.get(id);
    if (time) e.time = time;
    e.fieldsType = 'FieldsV1';
    e.fieldsV1 = vs.set.toFieldsV1();
    if (info.subresource) e.subresource = info.subresource;
    out.push(e);
  }
  return sortManagedFields(out);
}

/** capManagersManager: folds the oldest Update managers into `ancient-changes` buckets. */
export function capUpdateManagers(managed: Managed, max = MAX_UPDATE_MANAGERS): void {
  const updaters = [...managed.fields].filter(([, vs]) => !vs.applied).map(([id]) => id);
  if (updaters.length <= max) return;
  updaters.sort((a, b) => unixSeconds(managed.times.get(a)) - unixSeconds(managed.times.get(b)) || compareStrings(a, b));
  const firstByVersion = new Map<string, string>();
  let length = updaters.length;
  for (let i = 0; i < updaters.length && length > max; i++) {
    const id = updaters[i];
    const vs = managed.fields.get(id);
    if (!vs) continue;
    const time = managed.times.get(id);
    const bucket = managerIdentifier({ manager: ANCIENT_CHANGES, operation: 'Update', apiVersion: vs.apiVersion });
    const first = firstByVersion.get(vs.apiVersion);
    if (first === undefined) {
      firstByVersion.set(vs.apiVersion, id);
      continue;
    }
    if (!managed.fields.has(bucket)) {
      const s = managed.fields.get(first);
      managed.fields.delete(first);
      if (s) managed.fields.set(bucket, s);
    }
    const current = managed.fields.get(bucket);
    managed.fields.set(bucket, { set: vs.set.union(current?.set ?? new FieldSet()), apiVersion: vs.apiVersion, applied: vs.applied });
    managed.fields.delete(id);
    length--;
    managed.times.set(bucket, time);
  }
}
