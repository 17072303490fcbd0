/**
 * The `paths` section of the OpenAPI documents: one operation per served verb, tagged with
 * `x-kubernetes-action` and `x-kubernetes-group-version-kind` as the real server does. kubectl reads
 * them: `explain` finds a resource's kind through them, and the query-parameter verifier checks the
 * PATCH operation for `fieldValidation` (server-side validation) and `dryRun`.
 */
import type { JsonObject } from '../../k8s/json';
import { groupVersionPath, type ServedResource } from '../discovery/served';
import { refPrefix, type Dialect } from './convert';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';

interface Param {
  name: string;
  in: 'path' | 'query' | 'body';
  description: string;
  type?: 'string' | 'boolean' | 'integer';
  required?: boolean;
}

const q = (name: string, type: Param['type'], description: string): Param => ({ name, in: 'query', type, description });

const PRETTY = q('pretty', 'string', "If 'true', the output is indented.");
const DRY_RUN = q('dryRun', 'string', '`All` runs every stage of the request without storing anything.');
const FIELD_MANAGER = q('fieldManager', 'string', 'The name recorded as the manager of the fields this request sets.');
const FIELD_VALIDATION = q(
  'fieldValidation',
  'string',
  'What to do with unknown or duplicate fields: `Ignore`, `Warn` (the default, a Warning header) or `Strict` (reject).',
);
const FORCE = q('force', 'boolean', 'For apply requests: take over fields owned by other managers instead of failing with a conflict.');
const LIST_PARAMS: Param[] = [
  q('allowWatchBookmarks', 'boolean', 'Ask for BOOKMARK events in a watch.'),
  q('continue', 'string', 'The token of the next page, from the previous page’s metadata.continue.'),
  q('fieldSelector', 'string', 'Only return objects whose fields match, e.g. `metadata.name=web`.'),
  q('labelSelector', 'string', 'Only return objects whose labels match, e.g. `app=web,tier!=db`.'),
  q('limit', 'integer', 'The largest number of items to return; the rest is reachable through `continue`.'),
  q('resourceVersion', 'string', 'Which version of the data to read or to start watching from.'),
  q('resourceVersionMatch', 'string', 'How resourceVersion applies to a list: `Exact` or `NotOlderThan`.'),
  q('sendInitialEvents', 'boolean', 'With watch: start with the current objects as ADDED events.'),
  q('timeoutSeconds', 'integer', 'End a list or watch after this many seconds.'),
  q('watch', 'boolean', 'Stream changes instead of returning a list.'),
];
const DELETE_PARAMS: Param[] = [
  DRY_RUN,
  q('gracePeriodSeconds', 'integer', 'Seconds the object gets before it is removed.'),
  q('propagationPolicy', 'string', 'What happens to dependents: `Orphan`, `Background` or `Foreground`.'),
];

const PATCH_TYPES = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
  'application/apply-patch+yaml',
];
const RESPONSE_TYPES = ['application/json', 'application/yaml'];

function parameter(p: Param, dialect: Dialect): JsonObject {
  const out: JsonObject = { name: p.name, in: p.in, description: p.description };
  if (p.required) out.required = true;
  if (p.type) {
    if (dialect === 'v2') {
      out.type = p.type;
      out.uniqueItems = true;
    } else out.schema = { type: p.type, uniqueItems: true };
  }
  return out;
}

function camel(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `CoreV1`, `DiscoveryV1`, `AuthorizationV1`: the operation id infix upstream uses. */
function groupInfix(r: ServedResource): string {
  const g = r.group ? r.group.split('.')[0] : 'core';
  return `${camel(g)}${camel(r.version)}`;
}

function tag(r: ServedResource): string {
  return `${r.group ? r.group.split('.')[0] : 'core'}_${r.version}`;
}

interface OperationSpec {
  id: string;
  action: string;
  description: string;
  params: Param[];
  /** The definition returned with 200. */
  returns: string;
  /** The definition of the request body, if any. */
  body?: string;
  bodyTypes?: string[];
  created?: boolean;
}

function operation(r: ServedResource, spec: OperationSpec, dialect: Dialect): JsonObject {
  const prefix = refPrefix(dialect);
  const op: JsonObject = { description: spec.description, operationId: spec.id, tags: [tag(r)] };
  const params = spec.params.map((p) => parameter(p, dialect));
  const ok = spec.created ? ['200', '201'] : ['200'];
  const responses: JsonObject = {};
  if (dialect === 'v2') {
    if (spec.body) params.unshift({ name: 'body', in: 'body', required: true, schema: { $ref: `${prefix}${spec.body}` } });
    op.consumes = spec.bodyTypes ?? ['*/*'];
    op.produces = RESPONSE_TYPES;
    op.schemes = ['https'];
    for (const code of ok) responses[code] = { description: code === '201' ? 'Created' : 'OK', schema: { $ref: `${prefix}${spec.returns}` } };
  } else {
    if (spec.body) {
      const content: JsonObject = {};
      for (const t of spec.bodyTypes ?? ['*/*']) content[t] = { schema: { $ref: `${prefix}${spec.body}` } };
      op.requestBody = { content, required: true };
    }
    for (const code of ok) {
      const content: JsonObject = {};
      for (const t of RESPONSE_TYPES) content[t] = { schema: { $ref: `${prefix}${spec.returns}` } };
      responses[code] = { description: code === '201' ? 'Created' : 'OK', content };
    }
  }
  responses['401'] = { description: 'Unauthorized' };
  op.responses = responses;
  if (params.length) op.parameters = params;
  op['x-kubernetes-action'] = spec.action;
  op['x-kubernetes-group-version-kind'] = { group: r.group, kind: r.kind, version: r.version };
  return op;
}

function pathItem(pathParams: Param[], ops: Record<string, JsonObject>, dialect: Dialect): JsonObject {
  const item: JsonObject = { ...ops };
  item.parameters = [...pathParams, PRETTY].map((p) => parameter(p, dialect));
  return item;
}

/** Every path of `r`, keyed by URL path. */
export function resourcePaths(r: ServedResource, dialect: Dialect): Record<string, JsonObject> {
  const base = `/${groupVersionPath(r)}`;
  const kindRef = r.schema.name ?? r.kind;
  const listRef = kindRef.replace(/[^.]+$/, r.listKind ?? `${r.kind}List`);
  const ns = r.namespaced ? 'Namespaced' : '';
  const nsParam: Param = { name: 'namespace', in: 'path', required: true, description: 'The namespace of the objects.' };
  const nameParam: Param = { name: 'name', in: 'path', required: true, description: `The name of the ${r.kind}.` };
  const scope = r.namespaced ? `${base}/namespaces/{namespace}/${r.resource}` : `${base}/${r.resource}`;
  const scopeParams = r.namespaced ? [nsParam] : [];
  const infix = groupInfix(r);
  const verbs = new Set(r.verbs);
  const paths: Record<string, JsonObject> = {};
  const writeParams = [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION];
  const op = (spec: OperationSpec) => operation(r, spec, dialect);

  const collection: Record<string, JsonObject> = {};
  if (verbs.has('list')) {
    collection.get = op({ id: `list${infix}${ns}${r.kind}`, action: 'list', description: `list or watch objects of kind ${r.kind}`, params: LIST_PARAMS, returns: listRef });
  }
  if (verbs.has('create')) {
    collection.post = op({
      id: `create${infix}${ns}${r.kind}`,
      action: 'post',
      description: `create a ${r.kind}`,
      params: writeParams,
      returns: kindRef,
      body: kindRef,
      created: true,
    });
  }
  if (verbs.has('deletecollection')) {
    collection.delete = op({
      id: `delete${infix}Collection${ns}${r.kind}`,
      action: 'deletecollection',
      description: `delete collection of ${r.kind}`,
      params: [...DELETE_PARAMS, ...LIST_PARAMS.filter((p) => p.name !== 'watch' && p.name !== 'allowWatchBookmarks')],
      returns: `${META}.Status`,
      body: `${META}.DeleteOptions`,
    });
  }
  if (Object.keys(collection).length) paths[scope] = pathItem(scopeParams, collection, dialect);

  if (r.listKind) {
    const item: Record<string, JsonObject> = {};
    if (verbs.has('get')) item.get = op({ id: `read${infix}${ns}${r.kind}`, action: 'get', description: `read the specified ${r.kind}`, params: [], returns: kindRef });
    if (verbs.has('update')) {
      item.put = op({ id: `replace${infix}${ns}${r.kind}`, action: 'put', description: `replace the specified ${r.kind}`, params: writeParams, returns: kindRef, body: kindRef, created: true });
    }
    if (verbs.has('patch')) {
      item.patch = op({
        id: `patch${infix}${ns}${r.kind}`,
        action: 'patch',
        description: `partially update the specified ${r.kind}`,
        params: [...writeParams, FORCE],
        returns: kindRef,
        body: `${META}.Patch`,
        bodyTypes: PATCH_TYPES,
        created: true,
      });
    }
    if (verbs.has('delete')) {
      item.delete = op({ id: `delete${infix}${ns}${r.kind}`, action: 'delete', description: `delete a ${r.kind}`, params: DELETE_PARAMS, returns: kindRef, body: `${META}.DeleteOptions` });
    }
    paths[`${scope}/{name}`] = pathItem([...scopeParams, nameParam], item, dialect);

    for (const sub of r.subresources) {
      const Sub = camel(sub);
      paths[`${scope}/{name}/${sub}`] = pathItem(
        [...scopeParams, nameParam],
        {
          get: op({ id: `read${infix}${ns}${r.kind}${Sub}`, action: 'get', description: `read ${sub} of the specified ${r.kind}`, params: [], returns: kindRef }),
          put: op({ id: `replace${infix}${ns}${r.kind}${Sub}`, action: 'put', description: `replace ${sub} of the specified ${r.kind}`, params: writeParams, returns: kindRef, body: kindRef, created: true }),
          patch: op({
            id: `patch${infix}${ns}${r.kind}${Sub}`,
            action: 'patch',
            description: `partially update ${sub} of the specified ${r.kind}`,
            params: [...writeParams, FORCE],
            returns: kindRef,
            body: `${META}.Patch`,
            bodyTypes: PATCH_TYPES,
            created: true,
          }),
        },
        dialect,
      );
    }
    if (r.namespaced && verbs.has('list')) {
      paths[`${base}/${r.resource}`] = pathItem(
        [],
        { get: op({ id: `list${infix}${r.kind}ForAllNamespaces`, action: 'list', description: `list or watch objects of kind ${r.kind}`, params: LIST_PARAMS, returns: listRef }) },
        dialect,
      );
    }
  }
  return paths;
}
