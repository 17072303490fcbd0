/**
 * Unknown fields for `fieldValidation` (Strict: 400, Warn: one `Warning` header each, Ignore: dropped),
 * with the paths the real strict JSON decoder reports: `spec.foo`, `spec.ports[0].bar`,
 * `metadata.foo`. Map-typed fields (labels, annotations, selector) accept any key, so nothing below
 * them is unknown; neither is anything inside free-form (`any`) values. Paths come in document order.
 */
import type { JsonValue } from '../../k8s/json';
import { isJsonObject } from '../../k8s/json';
import type { ObjectSchema, Schema } from '../schema/types';

export function findUnknownFields(obj: JsonValue, schema: ObjectSchema): string[] {
  const out: string[] = [];
  walk(obj, schema, '', out);
  return out;
}

function join(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}

function walk(value: JsonValue, schema: Schema, prefix: string, out: string[]): void {
  if (value === null) return;
  switch (schema.type) {
    case 'object': {
      if (!isJsonObject(value)) return;
      for (const [k, v] of Object.entries(value)) {
        const child = Object.hasOwn(schema.properties, k) ? schema.properties[k] : undefined;
        if (!child) out.push(join(prefix, k));
        else walk(v, child, join(prefix, k), out);
      }
      return;
    }
    case 'map': {
      if (!isJsonObject(value)) return;
      for (const [k, v] of Object.entries(value)) walk(v, schema.values, join(prefix, k), out);
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) return;
      value.forEach((item, i) => walk(item, schema.items, `${prefix}[${i}]`, out));
      return;
    }
    default:
      return;
  }
}

/** One strict-decoding complaint: `unknown field "spec.foo"` (also the text of each Warning header). */
export function unknownFieldMessage(path: string): string {
  return `unknown field ${JSON.stringify(path)}`;
}

/** `strict decoding error: unknown field "spec.foo", unknown field "spec.bar"`. */
export function strictDecodingError(paths: readonly string[]): string {
  return `strict decoding error: ${paths.map(unknownFieldMessage).join(', ')}`;
}

/**
 * The 400 message of a create or update (PUT) body with unknown fields under Strict:
 * `Service in version "v1" cannot be handled as a Service: strict decoding error: unknown field "spec.foo"`.
 * (A patch under Strict gets the bare `strictDecodingError(paths)`.)
 */
export function strictDecodingMessage(kind: string, version: string, paths: readonly string[]): string {
  return `${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${strictDecodingError(paths)}`;
}

/** The Warning header values for fieldValidation=Warn (one per unknown field). */
export function unknownFieldWarnings(paths: readonly string[]): string[] {
  return paths.map(unknownFieldMessage);
}
