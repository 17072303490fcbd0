/**
 * Schema nodes → OpenAPI schema objects, in the two dialects the real server serves:
 * Swagger 2.0 (`$ref` with a sibling description, `#/definitions/`) and OpenAPI 3.0
 * (`allOf: [{$ref}]` carrying the description, `#/components/schemas/`), plus plain JSON Schema
 * (draft-07, `#/definitions/`, objects closed with `additionalProperties: false`) for editors.
 * Named objects become definitions; the well-known apimachinery scalars (Time, MicroTime,
 * IntOrString, Quantity) become references to their own definitions, as upstream has them.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import type { MapSchemaWithType } from '../schema/index';
import { typeDescription } from '../schema/index';
import type { ObjectSchema, Schema } from '../schema/types';

export type Dialect = 'v2' | 'v3' | 'json-schema';

const TIME = 'io.k8s.apimachinery.pkg.apis.meta.v1.Time';
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

export function refPrefix(dialect: Dialect): string {
  return dialect === 'v3' ? '#/components/schemas/' : '#/definitions/';
}

/** The scalar definitions referenced by format, in each dialect. */
export function scalarDefinitions(dialect: Dialect): Record<string, JsonObject> {
  const oneOf = (types: string[]): JsonObject =>
    dialect === 'v2' ? { type: 'string' } : { oneOf: types.map((type) => ({ type })) };
  return {
    [TIME]: { description: 'A point in time, written as an RFC 3339 timestamp in UTC (`2024-01-31T12:00:00Z`).', type: 'string', format: 'date-time' },
    [INT_OR_STRING]: {
      description: 'A value that is either a 32-bit integer or a string (for ports: a number or a port name).',
      ...(dialect === 'json-schema' ? {} : { format: 'int-or-string' }),
      ...oneOf(['integer', 'string']),
    },
    [QUANTITY]: {
      description: 'An amount in fixed-point form with an optional suffix: `100m` (0.1), `2`, `1Gi`, `500M`, `1e3`.',
      ...oneOf(['string', 'number']),
    },
  };
}

function withDescription(node: JsonObject, description: string | undefined): JsonObject {
  if (description) node.description = description;
  return node;
}

function reference(name: string, description: string | undefined, dialect: Dialect): JsonObject {
  const ref = `${refPrefix(dialect)}${name}`;
  if (dialect === 'v2') return withDescription({ $ref: ref }, description);
  // v3 (and JSON Schema, which ignores siblings of $ref) put a referenced type behind allOf when the
  // field has its own description, as upstream does.
  return description ? { allOf: [{ $ref: ref }], description } : { $ref: ref };
}

/** A reference to a named object, recording it for its definition. */
function namedReference(schema: ObjectSchema, dialect: Dialect, named: Map<string, ObjectSchema>, description?: string): JsonObject {
  const name = schema.name ?? '';
  if (!named.has(name)) named.set(name, schema);
  return reference(name, description, dialect);
}

function listExtensions(node: JsonObject, schema: Schema): void {
  if (schema.type !== 'array') return;
  if (schema.listMapKeys) node['x-kubernetes-list-map-keys'] = [...schema.listMapKeys];
  if (schema.listType) node['x-kubernetes-list-type'] = schema.listType;
  if (schema.patchMergeKey) node['x-kubernetes-patch-merge-key'] = schema.patchMergeKey;
  if (schema.patchStrategy) node['x-kubernetes-patch-strategy'] = schema.patchStrategy;
}

/**
 * The OpenAPI form of a field (or item) schema. Named objects found on the way are added to `named`
 * (name → schema) so the caller can emit their definitions.
 */
export function convertField(schema: Schema, dialect: Dialect, named: Map<string, ObjectSchema>): JsonObject {
  const description = schema.description || undefined;
  switch (schema.type) {
    case 'object': {
      if (schema.name) return namedReference(schema, dialect, named, description);
      return convertObject(schema, dialect, named);
    }
    case 'int-or-string':
      return reference(INT_OR_STRING, description, dialect);
    case 'any':
      if (dialect === 'json-schema') return withDescription({}, description);
      return withDescription({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true }, description);
    case 'map': {
      const node: JsonObject = withDescription(
        { type: 'object', additionalProperties: convertField(schema.values, dialect, named) },
        description,
      );
      const mapType = (schema as MapSchemaWithType).mapType;
      if (mapType) node['x-kubernetes-map-type'] = mapType;
      return node;
    }
    case 'array': {
      // Items of a named type are a bare reference: the type's own description lives in its definition.
      const items =
        schema.items.type === 'object' && schema.items.name
          ? namedReference(schema.items, dialect, named)
          : convertField(schema.items, dialect, named);
      const node: JsonObject = withDescription({ type: 'array', items }, description);
      listExtensions(node, schema);
      return node;
    }
    default: {
      if (schema.format === 'date-time') return reference(TIME, description, dialect);
      if (schema.format === 'quantity') return reference(QUANTITY, description, dialect);
      const node: JsonObject = withDescription({ type: schema.type }, description);
      // JSON Schema knows date-time but not the OpenAPI integer formats.
      if (schema.format && dialect !== 'json-schema') node.format = schema.format;
      if (schema.enum) node.enum = [...schema.enum];
      return node;
    }
  }
}

/** The definition body of an object (named or inline): properties sorted by name, as upstream. */
export function convertObject(schema: ObjectSchema, dialect: Dialect, named: Map<string, ObjectSchema>): JsonObject {
  const properties: JsonObject = {};
  for (const key of Object.keys(schema.properties).sort()) {
    properties[key] = convertField(schema.properties[key], dialect, named);
  }
  const description = schema.name ? (typeDescription(schema.name) ?? schema.description) : schema.description;
  const node: JsonObject = {};
  if (description) node.description = description;
  node.type = 'object';
  if (Object.keys(properties).length) node.properties = properties;
  if (schema.required?.length) node.required = [...schema.required];
  if (dialect === 'json-schema') node.additionalProperties = false;
  if (schema.gvk) node['x-kubernetes-group-version-kind'] = [{ ...schema.gvk }];
  if (schema.mapType) node['x-kubernetes-map-type'] = schema.mapType;
  return node;
}

/**
 * Definitions for `roots` and every named type they reach, sorted by name, plus the scalar
 * definitions. Returns a plain object suitable for `definitions` / `components.schemas`.
 */
export function collectDefinitions(roots: readonly ObjectSchema[], dialect: Dialect): Record<string, JsonValue> {
  const named = new Map<string, ObjectSchema>();
  for (const root of roots) if (root.name) named.set(root.name, root);
  const out = new Map<string, JsonObject>();
  // Converting a definition may discover more named types; loop until none is left.
  let pending = [...named.keys()];
  while (pending.length) {
    for (const name of pending) {
      const schema = named.get(name);
      if (schema && !out.has(name)) out.set(name, convertObject(schema, dialect, named));
    }
    pending = [...named.keys()].filter((n) => !out.has(n));
  }
  for (const [name, body] of Object.entries(scalarDefinitions(dialect))) out.set(name, body);
  const sorted: Record<string, JsonValue> = {};
  for (const name of [...out.keys()].sort()) sorted[name] = out.get(name) as JsonObject;
  return sorted;
}
