/**
 * JSON text of stored objects, cached by object identity.
 *
 * Stored objects are deep-frozen, so their JSON text never changes: it is computed once (at commit
 * when persisting, else on first use) and a list of 10,000 objects is encoded by joining strings.
 * Objects that are not frozen are serialized every time (they might still change).
 */
import type { KubeObject } from '../../k8s/types/meta';

const cache = new WeakMap<object, string>();

/** `JSON.stringify(obj)`, cached for frozen objects. */
export function serializeObject(obj: KubeObject): string {
  const cached = cache.get(obj);
  if (cached !== undefined) return cached;
  const text = JSON.stringify(obj);
  if (Object.isFrozen(obj)) cache.set(obj, text);
  return text;
}

/** Records the known JSON text of a frozen object (e.g. the text it was parsed from). */
export function rememberJson(obj: KubeObject, text: string): void {
  if (Object.isFrozen(obj)) cache.set(obj, text);
}

/** Encodes objects as a JSON array by joining their cached texts. */
export function serializeArray(objects: readonly KubeObject[]): string {
  if (objects.length === 0) return '[]';
  const parts = new Array<string>(objects.length);
  for (let i = 0; i < objects.length; i++) parts[i] = serializeObject(objects[i]);
  return '[' + parts.join(',') + ']';
}
