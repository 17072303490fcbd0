/**
 * List helpers of apimachinery's strategic merge patch: element typing, merge-key lookups, scalar
 * de-duplication and the element-order normalisation (`$setElementOrder` and patch order first,
 * then live order), ported so results and errors match the real server's.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import { PatchFailure } from './errors';
import { goKind, goValue, isObject } from './go-format';

export const DIRECTIVE_MARKER = '$patch';

/** Go reflect type identity of a decoded JSON value. */
export function goType(v: JsonValue | undefined): string {
  if (v === null || v === undefined) return 'nil';
  return goKind(v);
}

/** mergepatch.ErrNoMergeKey. */
export function errNoMergeKey(m: JsonObject, key: string): PatchFailure {
  return new PatchFailure(`map: ${goValue(m)} does not contain declared merge key: ${key}`);
}

/** mergepatch.ErrBadArgType. */
export function errBadArgType(expectedKind: string, actual: JsonValue | undefined): PatchFailure {
  return new PatchFailure(`expected a ${expectedKind}, but received a ${goKind(actual)}`);
}

/** Go's `==` on interface values holding JSON scalars (maps and slices never compare equal here). */
export function scalarEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === 'number' && typeof b === 'number') return a === b && Number.isInteger(a) === Number.isInteger(b);
  return a === b;
}

/** sliceElementType: the common element kind of the slices; errors for mixed or nested lists. */
export function sliceElementKind(...slices: JsonValue[][]): string {
  let prev: string | undefined;
  for (const s of slices) {
    for (const v of s) {
      const cur = goType(v);
      if (prev === undefined) {
        prev = cur;
        if (prev === 'slice') throw new PatchFailure('lists of lists are not supported');
      } else if (prev !== cur) {
        throw new PatchFailure(`list element types are not identical: [${slices.map((x) => goValue(x)).join(' ')}]`);
      }
    }
  }
  if (prev === undefined) throw new PatchFailure('no elements in any of the given slices');
  return prev;
}

/** findMapInSliceBasedOnKeyValue. */
export function findMapByKey(list: JsonValue[], key: string, value: JsonValue | undefined): { map: JsonObject; index: number } | undefined {
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (!isObject(v)) throw new PatchFailure(`value for key ${i} is not a map.`);
    if (Object.prototype.hasOwnProperty.call(v, key) && scalarEqual(v[key], value)) return { map: v, index: i };
  }
  return undefined;
}

/** deduplicateScalars, including its order-shuffling swap-with-last. */
export function deduplicateScalars(s: JsonValue[]): JsonValue[] {
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (scalarEqual(s[i], s[j])) {
        s[j] = s[length];
        s = s.slice(0, length);
        length--;
        j--;
      }
    }
  }
  return s;
}

export function partitionPrimitives(original: JsonValue[], partitionBy: JsonValue[]): [JsonValue[], JsonValue[]] {
  const patch: JsonValue[] = [];
  const serverOnly: JsonValue[] = [];
  for (const v of original) {
    if (partitionBy.some((p) => scalarEqual(p, v))) patch.push(v);
    else serverOnly.push(v);
  }
  return [patch, serverOnly];
}

export function partitionMaps(original: JsonValue[], partitionBy: JsonValue[], mergeKey: string): [JsonValue[], JsonValue[]] {
  const patch: JsonValue[] = [];
  const serverOnly: JsonValue[] = [];
  for (const v of original) {
    if (!isObject(v)) throw errBadArgType('map', v);
    if (!Object.prototype.hasOwnProperty.call(v, mergeKey)) throw errNoMergeKey(v, mergeKey);
    if (findMapByKey(partitionBy, mergeKey, v[mergeKey])) patch.push(v);
    else serverOnly.push(v);
  }
  return [patch, serverOnly];
}

function indexOf(list: JsonValue[], item: JsonValue, mergeKey: string, kind: string): number {
  const val = (x: JsonValue): JsonValue | undefined => (kind === 'map' ? (isObject(x) ? x[mergeKey] : undefined) : x);
  const target = val(item);
  for (let i = 0; i < list.length; i++) if (scalarEqual(target, val(list[i]))) return i;
  return -1;
}

function validateMergeKeyInLists(mergeKey: string, ...lists: JsonValue[][]): void {
  for (const list of lists) {
    for (const item of list) {
      if (!isObject(item)) throw errBadArgType('map', item);
      if (!Object.prototype.hasOwnProperty.call(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
    }
  }
}

/** extractToDeleteItems: `$patch: delete` elements go last. */
export function extractToDeleteItems(list: JsonValue[]): [JsonValue[], JsonValue[]] {
  const nonDelete: JsonValue[] = [];
  const toDelete: JsonValue[] = [];
  for (const v of list) {
    if (!isObject(v)) throw errBadArgType('map', v);
    if (Object.prototype.hasOwnProperty.call(v, DIRECTIVE_MARKER) && v[DIRECTIVE_MARKER] === 'delete') toDelete.push(v);
    else nonDelete.push(v);
  }
  return [nonDelete, toDelete];
}

/** normalizeSliceOrder with sort.SliceStable's insertion sort (the less func is not a strict order). */
function normalizeSliceOrder(toSort: JsonValue[], order: JsonValue[], mergeKey: string, kind: string): JsonValue[] {
  let toDelete: JsonValue[] = [];
  let items = [...toSort];
  if (kind === 'map') {
    validateMergeKeyInLists(mergeKey, items, order);
    [items, toDelete] = extractToDeleteItems(items);
  }
  const less = (a: JsonValue, b: JsonValue): boolean => {
    const ia = indexOf(order, a, mergeKey, kind);
    if (ia >= 0) {
      const ib = indexOf(order, b, mergeKey, kind);
      if (ib >= 0) return ia < ib;
    }
    return true;
  };
  for (let i = 1; i < items.length; i++) {
    for (let j = i; j > 0 && less(items[j], items[j - 1]); j--) {
      [items[j], items[j - 1]] = [items[j - 1], items[j]];
    }
  }
  return [...items, ...toDelete];
}

function mergeSortedSlice(left: JsonValue[], right: JsonValue[], serverOrder: JsonValue[], mergeKey: string, kind: string): JsonValue[] {
  const out: JsonValue[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexOf(serverOrder, left[i], mergeKey, kind);
      const ri = indexOf(serverOrder, right[j], mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

/** normalizeElementOrder: patch items in patch order, server-only items in live order, interleaved. */
export function normalizeElementOrder(
  patch: JsonValue[],
  serverOnly: JsonValue[],
  patchOrder: JsonValue[],
  serverOrder: JsonValue[],
  mergeKey: string,
  kind: string,
): JsonValue[] {
  const p = normalizeSliceOrder(patch, patchOrder, mergeKey, kind);
  const s = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  return mergeSortedSlice(s, p, serverOrder, mergeKey, kind);
}

/** validatePatchWithSetOrderList. */
export function validatePatchWithSetOrderList(patchList: JsonValue[], setOrderList: JsonValue[], mergeKey: string): void {
  if (setOrderList.length === 0 || patchList.length === 0) return;
  const nonDelete = mergeKey ? extractToDeleteItems(patchList)[0] : patchList;
  let pi = 0;
  let si = 0;
  while (pi < nonDelete.length && si < setOrderList.length) {
    const item = nonDelete[pi];
    if (isObject(item) && Object.prototype.hasOwnProperty.call(item, DIRECTIVE_MARKER)) {
      pi++;
      continue;
    }
    if (mergeKeyValueEqual(item, setOrderList[si], mergeKey)) pi++;
    si++;
  }
  if (pi < nonDelete.length && si >= setOrderList.length) {
    throw new PatchFailure(`The order in patch list:\n${goValue(patchList)}\n doesn't match $setElementOrder list:\n${goValue(setOrderList)}\n`);
  }
}

function mergeKeyValueEqual(left: JsonValue, right: JsonValue, mergeKey: string): boolean {
  if (!mergeKey) return scalarEqual(left, right);
  if (!isObject(left)) throw errBadArgType('map', left);
  if (!isObject(right)) throw errBadArgType('map', right);
  if (!Object.prototype.hasOwnProperty.call(left, mergeKey)) throw errNoMergeKey(left, mergeKey);
  if (!Object.prototype.hasOwnProperty.call(right, mergeKey)) throw errNoMergeKey(right, mergeKey);
  return scalarEqual(left[mergeKey], right[mergeKey]);
}
