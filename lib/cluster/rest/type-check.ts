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

function fits(schema: Schema, value: JsonValue): boolean | 'fraction' {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      if (typeof value !== 'number') return false;
      return Number.isInteger(value) ? true : 'fraction';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'int-or-string':
      return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
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
}

function check(schema: Schema, value: JsonValue, where: Where): string | undefined {
  if (value === null) return undefined;
  const ok = fits(schema, value);
  if (ok !== true) {
    const what = ok === 'fraction' ? `number ${String(value)}` : jsonTypeOf(value);
    return `json: cannot unmarshal ${what} into Go struct field ${where.struct}.${where.path} of type ${goTypeOf(schema)}`;
  }
  if (schema.type === 'array') {
    for (const item of value as JsonValue[]) {
      const err = check(schema.items, item, where);
      if (err) return err;
    }
  } else if (schema.type === 'map') {
    for (const v of Object.values(value as Record<string, JsonValue>)) {
      const err = check(schema.values, v, where);
      if (err) return err;
    }
  } else if (schema.type === 'object') {
    return checkObject(schema, value as Record<string, JsonValue>, where.path);
  }
  return undefined;
}

function checkObject(schema: ObjectSchema, obj: Record<string, JsonValue>, path: string): string | undefined {
  const struct = (schema.name ?? '').split('.').pop() || 'struct';
  for (const [key, value] of Object.entries(obj)) {
    const field = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (!field) continue;
    const err = check(field, value, { struct, path: path ? `${path}.${key}` : key });
    if (err) return err;
  }
  return undefined;
}

/** The first type error in `obj` (document order), or undefined. */
export function findTypeError(obj: Record<string, JsonValue>, schema: ObjectSchema): string | undefined {
  return checkObject(schema, obj, '');
}
