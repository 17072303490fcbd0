/**
 * Field paths as structured-merge-diff (fieldpath) names them: a path is a list of elements, each a
 * field name (`.spec`), a list-map key (`[port=80,protocol="TCP"]`), a set value (`[=1.2.3.4]`) or an
 * index into an atomic list (`[0]`). Elements have a total order (fields < keys < values < indexes)
 * that decides the order of FieldsV1 entries, and two spellings: the FieldsV1 one (`f:spec`,
 * `k:{"port":80,"protocol":"TCP"}`, `v:"a"`, `i:0`) and the human one used in conflict messages.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';

export interface KeyField {
  name: string;
  value: JsonValue;
}

export type PathElement =
  | { kind: 'field'; name: string }
  /** Key fields sorted by name, as fieldpath.KeyByFields / FieldList.Sort leave them. */
  | { kind: 'key'; fields: readonly KeyField[] }
  | { kind: 'value'; value: JsonValue }
  | { kind: 'index'; index: number };

export type Path = readonly PathElement[];

export const field = (name: string): PathElement => ({ kind: 'field', name });

/** Byte-wise (UTF-8) comparison, as Go's strings.Compare. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function rank(v: JsonValue): number {
  if (typeof v === 'number') return 0;
  if (typeof v === 'string') return 1;
  if (typeof v === 'boolean') return 2;
  if (Array.isArray(v)) return 3;
  if (v !== null) return 4;
  return 5;
}

/** value.Compare: numbers < strings < booleans < lists < maps < null. */
export function compareValues(a: JsonValue, b: JsonValue): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    return compareKeyFields(toKeyFields(a), toKeyFields(b));
  }
  return 0;
}

export function toKeyFields(obj: JsonObject): KeyField[] {
  return Object.keys(obj)
    .sort(compareStrings)
    .map((name) => ({ name, value: obj[name] }));
}

function compareKeyFields(a: readonly KeyField[], b: readonly KeyField[]): number {
  for (let i = 0; ; i++) {
    if (i >= a.length && i >= b.length) return 0;
    if (i >= a.length) return -1;
    if (i >= b.length) return 1;
    const c = compareStrings(a[i].name, b[i].name) || compareValues(a[i].value, b[i].value);
    if (c !== 0) return c;
  }
}

const kindRank = { field: 0, key: 1, value: 2, index: 3 } as const;

export function comparePathElements(a: PathElement, b: PathElement): number {
  if (a.kind !== b.kind) return kindRank[a.kind] < kindRank[b.kind] ? -1 : 1;
  switch (a.kind) {
    case 'field':
      return compareStrings(a.name, (b as { name: string }).name);
    case 'key':
      return compareKeyFields(a.fields, (b as { fields: readonly KeyField[] }).fields);
    case 'value':
      return compareValues(a.value, (b as { value: JsonValue }).value);
    case 'index': {
      const bi = (b as { index: number }).index;
      return a.index < bi ? -1 : a.index > bi ? 1 : 0;
    }
  }
}

export function valuesEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return rank(a) === rank(b) && compareValues(a, b) === 0;
}

/** JSON as Go's encoding/json (and jsoniter's compatible mode) writes it: HTML-escaped, map keys sorted. */
export function goJson(v: JsonValue): string {
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${toKeyFields(v).map((f) => `${goString(f.name)}:${goJson(f.value)}`).join(',')}}`;
  }
  if (typeof v === 'string') return goString(v);
  return JSON.stringify(v);
}

function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The FieldsV1 spelling of one element: `f:name`, `k:{...}`, `v:...`, `i:3`. */
export function serializePathElement(pe: PathElement): string {
  switch (pe.kind) {
    case 'field':
      return `f:${pe.name}`;
    case 'key':
      return `k:{${pe.fields.map((f) => `${goString(f.name)}:${goJson(f.value)}`).join(',')}}`;
    case 'value':
      return `v:${goJson(pe.value)}`;
    case 'index':
      return `i:${pe.index}`;
  }
}

export class UnknownPathElementType extends Error {}

/** Parses a FieldsV1 key; throws UnknownPathElementType for prefixes this version does not know. */
export function deserializePathElement(s: string): PathElement {
  if (s.length < 2) throw new Error('key must be 2 characters long:');
  if (s[1] !== ':') throw new Error(`missing colon: ${s}`);
  const body = s.slice(2);
  switch (s[0]) {
    case 'f':
      return { kind: 'field', name: body };
    case 'v':
      return { kind: 'value', value: JSON.parse(body) as JsonValue };
    case 'k': {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`invalid key: ${s}`);
      return { kind: 'key', fields: toKeyFields(parsed as JsonObject) };
    }
    case 'i': {
      if (!/^-?\d+$/.test(body)) throw new Error(`strconv.Atoi: parsing ${JSON.stringify(body)}: invalid syntax`);
      return { kind: 'index', index: Number(body) };
    }
    default:
      throw new UnknownPathElementType('unknown path element type');
  }
}

/** value.ToString: strings quoted, lists `[a,b]`, maps `{k=v;k2=v2}`. */
function valueToString(v: JsonValue): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(valueToString).join(',')}]`;
  if (typeof v === 'object') return `{${toKeyFields(v).map((f) => `${f.name}=${valueToString(f.value)}`).join(';')}}`;
  return String(v);
}

/** The human spelling (PathElement.String): `.spec`, `[port=80,protocol="TCP"]`, `[=x]`, `[0]`. */
export function pathElementToString(pe: PathElement): string {
  switch (pe.kind) {
    case 'field':
      return `.${pe.name}`;
    case 'key':
      return `[${pe.fields.map((f) => `${f.name}=${valueToString(f.value)}`).join(',')}]`;
    case 'value':
      return `[=${valueToString(pe.value)}]`;
    case 'index':
      return `[${pe.index}]`;
  }
}

export function pathToString(path: Path): string {
  return path.map(pathElementToString).join('');
}
