/**
 * How structured-merge-diff sees our Schema nodes: every node is a leaf (scalars, int-or-string,
 * free-form values, and atomic lists/maps/objects, owned and replaced whole), a struct (declared
 * fields), a map (free keys, e.g. labels) or an associative list (a set of scalars, or a map-list whose
 * items are identified by their key fields). Also: the path element of a list item, and validation
 * of an applied configuration with the real error texts.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import { isJsonObject } from '../../k8s/json';
import type { Schema } from '../schema/types';
import { isAtomicMap } from '../schema/builders';
import { field, pathElementToString, pathToString, serializePathElement, toKeyFields, type Path, type PathElement } from './path';

export type Atom =
  | { kind: 'leaf' }
  | { kind: 'struct'; fields: Record<string, Schema> }
  | { kind: 'map'; values: Schema }
  | { kind: 'list'; items: Schema; keys: readonly string[] };

const LEAF: Atom = { kind: 'leaf' };

/**
 * Key fields that have a default in the real OpenAPI (ServicePort/ContainerPort `protocol` defaults to
 * TCP), so an item that omits them is still identified.
 */
const KEY_DEFAULTS: Record<string, JsonValue> = { protocol: 'TCP' };

export function atomOf(schema: Schema): Atom {
  switch (schema.type) {
    case 'object':
      return schema.mapType === 'atomic' ? LEAF : { kind: 'struct', fields: schema.properties };
    case 'map':
      return isAtomicMap(schema) ? LEAF : { kind: 'map', values: schema.values };
    case 'array': {
      const lt = schema.listType ?? legacyListType(schema.patchStrategy, schema.patchMergeKey);
      if (lt === 'map') return { kind: 'list', items: schema.items, keys: schema.listMapKeys ?? (schema.patchMergeKey ? [schema.patchMergeKey] : []) };
      if (lt === 'set') return { kind: 'list', items: schema.items, keys: [] };
      return LEAF;
    }
    default:
      return LEAF;
  }
}

/** Lists without x-kubernetes-list-type: a merge strategy with a key makes a map-list, without one a set. */
function legacyListType(strategy: string | undefined, key: string | undefined): 'map' | 'set' | 'atomic' {
  if (!strategy?.split(',').includes('merge')) return 'atomic';
  return key ? 'map' : 'set';
}

/** The schema of `key` inside a struct or map atom; undefined for an undeclared struct field. */
export function childSchema(atom: Atom, key: string): Schema | undefined {
  if (atom.kind === 'struct') return Object.hasOwn(atom.fields, key) ? atom.fields[key] : undefined;
  if (atom.kind === 'map') return atom.values;
  return undefined;
}

export function asObject(v: JsonValue | undefined): JsonObject | undefined {
  return v !== undefined && isJsonObject(v) ? v : undefined;
}

export function asList(v: JsonValue | undefined): JsonValue[] | undefined {
  return Array.isArray(v) ? v : undefined;
}

export class ItemError extends Error {}

/** The element naming a list item: its keys (map-list), its value (set) or its index (atomic). */
export function listItemElement(atom: Atom & { kind: 'list' }, item: JsonValue): PathElement {
  if (atom.keys.length === 0) {
    if (isJsonObject(item)) throw new ItemError("associative list without keys has an element that's a map type");
    if (Array.isArray(item)) throw new ItemError('not supported: associative list with lists as elements');
    if (item === null) throw new ItemError("associative list without keys has an element that's an explicit null");
    return { kind: 'value', value: item };
  }
  if (item === null) throw new ItemError('associative list with keys may not have a null element');
  if (!isJsonObject(item)) throw new ItemError('associative list with keys may not have non-map elements');
  const key: JsonObject = {};
  for (const name of atom.keys) {
    if (Object.hasOwn(item, name)) key[name] = item[name];
    else if (Object.hasOwn(KEY_DEFAULTS, name)) key[name] = KEY_DEFAULTS[name];
    else throw new ItemError(`associative list with keys has an element that omits key field ${JSON.stringify(name)} (and doesn't have default value)`);
  }
  return { kind: 'key', fields: toKeyFields(key) };
}

export interface IndexedItem {
  pe: PathElement;
  key: string;
  value: JsonValue;
}

/** Items with their elements; items whose element cannot be computed are skipped (live objects). */
export function indexItems(atom: Atom & { kind: 'list' }, list: readonly JsonValue[]): IndexedItem[] {
  const out: IndexedItem[] = [];
  list.forEach((value) => {
    try {
      const pe = listItemElement(atom, value);
      out.push({ pe, key: serializePathElement(pe), value });
    } catch (e) {
      if (!(e instanceof ItemError)) throw e;
    }
  });
  return out;
}

export interface TypedError {
  path: Path;
  message: string;
}

export function formatTypedErrors(errors: readonly TypedError[]): string {
  const one = (e: TypedError) => (e.path.length === 0 ? e.message : `${pathToString(e.path)}: ${e.message}`);
  if (errors.length === 1) return one(errors[0]);
  return ['errors:', ...errors.map((e) => `  ${one(e)}`)].join('\n');
}

/**
 * What the typed conversion of an applied object reports: undeclared fields, list items without
 * their keys, duplicate keys or set values.
 */
export function validateTyped(value: JsonValue, schema: Schema, path: PathElement[] = []): TypedError[] {
  const atom = atomOf(schema);
  const errors: TypedError[] = [];
  // resource.Quantity is an untyped scalar upstream (accepts numbers and strings)
  const typedScalar = (schema.type === 'integer' || schema.type === 'number' || schema.type === 'string' || schema.type === 'boolean') && schema.format !== 'quantity';
  const scalarError = typedScalar ? checkScalar(schema.type as 'integer' | 'number' | 'string' | 'boolean', value) : undefined;
  if (scalarError) errors.push({ path, message: scalarError });
  if (atom.kind === 'struct' || atom.kind === 'map') {
    const obj = asObject(value);
    if (!obj) return errors;
    for (const [k, v] of Object.entries(obj)) {
      const child = childSchema(atom, k);
      const childPath = [...path, field(k)];
      if (!child) errors.push({ path: childPath, message: 'field not declared in schema' });
      else errors.push(...validateTyped(v, child, childPath));
    }
  } else if (atom.kind === 'list') {
    const list = asList(value);
    if (!list) return errors;
    const seen = new Set<string>();
    for (let i = 0; i < list.length; i++) {
      let pe: PathElement;
      try {
        pe = listItemElement(atom, list[i]);
      } catch (e) {
        if (!(e instanceof ItemError)) throw e;
        errors.push({ path, message: `element ${i}: ${e.message}` });
        continue;
      }
      const key = serializePathElement(pe);
      if (seen.has(key)) errors.push({ path, message: `duplicate entries for key ${pathElementToString(pe)}` });
      seen.add(key);
      errors.push(...validateTyped(list[i], atom.items, [...path, pe]));
    }
  }
  return errors;
}

/** Go's `%#v` of a decoded JSON value, as smd prints it inside a value.Value. */
function goSharpV(v: JsonValue): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSharpV).join(', ')}}`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${goSharpV(v[k])}`);
    return `map[string]interface {}{${entries.join(', ')}}`;
  }
  return String(v);
}

function goType(v: JsonValue): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return Array.isArray(v) ? '[]interface {}' : 'map[string]interface {}';
}

/** validateScalar: wrong JSON types under a scalar schema (null is always accepted). */
function checkScalar(type: 'integer' | 'number' | 'string' | 'boolean', v: JsonValue): string | undefined {
  if (v === null) return undefined;
  if (type === 'integer' || type === 'number') return typeof v === 'number' ? undefined : `expected numeric (int or float), got ${goType(v)}`;
  if (type === 'string') return typeof v === 'string' ? undefined : `expected string, got &value.valueUnstructured{Value:${goSharpV(v)}}`;
  return typeof v === 'boolean' ? undefined : `expected boolean, got &{${goSharpV(v)}}`;
}
