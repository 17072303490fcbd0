/**
 * JSON pointer containers as evanphx/json-patch v4 walks them: object keys (JSON null reads as
 * absent), array indices via strconv.Atoi with negative indices, `-` to append, and the library's
 * error texts.
 */
import type { JsonValue } from '../../k8s/json';
import { PatchFailure } from './errors';
import { goQuote } from './go-format';

export type Container = { [key: string]: JsonValue } | JsonValue[];

export const MISSING = 'missing value';
const INVALID_INDEX = 'invalid index referenced';

export function wrap(msg: string, cause: string): PatchFailure {
  return new PatchFailure(`${msg}: ${cause}`);
}

/** rfc6901Decoder: `~1` → `/`, `~0` → `~`, left to right. */
export function decodeKey(k: string): string {
  let out = '';
  for (let i = 0; i < k.length; i++) {
    if (k[i] === '~' && (k[i + 1] === '1' || k[i + 1] === '0')) {
      out += k[i + 1] === '1' ? '/' : '~';
      i++;
    } else out += k[i];
  }
  return out;
}

/** strconv.Atoi. */
export function atoi(s: string): number {
  if (!/^[+-]?[0-9]+$/.test(s)) throw new PatchFailure(`strconv.Atoi: parsing ${goQuote(s)}: invalid syntax`);
  const n = Number(s);
  if (!Number.isSafeInteger(n) && (BigInt(s) > 9223372036854775807n || BigInt(s) < -9223372036854775808n)) {
    throw new PatchFailure(`strconv.Atoi: parsing ${goQuote(s)}: value out of range`);
  }
  return n;
}

const invalidIndex = (idx: number) => wrap(`Unable to access invalid index: ${idx}`, INVALID_INDEX);

/** container.get: object keys read null as absent (Go stores JSON null as a nil node). */
export function get(c: Container, key: string): JsonValue | undefined {
  if (!Array.isArray(c)) {
    const v = Object.prototype.hasOwnProperty.call(c, key) ? c[key] : undefined;
    return v === null ? undefined : v;
  }
  let idx = atoi(key);
  if (idx < 0) {
    if (idx < -c.length) throw invalidIndex(idx);
    idx += c.length;
  }
  if (idx >= c.length) throw invalidIndex(idx);
  const v = c[idx];
  return v === null ? undefined : v;
}

export function add(c: Container, key: string, val: JsonValue): void {
  if (!Array.isArray(c)) {
    c[key] = val;
    return;
  }
  if (key === '-') {
    c.push(val);
    return;
  }
  let idx: number;
  try {
    idx = atoi(key);
  } catch (e) {
    throw wrap(`value was not a proper array index: '${key}'`, (e as Error).message);
  }
  const size = c.length + 1;
  if (idx >= size) throw invalidIndex(idx);
  if (idx < 0) {
    if (idx < -size) throw invalidIndex(idx);
    idx += size;
  }
  c.splice(idx, 0, val);
}

export function set(c: Container, key: string, val: JsonValue): void {
  if (!Array.isArray(c)) {
    c[key] = val;
    return;
  }
  let idx = atoi(key);
  if (idx < 0) {
    if (idx < -c.length) throw invalidIndex(idx);
    idx += c.length;
  }
  c[idx] = val;
}

export function remove(c: Container, key: string): void {
  if (!Array.isArray(c)) {
    if (!Object.prototype.hasOwnProperty.call(c, key)) throw wrap(`Unable to remove nonexistent key: ${key}`, MISSING);
    delete c[key];
    return;
  }
  let idx = atoi(key);
  if (idx >= c.length) throw invalidIndex(idx);
  if (idx < 0) {
    if (idx < -c.length) throw invalidIndex(idx);
    idx += c.length;
  }
  c.splice(idx, 1);
}

/** findObject: the container holding the last path segment, or undefined. */
export function findObject(root: Container, path: string): { con: Container; key: string } | undefined {
  const split = path.split('/');
  if (split.length < 2) return undefined;
  let doc: Container = root;
  for (const part of split.slice(1, -1)) {
    let next: JsonValue | undefined;
    try {
      next = get(doc, decodeKey(part));
    } catch {
      return undefined;
    }
    if (next === undefined || (typeof next !== 'object' || next === null)) return undefined;
    doc = next;
  }
  return { con: doc, key: decodeKey(split[split.length - 1]) };
}

