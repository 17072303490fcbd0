/**
 * Search over the Service list: whitespace-separated terms, every one must occur (case-insensitive)
 * in the row's name, namespace, labels, IPs, external addresses, ports or selector. Pure.
 */
import type { DisplayType } from './format';
import type { ServiceRow } from './rows';

export function searchTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t.length > 0);
}

export function matchesTerms(row: ServiceRow, terms: readonly string[]): boolean {
  for (const t of terms) if (!row.search.includes(t)) return false;
  return true;
}

export function filterRows(rows: readonly ServiceRow[], query: string, types: readonly DisplayType[]): ServiceRow[] {
  const terms = searchTerms(query);
  const typeSet = types.length ? new Set(types) : undefined;
  if (!terms.length && !typeSet) return rows.slice();
  const out: ServiceRow[] = [];
  for (const row of rows) {
    if (typeSet && !typeSet.has(row.type)) continue;
    if (terms.length && !matchesTerms(row, terms)) continue;
    out.push(row);
  }
  return out;
}

/** Both at once, in one pass over the rows: the filtered rows and the per-type counts (search only). */
export function filterAndCount(
  rows: readonly ServiceRow[],
  query: string,
  types: readonly DisplayType[],
): { rows: ServiceRow[]; counts: Record<DisplayType, number> } {
  const terms = searchTerms(query);
  const typeSet = types.length ? new Set(types) : undefined;
  const counts: Record<DisplayType, number> = { ClusterIP: 0, Headless: 0, NodePort: 0, LoadBalancer: 0, ExternalName: 0 };
  const out: ServiceRow[] = [];
  for (const row of rows) {
    if (terms.length && !matchesTerms(row, terms)) continue;
    counts[row.type]++;
    if (!typeSet || typeSet.has(row.type)) out.push(row);
  }
  return { rows: out, counts };
}

/** How many rows of each type (for the type filter's counts), after the search but before the type filter. */
export function countByType(rows: readonly ServiceRow[], query: string): Record<DisplayType, number> {
  const counts: Record<DisplayType, number> = { ClusterIP: 0, Headless: 0, NodePort: 0, LoadBalancer: 0, ExternalName: 0 };
  const terms = searchTerms(query);
  for (const row of rows) if (!terms.length || matchesTerms(row, terms)) counts[row.type]++;
  return counts;
}
