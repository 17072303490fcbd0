/**
 * Search over the Service list: whitespace-separated terms, every one must match. A plain term must
 * occur (case-insensitive) in the row's name, namespace, type, labels, IPs, external addresses, ports
 * or selector; a `key=value` (or `key==value`) term matches a label or selector entry exactly, and
 * `key!=value` a Service whose label `key` is absent or different (label-selector syntax). Pure.
 */
import type { DisplayType } from './format';
import type { ServiceRow } from './rows';

export function searchTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t.length > 0);
}

// A value is required: `app=` while typing stays a substring search.
const LABEL_TERM = /^([^=!\s]+)(==|=|!=)([^=!\s]+)$/;

/** True when a `key=value` / `key!=value` term holds for the row (exact, case-sensitive as labels are). */
function matchesLabelTerm(row: ServiceRow, key: string, op: string, value: string): boolean {
  const labels = row.service.metadata.labels ?? {};
  if (op === '!=') return labels[key] !== value;
  return labels[key] === value || row.service.spec?.selector?.[key] === value;
}

/** Terms of a query: label terms keep their case (label keys and values are case-sensitive). */
function parseQuery(query: string): { text: string; label?: [string, string, string] }[] {
  return query
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .map((t) => {
      const m = LABEL_TERM.exec(t);
      return m ? { text: t.toLowerCase(), label: [m[1], m[2], m[3]] } : { text: t.toLowerCase() };
    });
}

type Term = ReturnType<typeof parseQuery>[number];

function matchesParsed(row: ServiceRow, terms: readonly Term[]): boolean {
  for (const t of terms) {
    if (t.label ? !matchesLabelTerm(row, t.label[0], t.label[1], t.label[2]) : !row.search.includes(t.text)) return false;
  }
  return true;
}

export function matchesTerms(row: ServiceRow, terms: readonly string[]): boolean {
  return matchesParsed(row, parseQuery(terms.join(' ')));
}

export function filterRows(rows: readonly ServiceRow[], query: string, types: readonly DisplayType[]): ServiceRow[] {
  const terms = parseQuery(query);
  const typeSet = types.length ? new Set(types) : undefined;
  if (!terms.length && !typeSet) return rows.slice();
  const out: ServiceRow[] = [];
  for (const row of rows) {
    if (typeSet && !typeSet.has(row.type)) continue;
    if (terms.length && !matchesParsed(row, terms)) continue;
    out.push(row);
  }
  return out;
}

/**
 * Everything at once, in one pass over the rows: the filtered rows, the per-type counts (after the
 * search and the attention filter, before the type filter) and how many rows need attention (after
 * the search and the type filter).
 */
export function filterAndCount(
  rows: readonly ServiceRow[],
  query: string,
  types: readonly DisplayType[],
  attentionOnly = false,
): { rows: ServiceRow[]; counts: Record<DisplayType, number>; attention: number } {
  const terms = parseQuery(query);
  const typeSet = types.length ? new Set(types) : undefined;
  const counts: Record<DisplayType, number> = { ClusterIP: 0, Headless: 0, NodePort: 0, LoadBalancer: 0, ExternalName: 0 };
  let attention = 0;
  const out: ServiceRow[] = [];
  for (const row of rows) {
    if (terms.length && !matchesParsed(row, terms)) continue;
    const typeOk = !typeSet || typeSet.has(row.type);
    if (typeOk && row.attention) attention++;
    if (attentionOnly && !row.attention) continue;
    counts[row.type]++;
    if (typeOk) out.push(row);
  }
  return { rows: out, counts, attention };
}

/** How many rows of each type (for the type filter's counts), after the search but before the type filter. */
export function countByType(rows: readonly ServiceRow[], query: string): Record<DisplayType, number> {
  const counts: Record<DisplayType, number> = { ClusterIP: 0, Headless: 0, NodePort: 0, LoadBalancer: 0, ExternalName: 0 };
  const terms = parseQuery(query);
  for (const row of rows) if (!terms.length || matchesParsed(row, terms)) counts[row.type]++;
  return counts;
}
