/**
 * Three-way merge of a Service, for a write that hit 409 Conflict or a stale draft (the forms and
 * the YAML editor both use it): `base` is the object the edit started from, `live` the object on
 * the server now, `mine` the user's edit. A change on one side only is taken; the same change on
 * both sides is taken once; different changes to the same field are conflicts (the result keeps
 * `mine` there and reports the three values). Objects merge key by key; lists of objects with a
 * unique `name` (ports) merge item by item; other lists are one value. The result carries live's
 * resourceVersion, managedFields and status. Pure.
 */
import { jsonEqual, type JsonValue } from '../k8s/json';
import type { Service } from '../k8s/types';
import { cloneService } from '../service';

export interface MergeConflict {
  /** Field path like `spec.ports[1].port` (index into `mine`'s list). */
  path: string;
  base: JsonValue | undefined;
  live: JsonValue | undefined;
  mine: JsonValue | undefined;
}

export interface ThreeWayResult {
  merged: Service;
  /** Editable paths the server changed since base (`spec.ports`, `metadata.labels.team`). */
  serverChanged: string[];
  /** Editable paths where a change from `live` was taken into the result. */
  takenFromLive: string[];
  /** Editable fields both sides changed to different values (mine was kept). */
  conflicts: MergeConflict[];
}

type Maybe = JsonValue | undefined;
type Obj = { [k: string]: JsonValue };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isObject = (v: Maybe): v is Obj => isRecord(v);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Paths at which two values differ (objects recurse, anything else is one leaf). */
export function changedPaths(a: unknown, b: unknown, path = ''): string[] {
  if (jsonEqual(a, b)) return [];
  if (isRecord(a) && isRecord(b)) {
    const out: string[] = [];
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) out.push(...changedPaths(a[k], b[k], join(path, k)));
    return out;
  }
  return [path];
}

/** Fields the server owns (resourceVersion, managedFields, status): never an edit, never a conflict. */
const SERVER_OWNED = /^(metadata\.(resourceVersion|managedFields|generation)|status)(\.|\[|$)/;
const editable = (p: string) => !SERVER_OWNED.test(p);

/** The fields a user could edit that differ between two versions of the object. */
export function editableChanges(before: Service, after: Service): string[] {
  return changedPaths(before, after).filter(editable);
}

function namedItems(list: Maybe): Map<string, JsonValue> | undefined {
  if (!Array.isArray(list)) return list === undefined ? new Map() : undefined;
  const out = new Map<string, JsonValue>();
  for (const item of list) {
    if (!isObject(item) || typeof item.name !== 'string' || out.has(item.name)) return undefined;
    out.set(item.name, item);
  }
  return out;
}

interface Acc {
  conflicts: MergeConflict[];
  takenFromLive: string[];
}

function mergeNamedLists(base: Maybe, live: JsonValue[], mine: JsonValue[], path: string, acc: Acc): JsonValue[] | undefined {
  const b = namedItems(base);
  const l = namedItems(live);
  const m = namedItems(mine);
  if (!b || !l || !m) return undefined;
  const order = [...m.keys(), ...[...l.keys()].filter((k) => !m.has(k))];
  const out: JsonValue[] = [];
  for (const name of order) {
    const v = mergeValue(b.get(name), l.get(name), m.get(name), `${path}[${out.length}]`, acc);
    if (v !== undefined) out.push(v);
  }
  return out;
}

function mergeValue(base: Maybe, live: Maybe, mine: Maybe, path: string, acc: Acc): Maybe {
  if (jsonEqual(live, mine)) return mine;
  if (jsonEqual(base, mine)) {
    acc.takenFromLive.push(path);
    return live;
  }
  if (jsonEqual(base, live)) return mine;
  if (isObject(mine) && isObject(live)) {
    const b = isObject(base) ? base : {};
    const out: Obj = {};
    const keys = [...Object.keys(mine), ...Object.keys(live).filter((k) => !(k in mine))];
    for (const k of keys) {
      const v = mergeValue(b[k], live[k], mine[k], join(path, k), acc);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  if (Array.isArray(mine) && Array.isArray(live)) {
    const merged = mergeNamedLists(base, live, mine, path, acc);
    if (merged) return merged;
  }
  acc.conflicts.push({ path, base, live, mine });
  return mine;
}

const asJson = (s: Service) => s as unknown as JsonValue;

/** Re-applies the user's edits (mine vs base) on top of live. */
export function threeWayMerge(base: Service, live: Service, mine: Service): ThreeWayResult {
  const acc: Acc = { conflicts: [], takenFromLive: [] };
  const merged = cloneService(mergeValue(asJson(base), asJson(live), asJson(mine), '', acc) as unknown as Service);
  merged.metadata = { ...merged.metadata, resourceVersion: live.metadata.resourceVersion };
  if (live.metadata.managedFields) merged.metadata.managedFields = live.metadata.managedFields;
  if (live.status === undefined) delete merged.status;
  else merged.status = cloneService({ metadata: {}, status: live.status }).status;
  const serverChanged = editableChanges(base, live);
  return {
    merged,
    serverChanged,
    // '' = mine is base unchanged, so everything the server changed was taken.
    takenFromLive: acc.takenFromLive.flatMap((p) => (p === '' ? serverChanged : [p])).filter(editable),
    conflicts: acc.conflicts.filter((c) => editable(c.path)),
  };
}
