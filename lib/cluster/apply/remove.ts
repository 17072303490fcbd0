/**
 * typed.RemoveItems: the object without the fields and list items of a set. A removed member takes
 * its whole subtree with it; a map or list emptied by the removal becomes null (absent once the object
 * is stored), exactly as structured-merge-diff leaves it.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import type { Schema } from '../schema/types';
import type { FieldSet } from './field-set';
import { field } from './path';
import { asList, asObject, atomOf, childSchema, listItemElement, ItemError } from './typed';

/** Returns the pruned value; `undefined` stands for Go's nil (written back as null by the parent). */
export function removeItems(value: JsonValue, toRemove: FieldSet, schema: Schema): JsonValue | undefined {
  const atom = atomOf(schema);
  if (atom.kind === 'leaf') {
    // Atomic lists and maps are dropped whole when walked into; scalars stay.
    if (Array.isArray(value) || asObject(value)) return undefined;
    return value;
  }
  if (atom.kind === 'list') {
    const list = asList(value);
    if (!list) return value;
    if (list.length === 0) return undefined;
    const out: JsonValue[] = [];
    for (const item of list) {
      let pe;
      try {
        pe = listItemElement(atom, item);
      } catch (e) {
        if (!(e instanceof ItemError)) throw e;
        out.push(item);
        continue;
      }
      if (toRemove.has([pe])) continue;
      const subset = toRemove.withPrefix(pe);
      out.push(subset.isEmpty() ? item : (removeItems(item, subset, atom.items) ?? null));
    }
    return out.length > 0 ? out : undefined;
  }
  const obj = asObject(value);
  if (!obj) return value;
  if (Object.keys(obj).length === 0) return undefined;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(obj)) {
    const pe = field(k);
    if (toRemove.has([pe])) continue;
    const subset = toRemove.withPrefix(pe);
    const child = childSchema(atom, k);
    out[k] = subset.isEmpty() || !child ? v : (removeItems(v, subset, child) ?? null);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Drops nulls left by removal and by `null` in an applied configuration (Go decodes them as unset). */
export function dropNulls(value: JsonValue, schema: Schema): JsonValue {
  const atom = atomOf(schema);
  if (atom.kind === 'struct' || atom.kind === 'map') {
    const obj = asObject(value);
    if (!obj) return value;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(obj)) {
      if (v === null) continue;
      const child = childSchema(atom, k);
      out[k] = child ? dropNulls(v, child) : v;
    }
    return out;
  }
  if (atom.kind === 'list') {
    const list = asList(value);
    return list ? list.map((item) => dropNulls(item, atom.items)) : value;
  }
  return value;
}
