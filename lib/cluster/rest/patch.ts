/**
 * PATCH with the four content types: JSON patch, merge patch, strategic merge patch and
 * server-side apply (create-on-apply when the object is missing).
 */
import { fieldError, type FieldError } from '../../k8s/field-errors';
import { failure, statusError } from '../../k8s/status';
import { isJsonObject, type JsonObject, type JsonValue } from '../../k8s/json';
import type { KubeObject } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import { schemaFor } from '../schema';
import { ApiError } from '../errors/api-error';
import { apiVersionOf, groupResourceOf, timestamp, type RestContext } from './context';
import { createInTransaction } from './create';
import { checkTypeMeta, mayHoldDangerousKeys, parseBodyValue, stripDangerousKeys } from './decode';
import { enforceFieldValidation } from './field-validation';
import { checkFieldManager, fillCreateMetadata, managerName } from './metadata';
import { checkAppliedObject, serverSideApply } from '../apply/server-side-apply';
import { applyJsonPatch } from '../patch/json-patch';
import { applyMergePatch } from '../patch/merge-patch';
import { applyStrategicMergePatch, decodeStrategicPatch } from '../patch/strategic-merge-patch';
import { checkNameAndNamespace, updateInTransaction, type Subresource } from './update';
import type { WriteOptions, WriteResult } from './write-options';
import { asJson, decodedAs } from '../schema/json-view';

export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

const CONTENT_TYPES: Record<string, PatchType> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
};

/**
 * go-restful refuses a PATCH whose Content-Type (none counts as application/octet-stream) is not one
 * the route consumes, before the handler runs; kube-apiserver answers its text as the message, with
 * empty details (no cause: checked against kube-apiserver v1.32).
 */
const UNSUPPORTED_MEDIA_TYPE = '415: Unsupported Media Type';

export function patchTypeOf(contentType: string | undefined): PatchType {
  const base = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const type = CONTENT_TYPES[base];
  if (!type) {
    throw new ApiError(failure(415, 'UnsupportedMediaType', UNSUPPORTED_MEDIA_TYPE, {}));
  }
  return type;
}

export interface PatchOptions extends WriteOptions {
  force?: boolean;
}

function checkPatchOptions(type: PatchType, options: PatchOptions): void {
  const errors: FieldError[] = [];
  if (type === 'apply' && !options.fieldManager) errors.push(fieldError.required('fieldManager', 'is required for apply patch'));
  if (type !== 'apply' && options.force !== undefined) errors.push(fieldError.forbidden('force', 'may not be specified for non-apply patch'));
  if (errors.length) throw new ApiError(statusError.invalid('PatchOptions', 'meta.k8s.io', '', errors));
  checkFieldManager(options.fieldManager, 'PatchOptions');
}

/**
 * The patch body as each patcher decodes it: a JSON patch goes to applyJsonPatch as parsed (its
 * decoder has the exact messages), a strategic merge patch must be an object (`map[string]interface{}`),
 * and so must a merge patch unless fieldValidation=Ignore (the handler's strict pre-check decodes it
 * into a map first; without it, jsonpatch.MergePatch takes any JSON value).
 */
function parsePatch(type: PatchType, text: string, contentType: string | undefined, fieldValidation: PatchOptions['fieldValidation']): JsonValue {
  const value = parseBodyValue(text, type === 'apply' ? 'application/yaml' : contentType?.split(';')[0], (e) =>
    type === 'apply' ? `error decoding YAML: ${e}` : e,
  );
  if (mayHoldDangerousKeys(text)) stripDangerousKeys(value);
  if (type === 'strategic' || (type === 'merge' && fieldValidation !== 'Ignore' && value !== null)) return decodeStrategicPatch(value);
  if (type === 'apply' && !isJsonObject(value)) {
    throw new ApiError(statusError.badRequest('json: cannot unmarshal array into Go value of type map[string]interface {}'));
  }
  return value;
}

/** runtime.DecodeInto of a patched document that is not an object: 422 on the `patch` field. */
function undecodablePatchResult(out: JsonValue): ApiError {
  const kind = Array.isArray(out) ? 'array' : out === null ? 'null' : typeof out === 'boolean' ? 'bool' : typeof out;
  const detail = `couldn't get version/kind; json parse error: json: cannot unmarshal ${kind} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`;
  return new ApiError(statusError.invalid('', '', '', [fieldError.invalid('patch', JSON.stringify(out), detail)]));
}

function patchedObject(type: Exclude<PatchType, 'apply'>, def: ResourceDefinition, live: KubeObject, patch: JsonValue): JsonObject {
  const doc = asJson(structuredClone(live));
  let out: JsonValue;
  if (type === 'json') out = applyJsonPatch(doc, patch);
  else if (type === 'merge') out = applyMergePatch(doc, patch);
  else out = applyStrategicMergePatch(doc, patch as JsonObject, schemaFor(def.resource));
  if (!isJsonObject(out)) throw undecodablePatchResult(out);
  return out;
}

export function patchObject<T extends KubeObject>(
  ctx: RestContext,
  def: ResourceDefinition<T>,
  namespace: string | undefined,
  name: string,
  text: string,
  contentType: string | undefined,
  options: PatchOptions,
  subresource: Subresource = '',
): WriteResult<T> {
  const type = patchTypeOf(contentType);
  checkPatchOptions(type, options);
  const patch = parsePatch(type, text, contentType, options.fieldValidation);
  const manager = managerName(options.fieldManager, options.userAgent);
  const expected = { kind: def.kind, apiVersion: apiVersionOf(def) };
  const schema = schemaFor(def.resource);
  return ctx.store.transact(
    (tx) => {
      const live = tx.get(def.resource, namespace, name) as T | undefined;
      if (type === 'apply') {
        const applied = patch as JsonObject;
        checkAppliedObject(applied, expected.apiVersion, schema);
        if (!isJsonObject(applied.metadata ?? null)) applied.metadata = {};
        const warnings = enforceFieldValidation(def, applied, options.fieldValidation, [], true);
        checkNameAndNamespace(decodedAs<KubeObject>(applied), name, def.namespaced ? namespace : undefined);
        const time = timestamp(ctx.now());
        const common = { manager, force: options.force === true, apiVersion: expected.apiVersion, time, schema, subresource: subresource || undefined };
        if (!live) {
          if (subresource) throw new ApiError(statusError.notFound(groupResourceOf(def), name));
          const seed = { apiVersion: expected.apiVersion, kind: def.kind, metadata: { name, ...(def.namespaced ? { namespace } : {}) } };
          const raw = serverSideApply({ ...common, live: undefined, applied }) as T;
          raw.metadata = { ...seed.metadata, ...raw.metadata };
          const merged = decodedAs<T>(checkTypeMeta(asJson(raw), expected));
          const fresh = fillCreateMetadata(def.applyDefaults(merged), ctx.now());
          return { object: createInTransaction(ctx, def, tx, fresh, manager, true, warnings), warnings, created: true };
        }
        const next = decodedAs<T>(checkTypeMeta(asJson(serverSideApply({ ...common, live, applied })), expected));
        // A resourceVersion in the applied configuration is a precondition (409 when stale).
        const appliedRV = isJsonObject(applied.metadata ?? null) ? (applied.metadata as JsonObject).resourceVersion : undefined;
        next.metadata.resourceVersion = typeof appliedRV === 'string' && appliedRV ? appliedRV : live.metadata.resourceVersion;
        const object = updateInTransaction(ctx, def, tx, live, next, { manager, subresource, managedFieldsDone: true, warnings });
        return { object, warnings, created: false };
      }
      if (!live) throw new ApiError(statusError.notFound(groupResourceOf(def), name));
      const out = checkTypeMeta(patchedObject(type, def, live, patch), expected);
      const warnings = enforceFieldValidation(def, out, options.fieldValidation, [], true);
      const next = decodedAs<T>(out);
      checkNameAndNamespace(next, name, def.namespaced ? namespace : undefined);
      const object = updateInTransaction(ctx, def, tx, live, next, { manager, subresource, warnings });
      return { object, warnings, created: false };
    },
    { dryRun: options.dryRun },
  );
}
