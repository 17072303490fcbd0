/**
 * The set of fields an object sets, as structured-merge-diff's ToFieldSet computes it:
 * leaves (scalars and atomic values) are members; list items are always members (so an item with
 * fields serializes with "."); struct fields are members only when null or an empty object; map
 * entries (labels, annotations) are always members. Plus the FieldsV1 round trip.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import type { Schema } from '../schema/types';
import { FieldSet } from './field-set';
import { field, type PathElement } from './path';
import { asList, asObject, atomOf, childSchema, indexItems } from './typed';

export { FieldSet } from './field-set';

/** Every field path `obj` sets under `schema`; undeclared struct fields are skipped. */
export function fieldSetOf(obj: JsonValue, schema: Schema): FieldSet {
  const set = new FieldSet();
  walk(obj, schema, [], set);
  return set;
}

function walk(value: JsonValue, schema: Schema, path: PathElement[], set: FieldSet): void {
  const atom = atomOf(schema);
  switch (atom.kind) {
    case 'leaf':
      set.insert(path);
      return;
    case 'struct':
    case 'map': {
      const obj = asObject(value);
      if (!obj) return;
      for (const [k, v] of Object.entries(obj)) {
        const child = childSchema(atom, k);
        if (!child) continue;
        const childPath = [...path, field(k)];
        walk(v, child, childPath, set);
        const emptyObject = asObject(v) !== undefined && Object.keys(asObject(v) ?? {}).length === 0;
        if (v === null || emptyObject || atom.kind === 'map') set.insert(childPath);
      }
      return;
    }
    case 'list': {
      const list = asList(value);
      if (!list) return;
      for (const item of indexItems(atom, list)) {
        const itemPath = [...path, item.pe];
        walk(item.value, atom.items, itemPath, set);
        set.insert(itemPath);
      }
      return;
    }
  }
}

/** Parses a FieldsV1 trie (throws on malformed keys). */
export function fromFieldsV1(fields: JsonObject): FieldSet {
  return FieldSet.fromFieldsV1(fields);
}

/** Shortcut: the FieldsV1 trie of the fields `obj` sets. */
export function fieldsV1Of(obj: JsonValue, schema: Schema): JsonObject {
  return fieldSetOf(obj, schema).toFieldsV1();
}
