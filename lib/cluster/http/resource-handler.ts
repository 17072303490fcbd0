/** Serves one resource request: decodes parameters and bodies, runs the REST verb, encodes the answer. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { failure, statusError } from '../../k8s/status';
import type { KubeObject } from '../../k8s/types/meta';
import { parseIncludeObject, printTable } from '../printers';
import type { ResourceDefinition } from '../registry/types';
import { ApiError } from '../errors/api-error';
import { apiVersionOf, type RestContext } from '../rest/context';
import { createObject } from '../rest/create';
import { deleteObject, finalizeNamespace, type DeleteRequest } from '../rest/delete';
import { deleteCollection } from '../rest/delete-collection';
import { parseDeleteOptions } from '../rest/delete-options';
import { parseFieldValidation } from '../rest/field-validation';
import { patchObject, patchTypeOf } from '../rest/patch';
import { encodeListChunks, getObject, listObjects } from '../rest/read';
import { parseSelection } from '../rest/selection';
import { updateObject, type Subresource } from '../rest/update';
import type { WriteOptions } from '../rest/write-options';
import { serializeObject, serializeArray } from '../storage';
import { readBody } from './body';
import { decodeRequestObject } from './decode-request';
import { isAcceptable, negotiate, NOT_ACCEPTABLE_MESSAGE } from './negotiate';
import { optional, parseBool, parseDryRun, parseInteger } from './query';
import type { ResourceRequestInfo } from './request-info';
import { sendChunks, sendText } from './respond';
import { tableText } from './table-encoding';
import { serveWatch } from './watch-stream';
import type { WatchQueueLimits } from './watch-queue';

export function notFound(): ApiError {
  return new ApiError(failure(404, 'NotFound', 'the server could not find the requested resource', { }));
}

function methodNotAllowed(): ApiError {
  return new ApiError(statusError.methodNotAllowed('the server does not allow this method on the requested resource'));
}

function writeOptions(req: IncomingMessage, query: URLSearchParams, optionsKind: string): WriteOptions {
  return {
    dryRun: parseDryRun(query, optionsKind),
    fieldManager: optional(query, 'fieldManager'),
    userAgent: req.headers['user-agent'],
    fieldValidation: parseFieldValidation(query.get('fieldValidation')),
  };
}

function sendObject(req: IncomingMessage, res: ServerResponse, ctx: RestContext, def: ResourceDefinition, code: number, obj: KubeObject, warnings: readonly string[] = []): void {
  const want = negotiate(req.headers.accept);
  if (want.table && req.method === 'GET') {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const table = printTable(def.resource, [obj], { includeObject: parseIncludeObject(query.get('includeObject')), now: ctx.now() });
    sendText(req, res, code, JSON.stringify(table), { warnings });
    return;
  }
  if (want.partial) {
    sendText(req, res, code, JSON.stringify(partialObject(obj)), { warnings });
    return;
  }
  sendText(req, res, code, serializeObject(obj), { yaml: want.yaml, warnings });
}

/** PartialObjectMetadata: what metadata-only clients (garbage collectors, informers) ask for. */
export function partialObject(obj: KubeObject): KubeObject {
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

/** DeleteOptions from the body and the query of a DELETE. */
async function deleteRequestOf(req: IncomingMessage, query: URLSearchParams): Promise<DeleteRequest> {
  return parseDeleteOptions(await readBody(req), req.headers['content-type'], {
    dryRun: parseDryRun(query, 'DeleteOptions'),
    propagationPolicy: optional(query, 'propagationPolicy'),
    orphanDependents: parseBool(query, 'orphanDependents'),
    gracePeriodSeconds: parseInteger(query, 'gracePeriodSeconds'),
  });
}

export async function handleResource(
  ctx: RestContext,
  def: ResourceDefinition,
  info: ResourceRequestInfo,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  watchQueue?: WatchQueueLimits,
): Promise<void> {
  const namespace = def.namespaced ? info.namespace || undefined : undefined;
  const sub = info.subresource;
  if (sub && !(sub === 'status' && def.hasStatus) && !(sub === 'finalize' && def.resource === 'namespaces')) throw notFound();
  const verb = info.verb;
  if (!def.verbs.includes(verb) && !(sub && ['get', 'update', 'patch'].includes(verb))) throw methodNotAllowed();
  // Without a namespace a namespaced resource has only the read-only all-namespaces collection
  // (GET list/watch): other methods there are 405, a name there is 404.
  if (def.namespaced && !namespace && !['list', 'watch'].includes(verb)) throw info.name ? notFound() : methodNotAllowed();
  // Cluster-scoped resources have no routes under a namespace (`/namespaces/<ns>` itself aside).
  if (!def.namespaced && info.namespace && !(def.resource === 'namespaces' && info.name === info.namespace)) throw notFound();
  if (!isAcceptable(req.headers.accept)) throw new ApiError(failure(406, 'NotAcceptable', NOT_ACCEPTABLE_MESSAGE));
  const want = negotiate(req.headers.accept);

  switch (verb) {
    case 'get': {
      if (sub === 'finalize') throw methodNotAllowed();
      sendObject(req, res, ctx, def, 200, getObject(ctx, def, namespace, info.name));
      return;
    }
    case 'list': {
      const result = listObjects(ctx, def, {
        namespace,
        selection: parseSelection(def.resource, query.get('labelSelector'), query.get('fieldSelector')),
        limit: parseInteger(query, 'limit'),
        continueToken: optional(query, 'continue'),
        resourceVersion: optional(query, 'resourceVersion'),
        resourceVersionMatch: optional(query, 'resourceVersionMatch'),
        sendInitialEvents: parseBool(query, 'sendInitialEvents'),
      });
      if (want.partial) {
        const meta = { resourceVersion: String(result.resourceVersion), continue: result.continue, remainingItemCount: result.remainingItemCount };
        sendText(req, res, 200, JSON.stringify({ kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1', metadata: meta, items: result.items.map(partialObject) }));
      } else if (want.table) {
        const listMeta = { resourceVersion: String(result.resourceVersion), continue: result.continue, remainingItemCount: result.remainingItemCount };
        const text = tableText(def.resource, result.items, {
          includeObject: parseIncludeObject(query.get('includeObject')),
          now: ctx.now(),
          listMeta,
          typeMeta: { apiVersion: apiVersionOf(def), kind: def.kind },
        });
        sendText(req, res, 200, text);
      } else {
        sendChunks(req, res, 200, encodeListChunks(def, result), { yaml: want.yaml });
      }
      return;
    }
    case 'watch': {
      let fieldSelector = query.get('fieldSelector');
      if (info.name) fieldSelector = fieldSelector ? `${fieldSelector},metadata.name=${info.name}` : `metadata.name=${info.name}`;
      const sendInitialEvents = parseBool(query, 'sendInitialEvents');
      serveWatch(ctx, def, req, res, {
        namespace,
        selection: parseSelection(def.resource, query.get('labelSelector'), fieldSelector),
        resourceVersion: optional(query, 'resourceVersion'),
        resourceVersionMatch: optional(query, 'resourceVersionMatch'),
        allowWatchBookmarks: parseBool(query, 'allowWatchBookmarks') === true,
        sendInitialEvents,
        timeoutSeconds: parseInteger(query, 'timeoutSeconds'),
        table: want.table ? { includeObject: parseIncludeObject(query.get('includeObject')) } : undefined,
        partial: want.partial,
        queue: watchQueue,
      });
      return;
    }
    case 'create': {
      if (sub || info.name) throw methodNotAllowed();
      const options = writeOptions(req, query, 'CreateOptions');
      const decoded = await decodeRequestObject(req, def);
      const result = createObject(ctx, def, namespace, decoded.object, options, decoded.strippedPaths, decoded.duplicates);
      sendObject(req, res, ctx, def, 201, result.object as KubeObject, result.warnings);
      return;
    }
    case 'update': {
      const options = writeOptions(req, query, 'UpdateOptions');
      const decoded = await decodeRequestObject(req, def);
      if (sub === 'finalize') {
        const finalizers = ((decoded.object.spec as { finalizers?: string[] } | undefined)?.finalizers ?? []).filter((f) => typeof f === 'string');
        sendObject(req, res, ctx, def, 200, finalizeNamespace(ctx, def, info.name, finalizers, options.dryRun));
        return;
      }
      const result = updateObject(ctx, def, namespace, info.name, decoded.object, options, sub as Subresource, decoded.strippedPaths, decoded.duplicates);
      sendObject(req, res, ctx, def, result.created ? 201 : 200, result.object as KubeObject, result.warnings);
      return;
    }
    case 'patch': {
      if (sub === 'finalize') throw methodNotAllowed();
      // The route refuses a media type it does not consume before the handler reads anything.
      patchTypeOf(req.headers['content-type']);
      const options = { ...writeOptions(req, query, 'PatchOptions'), force: parseBool(query, 'force') };
      const text = await readBody(req);
      const result = patchObject(ctx, def, namespace, info.name, text, req.headers['content-type'], options, sub as Subresource);
      sendObject(req, res, ctx, def, result.created ? 201 : 200, result.object as KubeObject, result.warnings);
      return;
    }
    case 'delete': {
      if (sub) throw methodNotAllowed();
      const del = await deleteRequestOf(req, query);
      const result = deleteObject(ctx, def, namespace, info.name, del);
      sendText(req, res, result.pending ? 202 : 200, result.body.kind === 'Status' ? JSON.stringify(result.body) : serializeObject(result.body as KubeObject));
      return;
    }
    case 'deletecollection': {
      const del = await deleteRequestOf(req, query);
      const selection = parseSelection(def.resource, query.get('labelSelector'), query.get('fieldSelector'));
      const result = deleteCollection(ctx, def, namespace, selection, del);
      const body = `{"kind":${JSON.stringify(def.listKind)},"apiVersion":${JSON.stringify(apiVersionOf(def))},"metadata":{"resourceVersion":"${result.resourceVersion}"},"items":${serializeArray(result.items)}}`;
      sendText(req, res, 200, body);
      return;
    }
    default:
      throw methodNotAllowed();
  }
}
