/** Navigation helpers over Schema nodes (used by tests and by anyone resolving a field path). */
import type { Schema } from './types';

/** The schema of `path` (property names; array items are entered transparently), or undefined. */
export function schemaAtPath(root: Schema, path: readonly string[]): Schema | undefined {
  let node: Schema | undefined = root;
  for (const key of path) {
    while (node && node.type === 'array') node = node.items;
    if (!node) return undefined;
    if (node.type === 'object') node = node.properties[key];
    else if (node.type === 'map') node = node.values;
    else return undefined;
  }
  return node;
}

/** Every property path (dotted, `[]` for array items) present in `value` but missing from `schema`. */
export function pathsMissingFromSchema(value: unknown, schema: Schema, prefix = ''): string[] {
  if (schema.type === 'any' || value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    if (schema.type !== 'array') return [`${prefix} (array where schema has ${schema.type})`];
    return value.flatMap((item) => pathsMissingFromSchema(item, schema.items, `${prefix}[]`));
  }
  if (typeof value === 'object') {
    if (schema.type === 'map') {
      return Object.entries(value).flatMap(([k, v]) => pathsMissingFromSchema(v, schema.values, `${prefix}.${k}`));
    }
    if (schema.type !== 'object') return [`${prefix} (object where schema has ${schema.type})`];
    return Object.entries(value).flatMap(([k, v]) => {
      const child = schema.properties[k];
      const path = prefix ? `${prefix}.${k}` : k;
      return child ? pathsMissingFromSchema(v, child, path) : [path];
    });
  }
  return [];
}
