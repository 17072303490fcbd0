/**
 * The cluster's OpenAPI v3 document for core/v1 → a self-contained JSON Schema (draft-07) for one
 * kind, for monaco-yaml: every `$ref` reachable from the kind copied into `definitions` and
 * rewritten to `#/definitions/...`, `allOf: [{$ref}]` wrappers kept (JSON Schema reads them),
 * int-or-string made `integer | string`, objects with known properties closed (unknown fields are
 * flagged as the server's strict field validation would), apiVersion/kind fixed. Pure.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../k8s/json';

export const SERVICE_SCHEMA_NAME = 'io.k8s.api.core.v1.Service';
const V3_PREFIX = '#/components/schemas/';

function convert(node: JsonValue, found: Set<string>, queue: string[]): JsonValue {
  if (Array.isArray(node)) return node.map((n) => convert(n, found, queue));
  if (!isJsonObject(node)) return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith(V3_PREFIX)) {
      const name = v.slice(V3_PREFIX.length);
      if (!found.has(name)) {
        found.add(name);
        queue.push(name);
      }
      out.$ref = `#/definitions/${name}`;
    } else out[k] = convert(v, found, queue);
  }
  if (out['x-kubernetes-int-or-string'] === true || out.format === 'int-or-string') {
    if (!out.oneOf && !out.anyOf) out.anyOf = [{ type: 'integer' }, { type: 'string' }];
    delete out.type;
  }
  if (out.format === 'int-or-string' || out.format === 'int32' || out.format === 'int64' || out.format === 'byte') delete out.format;
  if (out.type === 'object' && isJsonObject(out.properties) && out.additionalProperties === undefined && out['x-kubernetes-preserve-unknown-fields'] !== true) {
    out.additionalProperties = false;
  }
  return out;
}

/** The names of the schemas `$ref`s reach from `node`, in document form (`#/components/schemas/...`). */
function refsIn(node: JsonValue, out: string[]): void {
  if (Array.isArray(node)) for (const n of node) refsIn(n, out);
  else if (isJsonObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(V3_PREFIX)) out.push(v.slice(V3_PREFIX.length));
      else refsIn(v, out);
    }
  }
}

/**
 * The part of an OpenAPI v3 document that `rootName`'s schema needs: the schemas it reaches, as they
 * are (still an OpenAPI document, for jsonSchemaFromOpenApi). A real kube-apiserver's core/v1 document
 * is over a megabyte; the Service needs a few dozen of its schemas. Throws when the document lacks it.
 */
export function openApiSubset(openapi: JsonObject, rootName = SERVICE_SCHEMA_NAME): JsonObject {
  const components = isJsonObject(openapi.components) ? openapi.components : {};
  const schemas = isJsonObject(components.schemas) ? components.schemas : {};
  if (!isJsonObject(schemas[rootName])) throw new Error(`the OpenAPI document has no schema ${rootName}`);
  const kept: JsonObject = {};
  const queue = [rootName];
  while (queue.length) {
    const name = queue.shift() as string;
    if (name in kept) continue;
    const body = schemas[name];
    kept[name] = body ?? {};
    const refs: string[] = [];
    refsIn(body ?? {}, refs);
    queue.push(...refs.filter((r) => !(r in kept)));
  }
  return { openapi: openapi.openapi ?? '3.0.0', info: openapi.info ?? {}, components: { schemas: kept } };
}

/** The JSON Schema of `rootName` from an OpenAPI v3 document; throws when the document lacks it. */
export function jsonSchemaFromOpenApi(openapi: JsonObject, rootName = SERVICE_SCHEMA_NAME): JsonObject {
  const components = isJsonObject(openapi.components) ? openapi.components : {};
  const schemas = isJsonObject(components.schemas) ? components.schemas : {};
  if (!isJsonObject(schemas[rootName])) throw new Error(`the OpenAPI document has no schema ${rootName}`);
  const found = new Set<string>([rootName]);
  const queue = [rootName];
  const definitions: JsonObject = {};
  while (queue.length) {
    const name = queue.shift() as string;
    const body = schemas[name];
    definitions[name] = isJsonObject(body) ? convert(body, found, queue) : {};
  }
  const root = definitions[rootName];
  if (isJsonObject(root) && isJsonObject(root.properties)) {
    const p = root.properties;
    p.apiVersion = { ...(isJsonObject(p.apiVersion) ? p.apiVersion : {}), enum: ['v1'] };
    p.kind = { ...(isJsonObject(p.kind) ? p.kind : {}), enum: ['Service'] };
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', $ref: `#/definitions/${rootName}`, definitions };
}
