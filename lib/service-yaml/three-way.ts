/**
 * Three-way merge of JSON values for the editor's conflict view: `base` is what the editor loaded,
 * `live` what the cluster holds now, `mine` the user's edit. A change on one side only is taken; the
 * same change on both sides is taken once; different changes to the same field are conflicts (the
 * result keeps `mine` there and lists the field). Lists of objects with a unique `name` (ports) are
 * merged item by item; other lists are one value. Pure.
 */
import type { JsonValue } from '../k8s/json';

export interface MergeConflict {
  /** Field path like `spec.ports[1].port` (index into `mine`'s list). */
  path: string;
  base: JsonValue | undefined;
  live: JsonValue | undefined;
  mine: JsonValue | undefined;
}

export interface MergeResult<T> {
  merged: T;
  conflicts: MergeConflict[];
  /** Paths where a change from `live` was taken into the result. */
  takenFromLive: string[];
}

type Maybe = JsonValue | undefined;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isObject = (v: Maybe): v is { [k: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep equality of JSON-shaped values (objects compared by keys, not key order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

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

function mergeNamedLists(base: Maybe, live: Maybe, mine: Maybe, path: string, acc: Acc): JsonValue[] | undefined {
  const b = namedItems(base);
  const l = namedItems(live);
  const m = namedItems(mine);
  if (!b || !l || !m || !Array.isArray(mine) || !Array.isArray(live)) return undefined;
  const order = [...m.keys(), ...[...l.keys()].filter((k) => !m.has(k))];
  const out: JsonValue[] = [];
  for (const name of order) {
    const idx = out.length;
    const v = mergeValue(b.get(name), l.get(name), m.get(name), `${path}[${idx}]`, acc);
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
    const out: { [k: string]: JsonValue } = {};
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

/** Merges `live`'s changes since `base` into `mine`. */
export function threeWayMerge<T>(base: T, live: T, mine: T): MergeResult<T> {
  const acc: Acc = { conflicts: [], takenFromLive: [] };
  const merged = mergeValue(base as Maybe, live as Maybe, mine as Maybe, '', acc);
  return { merged: merged as T, conflicts: acc.conflicts, takenFromLive: acc.takenFromLive };
}
