/**
 * RFC 7386 JSON merge patch (`application/merge-patch+json`) as the API server applies it
 * (evanphx/json-patch v4 `MergePatch`): objects merge recursively, `null` deletes, anything else
 * (arrays included) replaces; nulls inside newly added values are pruned. A `null` or scalar patch
 * is a 400 `Invalid JSON Patch`; an array patch becomes the whole document (which the object decoder
 * then rejects).
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import { patchBadRequest } from './errors';
import { isObject } from './go-format';

/** ErrBadJSONPatch. */
const BAD_PATCH = 'Invalid JSON Patch';

function pruneNulls(v: JsonValue): void {
  if (isObject(v)) pruneDocNulls(v);
  else if (Array.isArray(v)) pruneAryNulls(v);
}

function pruneDocNulls(doc: JsonObject): JsonObject {
  for (const k of Object.keys(doc)) {
    if (doc[k] === null) delete doc[k];
    else pruneNulls(doc[k]);
  }
  return doc;
}

/** Null elements of arrays are kept; only objects inside them are pruned. */
function pruneAryNulls(ary: JsonValue[]): JsonValue[] {
  for (const v of ary) if (v !== null) pruneNulls(v);
  return ary;
}

function merge(cur: JsonValue, patch: JsonValue): JsonValue {
  if (!isObject(cur)) {
    pruneNulls(patch);
    return patch;
  }
  if (!isObject(patch)) return patch;
  mergeDocs(cur, patch);
  return cur;
}

function mergeDocs(doc: JsonObject, patch: JsonObject): void {
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) {
      delete doc[k];
      continue;
    }
    const cur = Object.prototype.hasOwnProperty.call(doc, k) ? doc[k] : null;
    if (cur === null) {
      pruneNulls(v);
      doc[k] = v;
    } else {
      doc[k] = merge(cur, v);
    }
  }
}

/** Applies a merge patch to `doc` (not modified). Throws ApiError 400 `Invalid JSON Patch` for null/scalar patches. */
export function applyMergePatch(doc: JsonValue, patch: JsonValue): JsonValue {
  if (patch === null || patch === undefined) throw patchBadRequest(BAD_PATCH);
  const p = structuredClone(patch);
  if (Array.isArray(p)) return pruneAryNulls(p);
  if (!isObject(p)) throw patchBadRequest(BAD_PATCH);
  if (!isObject(doc)) return pruneDocNulls(p);
  const d = structuredClone(doc);
  mergeDocs(d, p);
  return d;
}
