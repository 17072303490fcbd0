/**
 * Go's JSON decoding errors, for bodies whose values have the wrong JSON type for the schema
 * (`"ports": "x"`): the real server answers 400 with
 * `Service in version "v1" cannot be handled as a Service: json: cannot unmarshal string into Go struct field ServiceSpec.spec.ports of type []v1.ServicePort`.
 * Values of the right type are left to validation; nulls decode to zero values.
 */
import type { JsonValue } from '../../k8s/json';
import type { ObjectSchema, Schema } from '../schema/types';

function goTypeOf(schema: Schema): string {
  switch (schema.type) {
    case 'string':
      return schema.format === 'date-time' ? 'v1.Time' : 'string';
    case 'integer':
      return schema.format === 'int64' ? 'int64' : 'int32';
    case 'number':
      return 'float64';
    case 'boolean':
      return 'bool';
    case 'int-or-string':
      return 'intstr.IntOrString';
    case 'any':
      return 'interface {}';
    case 'array':
      return `[]${goTypeOf(schema.items)}`;
    case 'map':
      return `map[string]${goTypeOf(schema.values)}`;
    case 'object': {
      const parts = (schema.name ?? 'struct').split('.');
      return parts.length >= 2 ? `${parts[parts.length - 2]}.${parts[parts.length - 1]}` : parts[0];
    }
  }
}

function jsonTypeOf(value: JsonValue): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'number';
  return typeof value === 'object' ? 'object' : 'string';
}

const INT_RANGES: Record<string, [number, number]> = { int32: [-(2 ** 31), 2 ** 31 - 1], int64: [-(2 ** 63), 2 ** 63 - 1] };

/** Whether `value` (written as `literal` when the text said more than the number keeps) decodes into `schema`. */
function fits(schema: Schema, value: JsonValue, literal: string | undefined): boolean | 'number' {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string';
    case 'integer': {
      if (typeof value !== 'number') return false;
      if (!Number.isInteger(value) || (literal !== undefined && /[.eE]/.test(literal))) return 'number';
      const [min, max] = INT_RANGES[schema.format === 'int64' ? 'int64' : 'int32'];
      return value >= min && value <= max ? true : 'number';
    }
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'int-or-string':
      if (typeof value === 'string') return true;
      if (typeof value !== 'number') return false;
      return Number.isInteger(value) && (literal === undefined || !/[.eE]/.test(literal)) && value >= -(2 ** 31) && value <= 2 ** 31 - 1 ? true : 'number';
    case 'any':
      return true;
    case 'array':
      return Array.isArray(value);
    case 'map':
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

interface Where {
  /** The Go struct holding the field, e.g. ServiceSpec. */
  struct: string;
  /** Dotted JSON field names from the root, without indices (Go's UnmarshalTypeError.Field). */
  path: string;
  /** The same path with indices (`spec.ports[0].port`), to find number literals. */
  indexed: string;
  /** Number literals of the body text by indexed path. */
  literals?: ReadonlyMap<string, string>;
}

function check(schema: Schema, value: JsonValue, where: Where): string | undefined {
  if (value === null) return undefined;
  const literal = typeof value === 'number' ? where.literals?.get(where.indexed) : undefined;
  const ok = fits(schema, value, literal);
  if (ok !== true) {
    const what = ok === 'number' ? `number ${literal ?? String(value)}` : jsonTypeOf(value);
    return `json: cannot unmarshal ${what} into Go struct field ${where.struct}.${where.path} of type ${goTypeOf(schema)}`;
  }
  if (schema.type === 'array') {
    const items = value as JsonValue[];
    for (let i = 0; i < items.length; i++) {
      const err = check(schema.items, items[i], where.literals ? { ...where, indexed: `${where.indexed}[${i}]` } : where);
      if (err) return err;
    }
  } else if (schema.type === 'map') {
    for (const [k, v] of Object.entries(value as Record<string, JsonValue>)) {
      const err = check(schema.values, v, where.literals ? { ...where, indexed: `${where.indexed}.${k}` } : where);
      if (err) return err;
    }
  } else if (schema.type === 'object') {
    return checkObject(schema, value as Record<string, JsonValue>, where.path, where.indexed, where.literals);
  }
  return undefined;
}

function checkObject(schema: ObjectSchema, obj: Record<string, JsonValue>, path: string, indexed: string, literals?: ReadonlyMap<string, string>): string | undefined {
  const struct = (schema.name ?? '').split('.').pop() || 'struct';
  for (const [key, value] of Object.entries(obj)) {
    const field = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (!field) continue;
    const err = check(field, value, { struct, path: path ? `${path}.${key}` : key, indexed: literals ? (indexed ? `${indexed}.${key}` : key) : '', literals });
    if (err) return err;
  }
  return undefined;
}

/** The first type error in `obj` (document order), or undefined; `literals` are the body's number literals by path. */
export function findTypeError(obj: Record<string, JsonValue>, schema: ObjectSchema, literals?: ReadonlyMap<string, string>): string | undefined {
  return checkObject(schema, obj, '', '', literals);
}
