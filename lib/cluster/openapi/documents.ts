/** The OpenAPI documents: `/openapi/v2` (Swagger 2.0), `/openapi/v3` (index) and `/openapi/v3/<group-version path>`. */
import { createHash } from 'node:crypto';
import type { JsonObject, JsonValue } from '../../k8s/json';
import type { ResourceDefinition } from '../registry/types';
import { groupVersionPath, resourcesIn, servedGroupVersions, servedResources, type ServedResource } from '../discovery/served';
import { KUBERNETES_VERSION } from '../discovery/legacy';
import { field, list, named, str } from '../schema/builders';
import { listMetaSchema } from '../schema/meta';
import { deleteOptionsSchema, patchSchema, statusSchema, watchEventSchema } from '../schema/status';
import type { ObjectSchema } from '../schema/types';
import { collectDefinitions, type Dialect } from './convert';
import { resourcePaths } from './paths';

const listSchemas = new Map<string, ObjectSchema>();

/** The `<Kind>List` schema of a listable resource. */
export function listSchemaFor(r: ServedResource): ObjectSchema | undefined {
  if (!r.listKind || !r.schema.name) return undefined;
  const name = r.schema.name.replace(/[^.]+$/, r.listKind);
  let schema = listSchemas.get(name);
  if (!schema) {
    schema = named(
      name,
      `A list of ${r.kind} objects.`,
      {
        apiVersion: str('The versioned schema of this list.'),
        items: list(r.schema, `The ${r.kind} objects.`),
        kind: str(`Always \`${r.listKind}\`.`),
        metadata: field(listMetaSchema, 'Standard list metadata: resourceVersion and the continue token.'),
      },
      { required: ['items'], gvk: { group: r.group, version: r.version, kind: r.listKind } },
    );
    listSchemas.set(name, schema);
  }
  return schema;
}

const COMMON_DEFINITIONS: readonly ObjectSchema[] = [statusSchema, deleteOptionsSchema, patchSchema, watchEventSchema];

function rootsFor(resources: readonly ServedResource[]): ObjectSchema[] {
  const roots: ObjectSchema[] = [];
  for (const r of resources) {
    roots.push(r.schema);
    const list = listSchemaFor(r);
    if (list) roots.push(list);
  }
  return [...roots, ...COMMON_DEFINITIONS];
}

function pathsFor(resources: readonly ServedResource[], dialect: Dialect): JsonObject {
  const paths: JsonObject = {};
  for (const r of resources) Object.assign(paths, resourcePaths(r, dialect));
  const sorted: JsonObject = {};
  for (const key of Object.keys(paths).sort()) sorted[key] = paths[key];
  return sorted;
}

const INFO = { title: 'Kubernetes', version: KUBERNETES_VERSION.gitVersion.replace(/-.*$/, '') };

const v2Cache = new WeakMap<readonly ResourceDefinition[], JsonObject>();

/** `GET /openapi/v2`: one Swagger 2.0 document for everything served. */
export function openApiV2(defs: readonly ResourceDefinition[]): JsonObject {
  const hit = v2Cache.get(defs);
  if (hit) return hit;
  const resources = servedResources(defs);
  const doc: JsonObject = {
    swagger: '2.0',
    info: INFO,
    paths: pathsFor(resources, 'v2'),
    definitions: collectDefinitions(rootsFor(resources), 'v2'),
    securityDefinitions: {
      BearerToken: { description: 'Bearer token authentication', in: 'header', name: 'authorization', type: 'apiKey' },
    },
    security: [{ BearerToken: [] }],
  };
  v2Cache.set(defs, doc);
  return doc;
}

const v3Cache = new WeakMap<readonly ResourceDefinition[], Map<string, { doc: JsonObject; hash: string }>>();

function v3Documents(defs: readonly ResourceDefinition[]): Map<string, { doc: JsonObject; hash: string }> {
  const hit = v3Cache.get(defs);
  if (hit) return hit;
  const docs = new Map<string, { doc: JsonObject; hash: string }>();
  for (const gv of servedGroupVersions(defs)) {
    const resources = resourcesIn(defs, gv);
    const doc: JsonObject = {
      openapi: '3.0.0',
      info: INFO,
      paths: pathsFor(resources, 'v3'),
      components: {
        schemas: collectDefinitions(rootsFor(resources), 'v3'),
        securitySchemes: {
          BearerToken: { description: 'Bearer token authentication', in: 'header', name: 'authorization', type: 'apiKey' },
        },
      },
      security: [{ BearerToken: [] }],
    };
    const hash = createHash('sha512').update(JSON.stringify(doc)).digest('hex').toUpperCase();
    docs.set(groupVersionPath(gv), { doc, hash });
  }
  v3Cache.set(defs, docs);
  return docs;
}

/** `GET /openapi/v3`: the group versions, each with the URL (carrying a content hash) of its document. */
export function openApiV3Index(defs: readonly ResourceDefinition[]): JsonObject {
  const paths: Record<string, JsonValue> = {};
  for (const [path, { hash }] of v3Documents(defs)) {
    paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${hash}` };
  }
  return { paths };
}

/**
 * `GET /openapi/v3/<groupVersionPath>` (`api/v1`, `apis/discovery.k8s.io/v1`; a leading slash is
 * ignored), or undefined when that group version is not served.
 */
export function openApiV3Document(defs: readonly ResourceDefinition[], groupVersionPathArg: string): JsonObject | undefined {
  return v3Documents(defs).get(groupVersionPathArg.replace(/^\/+/, '').replace(/\/+$/, ''))?.doc;
}
