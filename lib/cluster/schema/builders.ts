/**
 * Small constructors for Schema nodes, so each kind's file reads like the Go type it mirrors.
 *
 * A named object (`named(...)`) is one OpenAPI definition; the description given there describes
 * the type. Where a field refers to it, `field(type, text)` makes a copy carrying the field's own
 * description (OpenAPI puts it next to the `$ref`); `typeDescription(name)` gives the type's text back.
 */
import type {
  AnySchema,
  ArraySchema,
  IntOrStringSchema,
  MapSchema,
  ObjectSchema,
  ScalarSchema,
  Schema,
} from './types';

const typeDescriptions = new Map<string, string>();

/** The description of a named type, as given to `named`. */
export function typeDescription(name: string): string | undefined {
  return typeDescriptions.get(name);
}

export function str(description: string, enumValues?: readonly string[]): ScalarSchema {
  const s: ScalarSchema = { type: 'string', description };
  if (enumValues) s.enum = enumValues;
  return s;
}

export function int32(description: string): ScalarSchema {
  return { type: 'integer', format: 'int32', description };
}

export function int64(description: string): ScalarSchema {
  return { type: 'integer', format: 'int64', description };
}

export function bool(description: string): ScalarSchema {
  return { type: 'boolean', description };
}

/** metav1.Time / MicroTime: RFC 3339 text on the wire. */
export function time(description: string): ScalarSchema {
  return { type: 'string', format: 'date-time', description };
}

/** resource.Quantity ("100m", "1Gi"). */
export function quantity(description: string): ScalarSchema {
  return { type: 'string', format: 'quantity', description };
}

export function intOrString(description: string): IntOrStringSchema {
  return { type: 'int-or-string', description };
}

export function anyValue(description: string): AnySchema {
  return { type: 'any', description };
}

/**
 * A map that may carry `x-kubernetes-map-type` (Service `spec.selector` and PodSpec `nodeSelector` are
 * `atomic`: apply and merge replace them whole). MapSchema in types.ts has no such field, so it rides along here.
 */
export type MapSchemaWithType = MapSchema & { mapType?: 'atomic' | 'granular' };

export function isAtomicMap(schema: Schema): boolean {
  return schema.type === 'map' && (schema as MapSchemaWithType).mapType === 'atomic';
}

export function stringMap(description: string, atomic = false): MapSchemaWithType {
  const m: MapSchemaWithType = { type: 'map', values: { type: 'string' }, description };
  if (atomic) m.mapType = 'atomic';
  return m;
}

export function mapOf(values: Schema, description: string): MapSchema {
  return { type: 'map', values, description };
}

export interface ListOptions {
  listType?: ArraySchema['listType'];
  listMapKeys?: readonly string[];
  patchMergeKey?: string;
  patchStrategy?: ArraySchema['patchStrategy'];
}

export function list(items: Schema, description: string, options: ListOptions = {}): ArraySchema {
  const a: ArraySchema = { type: 'array', items, description };
  if (options.listType) a.listType = options.listType;
  if (options.listMapKeys) a.listMapKeys = options.listMapKeys;
  if (options.patchMergeKey) a.patchMergeKey = options.patchMergeKey;
  if (options.patchStrategy) a.patchStrategy = options.patchStrategy;
  return a;
}

/** A list replaced whole by merges and apply (`x-kubernetes-list-type: atomic`). */
export function atomicList(items: Schema, description: string): ArraySchema {
  return list(items, description, { listType: 'atomic' });
}

/** A list of strings with no further semantics. */
export function strings(description: string, listType: ArraySchema['listType'] = 'atomic'): ArraySchema {
  return list({ type: 'string' }, description, { listType });
}

/** A list keyed by `keys` whose items merge on `keys[0]` in strategic merge patch. */
export function keyedList(items: Schema, description: string, keys: readonly string[]): ArraySchema {
  return list(items, description, { listType: 'map', listMapKeys: keys, patchMergeKey: keys[0], patchStrategy: 'merge' });
}

export interface NamedOptions {
  required?: readonly string[];
  mapType?: 'atomic' | 'granular';
  gvk?: ObjectSchema['gvk'];
}

/** A named object type: one OpenAPI definition. */
export function named(
  name: string,
  description: string,
  properties: Record<string, Schema>,
  options: NamedOptions = {},
): ObjectSchema {
  typeDescriptions.set(name, description);
  const o: ObjectSchema = { type: 'object', name, description, properties };
  if (options.required) o.required = options.required;
  if (options.mapType) o.mapType = options.mapType;
  if (options.gvk) o.gvk = options.gvk;
  return o;
}

/** A reference to a named type from a field: same node, the field's own description. */
export function field<T extends Schema>(type: T, description: string): T {
  return { ...type, description };
}
