/**
 * Editing a Service's labels or annotations in place: the rows the editor holds, their checks with
 * the API server's own rules and texts (lib/k8s/validation through the Service rules), and the JSON
 * merge patch that saves them (removals as null, metadata.resourceVersion as the precondition).
 * Pure, browser-safe.
 */
import { formatFieldError, type FieldError } from '../k8s/field-errors';
import type { Service } from '../k8s/types';
import { validateAnnotations, validateLabelName, validateLabels } from '../k8s/validation/meta-maps';
import { checkServiceDraft } from '../service/draft';

export type MetaMapName = 'labels' | 'annotations';

export interface MetaRow {
  /** Stable identity of the row while its key is edited. */
  id: number;
  key: string;
  value: string;
}

export type StringMap = Record<string, string>;

let nextRowId = 1;
export function newRow(key = '', value = ''): MetaRow {
  return { id: nextRowId++, key, value };
}

/** The rows of a map, sorted by key (the order the detail page lists them). */
export function rowsFromMap(map: Readonly<StringMap> | undefined): MetaRow[] {
  return Object.keys(map ?? {})
    .sort()
    .map((k) => newRow(k, (map ?? {})[k]));
}

/** A row with neither key nor value is a blank line, not an entry. */
export const isBlankRow = (r: MetaRow): boolean => r.key === '' && r.value === '';

/** The map the rows describe (blank rows dropped). */
export function mapFromRows(rows: readonly MetaRow[]): StringMap {
  const map: StringMap = {};
  for (const r of rows) if (!isBlankRow(r)) map[r.key] = r.value;
  return map;
}

export interface RowProblems {
  /** Messages about the key, as the API server prints them. */
  key: string[];
  /** Messages about the value. */
  value: string[];
}

export interface MetaCheck {
  /** Per row id. */
  rows: Map<number, RowProblems>;
  /** Problems of the whole map (total annotation size, annotations that must agree). */
  map: string[];
  valid: boolean;
}

const pathOf = (which: MetaMapName) => `metadata.${which}`;

function rowProblems(which: MetaMapName, r: MetaRow): RowProblems {
  const path = pathOf(which);
  if (which === 'labels') {
    // validateLabels reports the key's problems first, then the value's.
    const keyErrs = validateLabelName(r.key, path);
    const all = validateLabels({ [r.key]: r.value }, path);
    return { key: keyErrs.map(formatFieldError), value: all.slice(keyErrs.length).map(formatFieldError) };
  }
  return { key: validateAnnotations({ [r.key]: '' }, path).map(formatFieldError), value: [] };
}

/**
 * Checks the edited rows: each row with the API server's key and value rules, duplicate keys, and
 * the whole Service with the new map through the Service rules (an update of `service`), so
 * whole-map rules (annotation size, topology annotations) show with the server's text too.
 */
export function checkMetaRows(which: MetaMapName, rows: readonly MetaRow[], service: Service): MetaCheck {
  const out = new Map<number, RowProblems>();
  const seen = new Map<string, number>();
  const rowMessages = new Set<string>();
  let valid = true;
  for (const r of rows) {
    if (isBlankRow(r)) continue;
    const p = rowProblems(which, r);
    if (seen.has(r.key)) p.key.push(`${pathOf(which)}: Duplicate value: ${JSON.stringify(r.key)}: the key is already set above`);
    seen.set(r.key, r.id);
    for (const m of [...p.key, ...p.value]) rowMessages.add(m);
    if (p.key.length || p.value.length) valid = false;
    out.set(r.id, p);
  }
  const draft: Service = { ...service, metadata: { ...service.metadata, [which]: mapFromRows(rows) } };
  const whole = checkServiceDraft(draft, service)
    .errors.filter((e: FieldError) => e.field === pathOf(which) || e.field.startsWith(`${pathOf(which)}[`))
    .map(formatFieldError)
    .filter((m) => !rowMessages.has(m));
  const map = [...new Set(whole)];
  if (map.length) valid = false;
  return { rows: out, map, valid };
}

/** Keys whose value differs between two maps (added, changed or removed). */
export function changedKeys(a: Readonly<StringMap> | undefined, b: Readonly<StringMap> | undefined): string[] {
  const x = a ?? {};
  const y = b ?? {};
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].filter((k) => x[k] !== y[k]).sort();
}

export interface MetadataMergePatch {
  metadata: { resourceVersion: string } & Partial<Record<MetaMapName, Record<string, string | null>>>;
}

/**
 * The JSON merge patch from `base` (the map the edit started from) to `edited`: changed and added
 * keys with their value, removed keys as null, and `resourceVersion` so a Service changed meanwhile
 * answers 409 Conflict instead of being overwritten. Undefined when nothing changed.
 */
export function metadataMergePatch(
  which: MetaMapName,
  base: Readonly<StringMap> | undefined,
  edited: Readonly<StringMap>,
  resourceVersion: string,
): MetadataMergePatch | undefined {
  const keys = changedKeys(base, edited);
  if (keys.length === 0) return undefined;
  const change: Record<string, string | null> = {};
  for (const k of keys) change[k] = k in edited ? edited[k] : null;
  return { metadata: { resourceVersion, [which]: change } };
}
