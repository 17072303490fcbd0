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
 * A mutable JSON round trip of `obj` (drops undefined and functions, never shares structure with the
 * caller) whose `metadata.resourceVersion` is `resourceVersion`.
 */
export function normalizedCopy(obj: KubeObject, resourceVersion: string | undefined): KubeObject {
  const copy = JSON.parse(JSON.stringify(obj)) as KubeObject;
  if (typeof copy.metadata !== 'object' || copy.metadata === null) copy.metadata = {};
  if (resourceVersion === undefined) delete copy.metadata.resourceVersion;
  else copy.metadata.resourceVersion = resourceVersion;
  return copy;
}

/**
 * Makes a normalized copy the stored object: sets its resourceVersion, deep-freezes it and caches its
 * JSON text (computed at write time, so lists are encoded by joining cached strings).
 */
export function seal(copy: KubeObject, resourceVersion: number): KubeObject {
  copy.metadata.resourceVersion = String(resourceVersion);
  const text = JSON.stringify(copy);
  deepFreeze(copy);
  rememberJson(copy, text);
  return copy;
}

/** The object as the store keeps it: a normalized, deep-frozen copy carrying `resourceVersion`. */
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
