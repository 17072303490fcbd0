/**
 * Editor text → a Service, with every bad input as a marker at its line/column, and the text never
 * changed: more than 3 MiB refused (the limit named), alias expansion bounded (an alias bomb is an
 * error, not a hang), duplicate keys flagged at both places, several documents refused at the second
 * `---`, a wrong kind/apiVersion, a name/namespace other than the Service being edited. JSON is YAML.
 * Pure and browser-safe.
 */
import { isAlias, isMap, isScalar, LineCounter, parseAllDocuments, visit, type Document, type Node } from 'yaml';
import type { Service } from '../k8s/types';
import { locateSegments, offsetsToRange } from './locate';
import { DOCUMENT_START, type TextRange, type YamlMarker } from './markers';
import { MAX_NESTING_DEPTH } from '../text/nesting-depth';
import { findExcessNesting } from '../text/nesting-scan';

export const MAX_YAML_BYTES = 3 * 1024 * 1024;
/** Aliases resolved per document at most (yaml's maxAliasCount): a billion-laughs document stops here. */
export const MAX_ALIAS_COUNT = 100;

export interface ServiceIdentity {
  name?: string;
  namespace?: string;
}

export interface ParsedService {
  /** The parsed object when the text is one YAML mapping (even with Service-level problems). */
  service?: Service;
  doc?: Document.Parsed;
  lineCounter: LineCounter;
  markers: YamlMarker[];
}

const syntax = (range: TextRange, message: string): YamlMarker => ({
  startLine: range.startLine,
  startColumn: range.startColumn,
  endLine: range.endLine,
  endColumn: range.endColumn,
  source: 'syntax',
  severity: 'error',
  message,
});

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Both places of every duplicated key, in every mapping of the document. */
function duplicateKeyMarkers(doc: Document, lc: LineCounter): YamlMarker[] {
  const out: YamlMarker[] = [];
  visit(doc, {
    Map(_key, map) {
      const seen = new Map<string, Node>();
      for (const pair of map.items) {
        if (!isScalar(pair.key) || !pair.key.range) continue;
        const name = String(pair.key.value);
        const first = seen.get(name);
        if (!first) {
          seen.set(name, pair.key);
          continue;
        }
        const [a0, a1] = first.range ?? [0, 0];
        const [b0, b1] = pair.key.range;
        const firstPos = offsetsToRange(lc, a0, a1);
        const secondPos = offsetsToRange(lc, b0, b1);
        out.push(syntax(firstPos, `Duplicate key "${name}": defined again on line ${secondPos.startLine}`));
        out.push(syntax(secondPos, `Duplicate key "${name}": first defined on line ${firstPos.startLine}`));
      }
    },
  });
  return out;
}

function firstAliasRange(doc: Document, lc: LineCounter) {
  let range: TextRange = DOCUMENT_START;
  visit(doc, {
    Alias(_k, node) {
      if (isAlias(node) && node.range) {
        range = offsetsToRange(lc, node.range[0], node.range[1]);
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return range;
}

function valueMarker(doc: Document, lc: LineCounter, text: string, path: string[], message: string): YamlMarker {
  return syntax(locateSegments(doc, lc, text, path).range, message);
}

/** kind/apiVersion and, when editing, metadata.name/namespace. */
function identityMarkers(doc: Document, lc: LineCounter, text: string, obj: Record<string, unknown>, expect?: ServiceIdentity): YamlMarker[] {
  const out: YamlMarker[] = [];
  if (obj.apiVersion !== 'v1') {
    out.push(valueMarker(doc, lc, text, ['apiVersion'], `apiVersion must be "v1" for a Service (found ${JSON.stringify(obj.apiVersion ?? null)})`));
  }
  if (obj.kind !== 'Service') {
    out.push(valueMarker(doc, lc, text, ['kind'], `kind must be "Service" (found ${JSON.stringify(obj.kind ?? null)}): this editor holds one Service`));
  }
  const meta = (typeof obj.metadata === 'object' && obj.metadata !== null ? obj.metadata : {}) as Record<string, unknown>;
  if (expect?.name !== undefined && meta.name !== undefined && meta.name !== expect.name) {
    out.push(valueMarker(doc, lc, text, ['metadata', 'name'], `metadata.name is "${String(meta.name)}" but this editor edits "${expect.name}": renaming is not possible (create a new Service instead)`));
  }
  if (expect?.namespace !== undefined && meta.namespace !== undefined && meta.namespace !== expect.namespace) {
    out.push(valueMarker(doc, lc, text, ['metadata', 'namespace'], `metadata.namespace is "${String(meta.namespace)}" but this Service lives in "${expect.namespace}"`));
  }
  return out;
}

/** Parses the editor text. Never throws; `service` is set when the text holds one mapping. */
export function parseServiceYaml(text: string, expect?: ServiceIdentity): ParsedService {
  const lineCounter = new LineCounter();
  const size = byteLength(text);
  if (size > MAX_YAML_BYTES) {
    return { lineCounter, markers: [syntax(DOCUMENT_START, `The text is ${mib(size)}: the limit is 3 MiB (${MAX_YAML_BYTES} bytes). Nothing was parsed.`)] };
  }
  // Deep nesting is refused before the parser builds it (1 MiB of `[[[…]]]` would hang the tab).
  const excess = findExcessNesting(text, MAX_NESTING_DEPTH, 'yaml');
  if (excess) {
    const column = excess.offset - text.lastIndexOf('\n', excess.offset - 1);
    const at: TextRange = { startLine: excess.line, startColumn: column, endLine: excess.line, endColumn: column + 1 };
    return { lineCounter, markers: [syntax(at, `Nested more than ${MAX_NESTING_DEPTH} levels deep here: the API server refuses such a document. Nothing was parsed.`)] };
  }
  const docs = parseAllDocuments(text, { lineCounter, uniqueKeys: true, prettyErrors: false, keepSourceTokens: false });
  const list = Array.isArray(docs) ? docs : [];
  if (list.length === 0) return { lineCounter, markers: [syntax(DOCUMENT_START, 'The document is empty: write one Service.')] };
  const doc = list[0];
  const markers: YamlMarker[] = [];
  if (list.length > 1) {
    const second = list[1];
    const start = text.lastIndexOf('---', second.range[0]) >= 0 ? text.lastIndexOf('---', second.range[0]) : second.range[0];
    markers.push(syntax(offsetsToRange(lineCounter, start, start + 3), 'A second YAML document starts here: the editor holds exactly one Service (remove this `---` and what follows).'));
  }
  for (const e of doc.errors) {
    if (e.code === 'DUPLICATE_KEY') continue;
    markers.push(syntax(offsetsToRange(lineCounter, e.pos[0], e.pos[1]), e.message.split('\n')[0]));
  }
  markers.push(...duplicateKeyMarkers(doc, lineCounter));
  if (doc.errors.length > 0) return { doc, lineCounter, markers };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    const message = err instanceof ReferenceError
      ? `Too many alias expansions (more than ${MAX_ALIAS_COUNT}): an alias bomb is refused.`
      : `The document cannot be read: ${(err as Error).message}`;
    markers.push(syntax(firstAliasRange(doc, lineCounter), message));
    return { doc, lineCounter, markers };
  }
  if (!isMap(doc.contents) || typeof value !== 'object' || value === null || Array.isArray(value)) {
    markers.push(syntax(DOCUMENT_START, 'The document must be a mapping (a Service object with apiVersion, kind, metadata and spec).'));
    return { doc, lineCounter, markers };
  }
  const obj = value as Record<string, unknown>;
  markers.push(...identityMarkers(doc, lineCounter, text, obj, expect));
  return { service: obj as unknown as Service, doc, lineCounter, markers };
}
