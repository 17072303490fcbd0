/**
 * Strategic merge patch (`application/strategic-merge-patch+json`), a port of apimachinery's
 * `strategicpatch.StrategicMergeMapPatch` (MergeParallelList + IgnoreUnmatchedNulls, as the API
 * server runs it) driven by our Schema instead of Go struct tags:
 * - maps merge key by key; `null` deletes; a new key takes the patch value (nulls in it dropped);
 * - lists with `patchStrategy: merge` merge: maps by their `patchMergeKey` (Service `spec.ports`
 *   on `port`), scalars as a de-duplicated union; every other list is replaced;
 * - directives: `$patch: replace|delete` (maps and list elements; `merge` is refused),
 *   `$retainKeys`, `$deleteFromPrimitiveList/<field>`, `$setElementOrder/<field>`.
 * Errors map as the server's `interpretStrategicMergePatchError` does: malformed directives → 400,
 * lists of lists → 422, anything else (a missing merge key, an unknown field) → 500 with the Go text.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import type { ObjectSchema, Schema } from '../schema/types';
import { ApiError } from '../errors/api-error';
import { patchBadRequest, patchInternal, patchUnprocessable, PatchFailure } from './errors';
import { goValue, isObject } from './go-format';
import {
  DIRECTIVE_MARKER,
  deduplicateScalars,
  errBadArgType,
  errNoMergeKey,
  findMapByKey,
  goType,
  normalizeElementOrder,
  partitionMaps,
  partitionPrimitives,
  scalarEqual,
  sliceElementKind,
  validatePatchWithSetOrderList,
} from './smp-lists';
import { lookupForSlice, lookupForStruct, mainStrategy, typeName } from './smp-schema';

const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
const SET_ELEMENT_ORDER = '$setElementOrder';

const ERR_PRIMITIVE_LIST = 'invalid patch format of primitive list';
const ERR_RETAIN_KEYS = 'invalid patch format of retainKeys';
const ERR_SET_ELEMENT_ORDER = 'invalid patch type of setElementOrder list';
const BAD_REQUEST_ERRORS = new Set([
  'invalid JSON document',
  ERR_PRIMITIVE_LIST,
  ERR_RETAIN_KEYS,
  ERR_SET_ELEMENT_ORDER,
  'strategic merge patch format is not supported',
]);
const UNPROCESSABLE_ERRORS = new Set(['lists of lists are not supported', "patch content doesn't match retainKeys list"]);

const has = (o: JsonObject, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function extractKey(s: string, prefix: string): string {
  const slash = s.indexOf('/');
  if (slash < 0 || s.slice(0, slash) !== prefix) {
    if (prefix === DELETE_FROM_PRIMITIVE_LIST) throw new PatchFailure(ERR_PRIMITIVE_LIST);
    if (prefix === SET_ELEMENT_ORDER) throw new PatchFailure(ERR_SET_ELEMENT_ORDER);
    throw new PatchFailure(`fail to find unknown prefix "${prefix}" in ${s}\n`);
  }
  return s.slice(slash + 1);
}

function badPatchType(t: JsonValue, m: JsonObject): PatchFailure {
  return new PatchFailure(`unknown patch type: ${goValue(t)} in map: ${goValue(m)}`);
}

function handleDirectiveInMergeMap(directive: JsonValue, patch: JsonObject): JsonObject {
  if (directive === 'replace') {
    delete patch[DIRECTIVE_MARKER];
    return patch;
  }
  if (directive === 'delete') return {};
  throw badPatchType(directive, patch);
}

function discardNullValues(v: JsonValue): void {
  if (isObject(v)) {
    for (const k of Object.keys(v)) {
      if (v[k] === null) delete v[k];
      else discardNullValues(v[k]);
    }
  } else if (Array.isArray(v)) {
    for (const x of v) discardNullValues(x);
  }
}

function applyRetainKeysDirective(original: JsonObject, patch: JsonObject): void {
  if (!has(patch, RETAIN_KEYS)) return;
  const retain = patch[RETAIN_KEYS];
  delete patch[RETAIN_KEYS];
  if (!Array.isArray(retain)) throw new PatchFailure(ERR_RETAIN_KEYS);
  const keep = (k: string) => retain.some((r) => r === k);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER)) continue;
    if (!keep(k)) throw new PatchFailure(ERR_RETAIN_KEYS);
  }
  for (const k of Object.keys(original)) if (!keep(k)) delete original[k];
}

/** mergePatchIntoOriginal: `$setElementOrder/<list>` together with the patch's `<list>`. */
function mergePatchIntoOriginal(original: JsonObject, patch: JsonObject, schema: Schema | undefined): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const order = patch[key];
    delete patch[key];
    if (!Array.isArray(order)) throw errBadArgType('slice', order);
    const listKey = extractKey(key, SET_ELEMENT_ORDER);
    const foundOriginal = has(original, listKey);
    const foundPatch = has(patch, listKey);
    const originalList = foundOriginal ? original[listKey] : undefined;
    const patchList = foundPatch ? patch[listKey] : undefined;
    if (foundOriginal && !Array.isArray(originalList)) throw errBadArgType('slice', originalList);
    if (foundPatch && !Array.isArray(patchList)) throw errBadArgType('slice', patchList);
    const originalItems = Array.isArray(originalList) ? originalList : [];
    const patchItemsIn = Array.isArray(patchList) ? patchList : [];
    const { elem, meta } = lookupForSlice(schema, listKey);
    const strategy = mainStrategy(meta.strategies);
    validatePatchWithSetOrderList(patchItemsIn, order, meta.mergeKey);

    let merged: JsonValue[];
    if (foundOriginal && !foundPatch) merged = originalItems;
    else if (!foundOriginal && foundPatch) merged = patchItemsIn;
    else if (foundOriginal && foundPatch) merged = mergeSliceHandler(originalItems, patchItemsIn, elem, strategy, meta.mergeKey, false);
    else continue;

    const [patchItems, serverOnly] = meta.mergeKey ? partitionMaps(merged, order, meta.mergeKey) : partitionPrimitives(merged, order);
    const kind = sliceElementKind(originalItems, patchItemsIn);
    original[listKey] = normalizeElementOrder(patchItems, serverOnly, order, originalItems, meta.mergeKey, kind);
    delete patch[listKey];
  }
}

function mergeSliceHandler(
  original: JsonValue,
  patch: JsonValue,
  elem: Schema | undefined,
  strategy: string,
  mergeKey: string,
  isDeleteList: boolean,
): JsonValue[] {
  if (!Array.isArray(original)) throw errBadArgType('slice', original);
  if (!Array.isArray(patch)) throw errBadArgType('slice', patch);
  // Delete lists are handled the same way regardless of what the field's patch strategy is.
  if (strategy === 'merge' || isDeleteList) return mergeSlice(original, patch, elem, mergeKey, isDeleteList);
  return patch;
}

function mergeSlice(original: JsonValue[], patch: JsonValue[], elem: Schema | undefined, mergeKey: string, isDeleteList: boolean): JsonValue[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = sliceElementKind(original, patch);
  let merged: JsonValue[];
  let base = original;
  let patchItems: JsonValue[] = patch;
  if (kind !== 'map') {
    if (isDeleteList) return original.filter((v) => !patch.some((d) => scalarEqual(d, v)));
    merged = deduplicateScalars([...original, ...patch]);
  } else {
    if (!mergeKey) throw new PatchFailure(`cannot merge lists without merge key for ${typeName(elem)}`);
    [base, patchItems] = mergeSliceWithSpecialElements(original, patch, mergeKey);
    merged = mergeSliceWithoutSpecialElements(base, patchItems, mergeKey, elem);
  }
  const [inPatch, serverOnly] = mergeKey ? partitionMaps(merged, patchItems, mergeKey) : partitionPrimitives(merged, patchItems);
  return normalizeElementOrder(inPatch, serverOnly, patchItems, base, mergeKey, kind);
}

/** `$patch` elements: delete removes matching entries, replace makes the patch list the result. */
function mergeSliceWithSpecialElements(original: JsonValue[], patch: JsonValue[], mergeKey: string): [JsonValue[], JsonValue[]] {
  const plain: JsonValue[] = [];
  let replace = false;
  let base = original;
  for (const v of patch) {
    const m = v as JsonObject;
    if (!has(m, DIRECTIVE_MARKER)) {
      plain.push(v);
      continue;
    }
    const directive = m[DIRECTIVE_MARKER];
    if (directive === 'delete') {
      if (!has(m, mergeKey)) throw errNoMergeKey(m, mergeKey);
      for (let found = findMapByKey(base, mergeKey, m[mergeKey]); found; found = findMapByKey(base, mergeKey, m[mergeKey])) {
        base = [...base.slice(0, found.index), ...base.slice(found.index + 1)];
      }
    } else if (directive === 'replace') {
      replace = true;
    } else if (directive === 'merge') {
      throw new PatchFailure('merging lists cannot yet be specified in the patch');
    } else {
      throw badPatchType(directive, m);
    }
  }
  return replace ? [plain, []] : [base, plain];
}

function mergeSliceWithoutSpecialElements(original: JsonValue[], patch: JsonValue[], mergeKey: string, elem: Schema | undefined): JsonValue[] {
  const out = [...original];
  for (const v of patch) {
    const m = v as JsonObject;
    if (!has(m, mergeKey)) throw errNoMergeKey(m, mergeKey);
    const found = findMapByKey(out, mergeKey, m[mergeKey]);
    if (found) out[found.index] = mergeMap(found.map, m, elem);
    else out.push(v);
  }
  return out;
}

function mergeMap(originalIn: JsonObject | null, patch: JsonObject, schema: Schema | undefined): JsonObject {
  if (has(patch, DIRECTIVE_MARKER)) return handleDirectiveInMergeMap(patch[DIRECTIVE_MARKER], patch);
  const original = originalIn ?? {};
  applyRetainKeysDirective(original, patch);
  mergePatchIntoOriginal(original, patch, schema);

  for (const [rawKey, patchV] of Object.entries(patch)) {
    let k = rawKey;
    let isDeleteList = false;
    if (rawKey.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
      k = extractKey(rawKey, DELETE_FROM_PRIMITIVE_LIST);
      isDeleteList = true;
    }
    if (patchV === null) {
      delete original[k];
      continue;
    }
    if (!has(original, k) || goType(original[k]) !== goType(patchV)) {
      if (!isDeleteList) {
        discardNullValues(patchV);
        original[k] = patchV;
      }
      continue;
    }
    const current = original[k];
    if (isObject(current) && isObject(patchV)) {
      const { sub, meta } = lookupForStruct(schema, k);
      const strategy = mainStrategy(meta.strategies);
      original[k] = strategy === 'replace' ? patchV : mergeMap(current, patchV, sub);
    } else if (Array.isArray(current)) {
      const { elem, meta } = lookupForSlice(schema, k);
      const strategy = mainStrategy(meta.strategies);
      original[k] = mergeSliceHandler(current, patchV, elem, strategy, meta.mergeKey, isDeleteList);
    } else {
      original[k] = patchV;
    }
  }
  return original;
}

/** Maps a Go error of the patch code to the Status the real server answers with. */
function toApiError(e: PatchFailure): ApiError {
  if (BAD_REQUEST_ERRORS.has(e.message)) return patchBadRequest(e.message);
  if (UNPROCESSABLE_ERRORS.has(e.message)) return patchUnprocessable(e.message);
  return patchInternal(e.message);
}

/**
 * The patch body as the server decodes it (`map[string]interface{}`): anything but an object (or
 * null, an empty patch) is a 400 with the Go decoder's message.
 */
export function decodeStrategicPatch(patch: unknown): JsonObject {
  if (patch === null || patch === undefined) return {};
  if (isObject(patch as JsonValue)) return patch as JsonObject;
  const kind = Array.isArray(patch) ? 'array' : typeof patch === 'boolean' ? 'bool' : typeof patch;
  throw patchBadRequest(`json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`);
}

/** Applies `patch` to `doc` following `schema` (neither argument is modified). Throws ApiError as the server does. */
export function applyStrategicMergePatch(doc: JsonObject, patch: JsonObject, schema: ObjectSchema): JsonObject {
  try {
    return mergeMap(structuredClone(doc), structuredClone(patch), schema);
  } catch (e) {
    if (e instanceof PatchFailure) throw toApiError(e);
    throw e;
  }
}
