/**
 * The Service list's view state lives in the URL so a view can be shared and survives reload:
 *   /services?namespace=demo&q=web&type=LoadBalancer,NodePort&sort=age&dir=desc&attention=1
 * Defaults are left out of the URL. With no `sort` chosen the list is in its default order: by name,
 * or — while the search has free text — best name matches first (search.ts rankRows). Pure.
 */
import { DISPLAY_TYPES, type DisplayType } from '../service/display';
import { freeText, parseSearch } from './search';
import { SORT_KEYS, type SortDir, type SortKey } from './sort';

export interface ListViewState {
  /** undefined = all namespaces. */
  namespace?: string;
  q: string;
  types: DisplayType[];
  /** undefined = the default order (no column chosen): name, or best match while searching. */
  sort?: SortKey;
  dir: SortDir;
  /** Only Services the diagnosis rules flag ("Needs attention"). */
  attention?: boolean;
}

export const DEFAULT_VIEW: ListViewState = { q: '', types: [], dir: 'asc' };

/** True when the rows are ranked by how well their name matches the search (no column chosen). */
export function ranksByMatch(state: ListViewState): boolean {
  return state.sort === undefined && freeText(parseSearch(state.q)).length > 0;
}

/** The column the rows are sorted by, as the header shows it; undefined while ranked by match. */
export function shownSort(state: ListViewState): SortKey | undefined {
  if (state.sort) return state.sort;
  return ranksByMatch(state) ? undefined : 'name';
}

const NAMESPACE_RE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

interface ParamsLike {
  get(name: string): string | null;
}

export function parseViewState(params: ParamsLike): ListViewState {
  const ns = params.get('namespace');
  const sort = params.get('sort');
  const dir = params.get('dir');
  const types = (params.get('type') ?? '')
    .split(',')
    .map((t) => DISPLAY_TYPES.find((d) => d.toLowerCase() === t.trim().toLowerCase()))
    .filter((t): t is DisplayType => t !== undefined);
  return {
    namespace: ns && ns.length <= 63 && NAMESPACE_RE.test(ns) ? ns : undefined,
    q: (params.get('q') ?? '').slice(0, 200),
    types: [...new Set(types)],
    ...((SORT_KEYS as readonly string[]).includes(sort ?? '') ? { sort: sort as SortKey } : {}),
    dir: dir === 'desc' ? 'desc' : 'asc',
    ...(params.get('attention') === '1' ? { attention: true } : {}),
  };
}

export function serializeViewState(state: ListViewState): string {
  const p = new URLSearchParams();
  if (state.namespace) p.set('namespace', state.namespace);
  if (state.q) p.set('q', state.q);
  if (state.types.length) p.set('type', state.types.join(','));
  if (state.sort) p.set('sort', state.sort);
  if (state.dir !== DEFAULT_VIEW.dir) p.set('dir', state.dir);
  if (state.attention) p.set('attention', '1');
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Clicking a column header: a new column sorts ascending, the column shown sorted flips direction. */
export function toggleSort(state: ListViewState, key: SortKey): ListViewState {
  if (shownSort(state) === key) return { ...state, sort: key, dir: state.dir === 'asc' ? 'desc' : 'asc' };
  return { ...state, sort: key, dir: 'asc' };
}

export function toggleType(state: ListViewState, type: DisplayType): ListViewState {
  const types = state.types.includes(type) ? state.types.filter((t) => t !== type) : [...state.types, type];
  return { ...state, types: DISPLAY_TYPES.filter((t) => types.includes(t)) };
}
