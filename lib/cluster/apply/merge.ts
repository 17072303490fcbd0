/**
 * typed.Merge: an applied configuration merged into the live object by the schema's semantics.
 * Leaves and atomic values take the configuration's value; structs and maps merge key by key;
 * associative lists merge item by item on their keys, keeping live-only items where they were and
 * the configuration's order for the rest (structured-merge-diff's ordering algorithm).
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import type { Schema } from '../schema/types';
import { asList, asObject, atomOf, childSchema, indexItems, type Atom, type IndexedItem } from './typed';

export function mergeObjects(lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: Schema): JsonValue | undefined {
  const atom = atomOf(schema);
  const keepRhs = rhs !== undefined ? rhs : lhs;
  if (atom.kind === 'leaf' || lhs === undefined || rhs === undefined) {
    if (atom.kind === 'leaf' || lhs === undefined) return keepRhs;
    return lhs;
  }
  if (atom.kind === 'struct' || atom.kind === 'map') {
    const l = asObject(lhs);
    const r = asObject(rhs);
    if ((!l || Object.keys(l).length === 0) && (!r || Object.keys(r).length === 0)) return keepRhs;
    return mergeMaps(atom, l ?? {}, r ?? {});
  }
  const l = asList(lhs);
  const r = asList(rhs);
  if ((!l || l.length === 0) && (!r || r.length === 0)) return keepRhs;
  return mergeLists(atom, l ?? [], r ?? []);
}

function mergeMaps(atom: Atom, l: JsonObject, r: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, lv] of Object.entries(l)) {
    if (!Object.hasOwn(r, k)) {
      out[k] = lv;
      continue;
    }
    const child = childSchema(atom, k);
    const merged = child ? mergeObjects(lv, r[k], child) : r[k];
    if (merged !== undefined) out[k] = merged;
  }
  for (const [k, rv] of Object.entries(r)) {
    if (Object.hasOwn(l, k)) continue;
    out[k] = rv;
  }
  return out;
}

function firstByKey(items: readonly IndexedItem[]): Map<string, JsonValue> {
  const m = new Map<string, JsonValue>();
  for (const it of items) if (!m.has(it.key)) m.set(it.key, it.value);
  return m;
}

function mergeLists(atom: Atom & { kind: 'list' }, l: JsonValue[], r: JsonValue[]): JsonValue[] | undefined {
  const rItems = indexItems(atom, r);
  const lItems = indexItems(atom, l);
  const observedR = firstByKey(rItems);
  const observedL = firstByKey(lItems);
  const item = (lv: JsonValue | undefined, rv: JsonValue | undefined) => mergeObjects(lv, rv, atom.items);

  const sharedOrder = rItems.filter((it) => observedL.has(it.key)).map((it) => it.key);
  let nextShared = sharedOrder.shift();
  const mergedR = new Set<string>();
  const out: JsonValue[] = [];
  const push = (v: JsonValue | undefined) => {
    if (v !== undefined) out.push(v);
  };

  let li = 0;
  let ri = 0;
  while (li < lItems.length || ri < rItems.length) {
    if (li < lItems.length && ri < rItems.length) {
      const lk = lItems[li].key;
      if (lk === rItems[ri].key) {
        mergedR.add(lk);
        push(item(observedL.get(lk), observedR.get(lk)));
        li++;
        ri++;
        nextShared = sharedOrder.shift();
        continue;
      }
      if (observedR.has(lk) && nextShared !== undefined && nextShared !== lk) {
        li++;
        continue;
      }
    }
    if (li < lItems.length) {
      const lk = lItems[li].key;
      if (!observedR.has(lk)) {
        push(item(lItems[li].value, undefined));
        li++;
        continue;
      } else if (mergedR.has(lk)) {
        li++;
        continue;
      }
    }
    if (ri < rItems.length) {
      const rk = rItems[ri].key;
      mergedR.add(rk);
      push(item(observedL.get(rk), observedR.get(rk)));
      ri++;
      if (nextShared !== undefined && nextShared === rk) nextShared = sharedOrder.shift();
    } else {
      li++;
    }
  }
  return out.length > 0 ? out : undefined;
}
