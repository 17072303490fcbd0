/**
 * typed.Compare: the fields added, modified and removed between two versions of an object. Leaves
 * compare by value; a struct, map, list or list item that appears or disappears as a whole is also
 * recorded itself (so a new `ports` list or `labels` map is owned with "."); `undefined` is absent,
 * `null` is an explicit null (present).
 */
import type { JsonValue } from '../../k8s/json';
import type { Schema } from '../schema/types';
import { FieldSet } from './field-set';
import { field, valuesEqual, type PathElement } from './path';
import { asList, asObject, atomOf, childSchema, indexItems, type Atom } from './typed';

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

export function compareObjects(lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: Schema): Comparison {
  const c: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  if (lhs !== undefined || rhs !== undefined) compareNode(lhs, rhs, schema, [], c);
  return c;
}

/** Restricts a comparison to fields outside `ignored` (reset fields such as `status`). */
export function filterComparison(c: Comparison, ignored: FieldSet): Comparison {
  if (ignored.isEmpty()) return c;
  return {
    added: c.added.recursiveDifference(ignored),
    modified: c.modified.recursiveDifference(ignored),
    removed: c.removed.recursiveDifference(ignored),
  };
}

function leaf(lhs: JsonValue | undefined, rhs: JsonValue | undefined, path: PathElement[], c: Comparison): void {
  if (lhs === undefined) c.added.insert(path);
  else if (rhs === undefined) c.removed.insert(path);
  else if (!valuesEqual(lhs, rhs)) c.modified.insert(path);
}

function isEmpty(v: JsonValue[] | Record<string, JsonValue> | undefined): boolean {
  if (v === undefined) return true;
  return Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0;
}

function compareNode(lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: Schema, path: PathElement[], c: Comparison): void {
  const atom = atomOf(schema);
  let inLeaf = false;
  if (atom.kind === 'leaf') {
    leaf(lhs, rhs, path, c);
    inLeaf = true;
  } else if (atom.kind === 'struct' || atom.kind === 'map') {
    const l = asObject(lhs);
    const r = asObject(rhs);
    if (isEmpty(l) && isEmpty(r)) {
      leaf(lhs, rhs, path, c);
      inLeaf = true;
    } else {
      compareMaps(atom, l ?? {}, r ?? {}, path, c);
    }
  } else {
    const l = asList(lhs);
    const r = asList(rhs);
    if (isEmpty(l) && isEmpty(r)) {
      leaf(lhs, rhs, path, c);
      inLeaf = true;
    } else {
      compareLists(atom, l ?? [], r ?? [], path, c);
    }
  }
  if (!inLeaf && path.length > 0) {
    if (lhs === undefined) c.added.insert(path);
    else if (rhs === undefined) c.removed.insert(path);
  }
}

function compareMaps(atom: Atom, l: Record<string, JsonValue>, r: Record<string, JsonValue>, path: PathElement[], c: Comparison): void {
  const keys = new Set([...Object.keys(l), ...Object.keys(r)]);
  for (const k of keys) {
    const child = childSchema(atom, k);
    if (!child) continue;
    const lv = Object.hasOwn(l, k) ? l[k] : undefined;
    const rv = Object.hasOwn(r, k) ? r[k] : undefined;
    compareNode(lv, rv, child, [...path, field(k)], c);
  }
}

function compareLists(atom: Atom & { kind: 'list' }, l: JsonValue[], r: JsonValue[], path: PathElement[], c: Comparison): void {
  const lItems = indexItems(atom, l);
  const rItems = indexItems(atom, r);
  const rByKey = new Map<string, JsonValue>();
  for (const it of rItems) if (!rByKey.has(it.key)) rByKey.set(it.key, it.value);
  const lKeys = new Set<string>();
  for (const it of lItems) {
    if (lKeys.has(it.key)) continue;
    lKeys.add(it.key);
    compareNode(it.value, rByKey.get(it.key), atom.items, [...path, it.pe], c);
  }
  const done = new Set<string>();
  for (const it of rItems) {
    if (lKeys.has(it.key) || done.has(it.key)) continue;
    done.add(it.key);
    compareNode(undefined, it.value, atom.items, [...path, it.pe], c);
  }
}
