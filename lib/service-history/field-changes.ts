/**
 * What changed between two versions of a Service, as field paths with old → new values, and the
 * timeline's one-line summary. Server noise is left out: metadata.managedFields, resourceVersion,
 * generation, creationTimestamp, uid, selfLink, the whole status, and kubectl's
 * last-applied-configuration annotation (a copy of the applied spec: its fields are diffed already).
 * The recorder keeps them in the stored object; the diff is about what someone changed. Browser-safe: the UI diffs any two versions
 * with the same function.
 */
import type { Service } from '../k8s/types';
import type { FieldChange } from './history-types';

const NOISE_METADATA = new Set(['managedFields', 'resourceVersion', 'generation', 'creationTimestamp', 'uid', 'selfLink']);
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `a.b`, `a["x.y/z"]` for keys that are not plain identifiers (label and annotation keys). */
function childPath(parent: string, key: string): string {
  const plain = /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key);
  const part = plain ? key : `[${JSON.stringify(key)}]`;
  if (!parent) return part;
  return plain ? `${parent}.${part}` : `${parent}${part}`;
}

function walk(path: string, a: Json, b: Json, out: FieldChange[]): void {
  if (a === b) return;
  // A map that appears or goes (the first label) reads as its keys, not as one value.
  if ((isObject(a) || a === undefined) && (isObject(b) || b === undefined)) {
    const from = a ?? {};
    const to = b ?? {};
    const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
    for (const k of [...keys].sort()) walk(childPath(path, k), from[k], to[k], out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) walk(`${path}[${i}]`, a[i], b[i], out);
    return;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  const change: FieldChange = { path };
  if (a !== undefined) change.old = a;
  if (b !== undefined) change.new = b;
  out.push(change);
}

/** The Service without what the server changes on its own (see the module comment). */
function meaningful(svc: Service | undefined): Record<string, Json> {
  if (!svc) return {};
  const metadata: Record<string, Json> = {};
  for (const [k, v] of Object.entries(svc.metadata ?? {})) if (!NOISE_METADATA.has(k)) metadata[k] = v;
  const annotations = svc.metadata?.annotations;
  if (annotations && LAST_APPLIED in annotations) {
    const { [LAST_APPLIED]: _applied, ...rest } = annotations;
    metadata.annotations = Object.keys(rest).length > 0 ? rest : undefined;
  }
  const out: Record<string, Json> = { metadata };
  for (const [k, v] of Object.entries(svc)) if (k !== 'metadata' && k !== 'status' && k !== 'apiVersion' && k !== 'kind') out[k] = v;
  return out;
}

/** Field changes from `before` to `after`, in path order. */
export function fieldChanges(before: Service | undefined, after: Service | undefined): FieldChange[] {
  const out: FieldChange[] = [];
  walk('', meaningful(before), meaningful(after), out);
  return out;
}

function shown(v: unknown): string {
  if (v === undefined) return '(none)';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** One line: "spec.ports[0].targetPort 8080 → 8081", "3 fields changed", or what `fallback` says. */
export function changeSummary(changes: readonly FieldChange[], fallback: string): string {
  if (changes.length === 0) return fallback;
  if (changes.length === 1) {
    const [c] = changes;
    return `${c.path} ${shown(c.old)} → ${shown(c.new)}`;
  }
  return `${changes.length} fields changed`;
}
