/**
 * Brings a yaml Document to a new value while keeping everything the user wrote around it: comments,
 * key order, quoting and flow style of untouched nodes. Used when the form changes the shared draft,
 * for "format", and to write a three-way merge back into the user's text. Pure.
 */
import { Document as YamlDocument, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';

type Plain = null | boolean | number | string | Plain[] | { [k: string]: Plain };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function keyOf(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return typeof key === 'string' ? key : undefined;
}

function syncNode(doc: Document, node: unknown, value: unknown): Node {
  if (isMap(node) && isPlainObject(value)) {
    node.items = node.items.filter((p) => {
      const k = keyOf(p.key);
      return k !== undefined && k in value && value[k] !== undefined;
    });
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      const pair = node.items.find((p) => keyOf(p.key) === k);
      if (pair) pair.value = syncNode(doc, pair.value, v);
      else node.items.push(doc.createPair(k, v));
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = value.map((v, i) => (i < node.items.length ? syncNode(doc, node.items[i], v) : doc.createNode(v)));
    return node;
  }
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    if (node.value !== value) node.value = value;
    return node;
  }
  return doc.createNode(value) as Node;
}

/** Updates `doc` in place so that `doc.toJS()` equals `value`. */
export function syncDocument(doc: Document, value: unknown): void {
  doc.contents = syncNode(doc, doc.contents, value) as Document['contents'];
}

/** `text` rewritten to hold `value`, keeping its comments and layout where the value did not change. */
export function rewriteYaml(text: string, value: unknown): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return toYaml(value);
  syncDocument(doc, value);
  return doc.toString({ lineWidth: 0 });
}

/** Formats YAML text (indentation, spacing) keeping the comments. Returns the text unchanged if it does not parse. */
export function formatYaml(text: string): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return text;
  return doc.toString({ lineWidth: 0 });
}

export function toYaml(value: unknown): string {
  return new YamlDocument(value as Plain).toString({ lineWidth: 0 });
}
