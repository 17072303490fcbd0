/**
 * RFC 6902 JSON patch (`application/json-patch+json`) exactly as the API server applies it: with
 * gopkg.in/evanphx/json-patch.v4 (negative indices allowed, `-` appends, `~0`/`~1` escapes, and
 * v4's quirks: `replace` of a missing object key adds it, `test` of a missing key against null
 * passes). Errors carry the real statuses: a body that is not a list of operations → 400 with the
 * Go decoder's message; more than 10000 operations → 413; an operation that does not apply → 422
 * `the server rejected our request due to an error in our request` (the library message is the
 * error's `cause`).
 */
import { jsonEqual, type JsonValue } from '../../k8s/json';
import { patchBadRequest, patchTooLarge, patchUnprocessable, PatchFailure } from './errors';
import { isObject } from './go-format';
import { add, findObject, get, MISSING, remove, set, wrap, type Container } from './json-pointer';

const MAX_JSON_PATCH_OPERATIONS = 10000;
const TEST_FAILED = 'test failed';

type Op = { [key: string]: JsonValue };

/** Operation.Path / From: the string field, or the Go error. */
function stringField(op: Op, field: 'path' | 'from'): string {
  const v = Object.prototype.hasOwnProperty.call(op, field) ? op[field] : null;
  if (v === null) throw new PatchFailure(field === 'path' ? `operation missing path field: ${MISSING}` : `operation, missing from field: ${MISSING}`);
  if (typeof v !== 'string') throw new PatchFailure(`json: cannot unmarshal ${jsonKind(v)} into Go value of type string`);
  return v;
}

/** op.value(): absent → undefined (a nil node); JSON null → null. */
function opValue(op: Op): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(op, 'value') ? op.value : undefined;
}

function jsonKind(v: JsonValue): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

function applyOp(state: { root: Container }, op: Op): void {
  const kind = typeof op.op === 'string' ? op.op : 'unknown';
  const root = state.root;
  const value = opValue(op);
  switch (kind) {
    case 'add': {
      let path: string;
      try {
        path = stringField(op, 'path');
      } catch {
        throw wrap('add operation failed to decode path', MISSING);
      }
      const found = findObject(root, path);
      if (!found) throw wrap(`add operation does not apply: doc is missing path: "${path}"`, MISSING);
      try {
        add(found.con, found.key, value ?? null);
      } catch (e) {
        throw wrap(`error in add for path: '${path}'`, (e as Error).message);
      }
      return;
    }
    case 'remove': {
      let path: string;
      try {
        path = stringField(op, 'path');
      } catch {
        throw wrap('remove operation failed to decode path', MISSING);
      }
      const found = findObject(root, path);
      if (!found) throw wrap(`remove operation does not apply: doc is missing path: "${path}"`, MISSING);
      try {
        remove(found.con, found.key);
      } catch (e) {
        throw wrap(`error in remove for path: '${path}'`, (e as Error).message);
      }
      return;
    }
    case 'replace': {
      let path: string;
      try {
        path = stringField(op, 'path');
      } catch (e) {
        throw wrap('replace operation failed to decode path', (e as Error).message);
      }
      if (path === '') {
        // A scalar value hits errors.Wrapf(nil, ...), which is nil: silently nothing happens.
        if (typeof value === 'object' && value !== null) state.root = value;
        return;
      }
      const found = findObject(root, path);
      if (!found) throw wrap(`replace operation does not apply: doc is missing path: ${path}`, MISSING);
      try {
        get(found.con, found.key);
      } catch {
        throw wrap(`replace operation does not apply: doc is missing key: ${path}`, MISSING);
      }
      set(found.con, found.key, value ?? null);
      return;
    }
    case 'move': {
      let from: string;
      try {
        from = stringField(op, 'from');
      } catch (e) {
        throw wrap('move operation failed to decode from', (e as Error).message);
      }
      const src = findObject(root, from);
      if (!src) throw wrap(`move operation does not apply: doc is missing from path: ${from}`, MISSING);
      let val: JsonValue | undefined;
      try {
        val = get(src.con, src.key);
        remove(src.con, src.key);
      } catch (e) {
        throw wrap(`error in move for path: '${src.key}'`, (e as Error).message);
      }
      let path: string;
      try {
        path = stringField(op, 'path');
      } catch (e) {
        throw wrap('move operation failed to decode path', (e as Error).message);
      }
      const dst = findObject(root, path);
      if (!dst) throw wrap(`move operation does not apply: doc is missing destination path: ${path}`, MISSING);
      try {
        add(dst.con, dst.key, val ?? null);
      } catch (e) {
        throw wrap(`error in move for path: '${path}'`, (e as Error).message);
      }
      return;
    }
    case 'test': {
      let path: string;
      try {
        path = stringField(op, 'path');
      } catch (e) {
        throw wrap('test operation failed to decode path', (e as Error).message);
      }
      if (path === '') {
        if (jsonEqual(root, value)) return;
        throw wrap(`testing value ${path} failed`, TEST_FAILED);
      }
      const found = findObject(root, path);
      if (!found) throw wrap(`test operation does not apply: is missing path: ${path}`, MISSING);
      let val: JsonValue | undefined;
      try {
        val = get(found.con, found.key);
      } catch (e) {
        throw wrap(`error in test for path: '${path}'`, (e as Error).message);
      }
      if (val === undefined) {
        if (value === null || value === undefined) return;
        throw wrap(`testing value ${path} failed`, TEST_FAILED);
      }
      if (value !== undefined && jsonEqual(val, value)) return;
      throw wrap(`testing value ${path} failed`, TEST_FAILED);
    }
    case 'copy': {
      let from: string;
      try {
        from = stringField(op, 'from');
      } catch (e) {
        throw wrap('copy operation failed to decode from', (e as Error).message);
      }
      const src = findObject(root, from);
      if (!src) throw wrap(`copy operation does not apply: doc is missing from path: ${from}`, MISSING);
      let val: JsonValue | undefined;
      try {
        val = get(src.con, src.key);
      } catch (e) {
        throw wrap(`error in copy for from: '${from}'`, (e as Error).message);
      }
      let path: string;
      try {
        path = stringField(op, 'path');
      } catch {
        throw wrap('copy operation failed to decode path', MISSING);
      }
      const dst = findObject(root, path);
      if (!dst) throw wrap(`copy operation does not apply: doc is missing destination path: ${path}`, MISSING);
      try {
        add(dst.con, dst.key, val === undefined ? null : structuredClone(val));
      } catch (e) {
        throw wrap('error while adding value during copy', (e as Error).message);
      }
      return;
    }
    default:
      throw new PatchFailure(`Unexpected kind: ${kind}`);
  }
}

/** jsonpatch.DecodePatch: the body must be a JSON array of objects (null is an empty patch). */
export function decodeJsonPatch(patch: unknown): Op[] {
  if (patch === null || patch === undefined) return [];
  if (!Array.isArray(patch)) {
    throw patchBadRequest(`json: cannot unmarshal ${jsonKind(patch as JsonValue)} into Go value of type jsonpatch.Patch`);
  }
  return patch.map((op: JsonValue) => {
    if (op === null) return {};
    if (!isObject(op)) throw patchBadRequest(`json: cannot unmarshal ${jsonKind(op)} into Go value of type jsonpatch.Operation`);
    return op;
  });
}

/**
 * Applies a JSON patch to `doc` (not modified; a new value is returned). Throws ApiError 400, 413
 * or 422 as the real server answers.
 */
export function applyJsonPatch(doc: JsonValue, patch: unknown): JsonValue {
  const ops = decodeJsonPatch(patch);
  if (ops.length > MAX_JSON_PATCH_OPERATIONS) {
    throw patchTooLarge(`The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${ops.length}`);
  }
  if (typeof doc !== 'object' || doc === null) throw patchUnprocessable('json: cannot unmarshal document');
  const state: { root: Container } = { root: structuredClone(doc) };
  for (const op of ops) {
    try {
      applyOp(state, structuredClone(op));
    } catch (e) {
      if (e instanceof PatchFailure) throw patchUnprocessable(e.message);
      throw e;
    }
  }
  return state.root;
}
