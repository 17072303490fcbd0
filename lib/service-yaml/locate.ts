/**
 * Field path → the exact place in the YAML text: `spec.ports[1].targetPort` (as the API server and
 * lib/service report it) to the line/column range of that key and its value, through the yaml
 * Document and a LineCounter. Works for block and flow style, quoted keys and commented documents.
 * A path that does not exist (a missing required field) points at its deepest existing parent.
 * Pure and browser-safe.
 */
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import { serviceErrorLocation, type PathSegment } from '../service/error-locations';
import { DOCUMENT_START, type TextRange } from './markers';

export interface PathLocation {
  range: TextRange;
  /** How many segments of the path exist in the document (all of them when `exact`). */
  resolved: number;
  exact: boolean;
}

/** Offsets [start, end) → 1-based line/column range. */
export function offsetsToRange(lineCounter: LineCounter, start: number, end: number): TextRange {
  const a = lineCounter.linePos(start);
  const b = lineCounter.linePos(Math.max(start, end));
  return { startLine: a.line, startColumn: a.col, endLine: b.line, endColumn: b.col };
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null ? '' : String(key.value);
  if (typeof key === 'string' || typeof key === 'number') return String(key);
  return undefined;
}

interface Step {
  key?: Node;
  value?: Node | null;
}

/** Walks `segments` from the document root; one step per resolved segment. */
function walk(doc: Document, segments: readonly PathSegment[]): Step[] {
  const steps: Step[] = [];
  let node: unknown = doc.contents;
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === String(seg));
      if (!pair) break;
      steps.push({ key: pair.key as Node, value: pair.value as Node | null });
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg] as Node | undefined;
      if (!item) break;
      steps.push({ value: item });
      node = item;
    } else break;
  }
  return steps;
}

/** The end offset of the first line starting at `start` (so a collection marks one line, not a block). */
function firstLineEnd(text: string, start: number, end: number): number {
  const nl = text.indexOf('\n', start);
  return nl < 0 || nl > end ? end : nl;
}

function stepRange(step: Step, text: string): [number, number] | undefined {
  const key = step.key?.range;
  const value = step.value?.range;
  if (key && value) {
    // key and value on one line: mark `key: value`; a block value: mark the key line.
    return [key[0], firstLineEnd(text, key[0], value[1])];
  }
  if (key) return [key[0], key[1]];
  if (value) return [value[0], firstLineEnd(text, value[0], value[1])];
  return undefined;
}

/** The range of the key and value at `segments` (or its deepest existing parent). */
export function locateSegments(doc: Document, lineCounter: LineCounter, text: string, segments: readonly PathSegment[]): PathLocation {
  const steps = walk(doc, segments);
  for (let i = steps.length - 1; i >= 0; i--) {
    const r = stepRange(steps[i], text);
    if (r) return { range: offsetsToRange(lineCounter, r[0], r[1]), resolved: steps.length, exact: steps.length === segments.length };
  }
  const root = doc.contents?.range;
  const range = root ? offsetsToRange(lineCounter, root[0], firstLineEnd(text, root[0], root[1])) : DOCUMENT_START;
  return { range, resolved: 0, exact: segments.length === 0 };
}

/**
 * The server reports the cluster IP as `spec.clusterIPs[0]` even when the text only sets the singular
 * `spec.clusterIP` (the server copies it over): point at what the user wrote.
 */
function singularFallback(segments: readonly PathSegment[]): PathSegment[] | undefined {
  if (segments[0] === 'spec' && segments[1] === 'clusterIPs' && (segments[2] === 0 || segments.length === 2)) return ['spec', 'clusterIP'];
  if (segments[0] === 'spec' && segments[1] === 'ipFamilies') return ['spec', 'ipFamilyPolicy'];
  return undefined;
}

/** A field path as the API server or lib/service reports it (`spec.ports[1].targetPort`) → its range. */
export function locateField(doc: Document, lineCounter: LineCounter, text: string, field: string): PathLocation {
  const segments = serviceErrorLocation(field);
  const loc = locateSegments(doc, lineCounter, text, segments);
  const alt = loc.exact ? undefined : singularFallback(segments);
  if (alt) {
    const other = locateSegments(doc, lineCounter, text, alt);
    if (other.exact) return other;
  }
  return loc;
}

