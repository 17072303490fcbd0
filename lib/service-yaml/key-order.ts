/**
 * The keys of one object in the order another uses, so that a diff of the two shows only what changed
 * (`protocol: TCP` written before `port` by the user is not a removal and an addition). Keys the
 * template has come first, in its order; the rest follow in their own order. Objects in arrays take
 * the order of the template's item at the same index, or of its first item. Values are never changed:
 * the result is the same object with its keys in another order. Pure.
 */
import { isJsonObject } from '../k8s/json';

function reorder(value: unknown, template: unknown): unknown {
  if (Array.isArray(value)) {
    const items: unknown[] = Array.isArray(template) ? template : [];
    return value.map((v, i) => reorder(v, items[i] ?? items[0]));
  }
  if (!isJsonObject(value)) return value;
  const shape = isJsonObject(template) ? template : {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) if (key in value) out[key] = reorder(value[key], shape[key]);
  for (const [key, v] of Object.entries(value)) if (!(key in out)) out[key] = reorder(v, undefined);
  return out;
}

/** `value` with its keys (at every depth) in the order `template` uses. */
export function inKeyOrderOf<T>(value: T, template: unknown): T {
  return reorder(value, template) as T;
}
