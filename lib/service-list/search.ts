/**
 * Search over the Service list: whitespace-separated terms, every one must match. Pure.
 *
 * - free text (`web`, `10.96.0.1`, `5432`): occurs (case-insensitive) in the name, namespace, type,
 *   cluster IPs, external addresses, ports, or a label or selector VALUE — never in a label key, so
 *   `kubernetes` does not find every Service labelled `app.kubernetes.io/name`;
 * - `key=value` (or `key==value`): a label or selector entry, exactly (label keys and values are
 *   case-sensitive); `key=` while typing: the Service has the key as a label or selector key;
 * - `key!=value`: the label `key` is absent or different (label-selector syntax);
 * - a bare word that could be a label key (`tier`, `app.kubernetes.io/name`) also matches a Service
 *   HAVING that label; `!key`: a Service LACKING the label.
 *
 * Ranking (`rankRows`): with free text, Services whose name equals a word come first, then names
 * starting with one, then names containing one, then the other matches; each group keeps its order.
 */
import type { DisplayType } from '../service/display';
import type { ServiceRow } from './rows';

export type SearchTerm =
  | { kind: 'text'; text: string; key?: string }
  | { kind: 'eq'; key: string; value: string }
  | { kind: 'ne'; key: string; value: string }
  | { kind: 'hasKey'; key: string }
  | { kind: 'lacks'; key: string };

const LABEL_TERM = /^([^=!\s]+)(==|=|!=)([^=!\s]*)$/;
const LACKS_TERM = /^!([^=!\s]+)$/;
/** What a label key can look like (prefix/name): a bare word of this shape may mean "has the label". */
const KEY_LIKE = /^[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?$/;

/** The terms of a query; an unfinished `key!=` (no value yet) asks nothing. */
export function parseSearch(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const raw of query.split(/\s+/)) {
    if (!raw) continue;
    const lacks = LACKS_TERM.exec(raw);
    if (lacks) {
      terms.push({ kind: 'lacks', key: lacks[1] });
      continue;
    }
    const label = LABEL_TERM.exec(raw);
    if (label) {
      const [, key, op, value] = label;
      if (op === '!=') {
        if (value) terms.push({ kind: 'ne', key, value });
      } else terms.push(value ? { kind: 'eq', key, value } : { kind: 'hasKey', key });
      continue;
    }
    terms.push(KEY_LIKE.test(raw) ? { kind: 'text', text: raw.toLowerCase(), key: raw } : { kind: 'text', text: raw.toLowerCase() });
  }
  return terms;
}

const has = (obj: Record<string, string> | undefined, key: string): boolean => obj !== undefined && Object.prototype.hasOwnProperty.call(obj, key);

function matchesTerm(row: ServiceRow, t: SearchTerm): boolean {
  const labels = row.service.metadata.labels;
  switch (t.kind) {
    case 'text':
      return row.search.includes(t.text) || (t.key !== undefined && has(labels, t.key));
    case 'eq':
      return labels?.[t.key] === t.value || row.service.spec?.selector?.[t.key] === t.value;
    case 'ne':
      return labels?.[t.key] !== t.value;
    case 'hasKey':
      return has(labels, t.key) || has(row.service.spec?.selector, t.key);
    case 'lacks':
      return !has(labels, t.key);
  }
}

export function matchesSearch(row: ServiceRow, terms: readonly SearchTerm[]): boolean {
  for (const t of terms) if (!matchesTerm(row, t)) return false;
  return true;
}

/** The free-text words of a query (lowercased): what ranking looks at. */
export function freeText(terms: readonly SearchTerm[]): string[] {
  const out: string[] = [];
  for (const t of terms) if (t.kind === 'text') out.push(t.text);
  return out;
}

/**
 * 0 = the name equals a word, 1 = starts with one, 2 = contains one, 3 = matched elsewhere. The row's
 * search text starts with its lowercased name and a newline, and words hold no whitespace.
 */
export function nameRank(row: ServiceRow, words: readonly string[]): number {
  let best = 3;
  const n = row.name.length;
  for (const w of words) {
    const at = row.search.indexOf(w);
    if (at < 0 || at + w.length > n) continue;
    const rank = at > 0 ? 2 : w.length === n ? 0 : 1;
    if (rank < best) best = rank;
    if (best === 0) break;
  }
  return best;
}

export function filterRows(rows: readonly ServiceRow[], query: string, types: readonly DisplayType[]): ServiceRow[] {
  return filterAndCount(rows, query, types).rows;
}

const zeroCounts = (): Record<DisplayType, number> => ({ ClusterIP: 0, Headless: 0, NodePort: 0, LoadBalancer: 0, ExternalName: 0 });

/**
 * Everything at once, in one pass over the rows: the filtered rows (ranked by name match when `rank`
 * is set and the query has free text), the per-type counts (after the search and the attention
 * filter, before the type filter) and how many rows need attention (after the search and the type filter).
 */
export function filterAndCount(
  rows: readonly ServiceRow[],
  query: string,
  types: readonly DisplayType[],
  attentionOnly = false,
  rank = false,
): { rows: ServiceRow[]; counts: Record<DisplayType, number>; attention: number } {
  const terms = parseSearch(query);
  const typeSet = types.length ? new Set(types) : undefined;
  const counts = zeroCounts();
  let attention = 0;
  const words = rank ? freeText(terms) : [];
  // One free-text word (the common case while typing): one indexOf per row both matches and ranks it.
  const single = terms.length === 1 && terms[0].kind === 'text' ? terms[0] : undefined;
  const groups: ServiceRow[][] = [[], [], [], []];
  for (const row of rows) {
    let group = 3;
    if (single) {
      const at = row.search.indexOf(single.text);
      if (at < 0 && (single.key === undefined || !has(row.service.metadata.labels, single.key))) continue;
      if (words.length && at >= 0 && at + single.text.length <= row.name.length) group = at > 0 ? 2 : single.text.length === row.name.length ? 0 : 1;
    } else if (terms.length && !matchesSearch(row, terms)) continue;
    else if (words.length) group = nameRank(row, words);
    const typeOk = !typeSet || typeSet.has(row.type);
    if (typeOk && row.attention) attention++;
    if (attentionOnly && !row.attention) continue;
    counts[row.type]++;
    if (typeOk) groups[group].push(row);
  }
  return { rows: words.length ? groups[0].concat(groups[1], groups[2], groups[3]) : groups[3], counts, attention };
}

/** How many rows of each type (for the type filter's counts), after the search but before the type filter. */
export function countByType(rows: readonly ServiceRow[], query: string): Record<DisplayType, number> {
  return filterAndCount(rows, query, []).counts;
}
