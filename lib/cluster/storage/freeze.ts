/** Deep freezing and JSON-normalized copies of objects entering the store. */
import type { KubeObject } from '../../k8s/types/meta';
import { rememberJson } from './json-cache';

/** Freezes `value` and everything reachable from it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (const item of value) deepFreeze(item);
  } else {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return Object.freeze(value);
}

/**
 * The object as the store keeps it: a JSON round trip of `obj` (drops undefined, functions, class
 * identity; never shares structure with the caller) carrying `resourceVersion`, deep-frozen, with its
 * JSON text already cached for `serializeObject`.
 */
export function storedCopy(obj: KubeObject, resourceVersion: number): KubeObject {
  const text = JSON.stringify({ ...obj, metadata: { ...obj.metadata, resourceVersion: String(resourceVersion) } });
  const copy = deepFreeze(JSON.parse(text) as KubeObject);
  rememberJson(copy, text);
  return copy;
}

/** Parses stored JSON text back into a frozen object with its text cached. */
export function parseStored(text: string): KubeObject {
  const obj = deepFreeze(JSON.parse(text) as KubeObject);
  rememberJson(obj, text);
  return obj;
}
