/**
 * The first screen of a large list before all of it is processed: when a cold page receives 10,000
 * Services, building every row (texts, endpoint status, attention) and sorting them takes a few
 * hundred milliseconds of main thread. In the default view (no search, no filter, sorted by name)
 * the first rows are simply the first Services by name: one linear pass picks them, only they become
 * rows, they are painted, and the whole list is built right after. Pure.
 */
import type { Service } from '../k8s/types';
import type { EndpointCount } from './endpoint-counts';
import { displayType, type DisplayType } from '../service/display';
import { toServiceRow, type ServiceRow } from './rows';
import { naturalCompare } from './sort';
import type { ListViewState } from './url-state';

/** Below this many Services the whole list is built at once (it is fast enough). */
export const FIRST_SCREEN_MIN_SERVICES = 2000;
/** More rows than any screen shows (44 px rows). */
export const FIRST_SCREEN_ROWS = 80;

/** The default view: the first rows by name are the first rows shown. */
export function isDefaultOrder(view: ListViewState): boolean {
  return (view.sort === undefined || (view.sort === 'name' && view.dir === 'asc')) && view.q.trim() === '' && view.types.length === 0 && !view.attention;
}

const byName = (a: Service, b: Service) =>
  naturalCompare(a.metadata.name ?? '', b.metadata.name ?? '') || naturalCompare(a.metadata.namespace ?? '', b.metadata.namespace ?? '');

/** Puts `svc` into `top` (sorted by name, at most `n`) when it belongs there. O(log n) when it does not. */
function insertTop(top: Service[], svc: Service, n: number): void {
  if (top.length === n && byName(svc, top[n - 1]) >= 0) return;
  let lo = 0;
  let hi = top.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byName(top[mid], svc) <= 0) lo = mid + 1;
    else hi = mid;
  }
  top.splice(lo, 0, svc);
  if (top.length > n) top.pop();
}

/** The first `n` Services by name (as sortRows orders the name column), in one pass: O(items · log n). */
export function firstByName(items: readonly Service[], n: number): Service[] {
  const top: Service[] = [];
  for (const svc of items) insertTop(top, svc, n);
  return top;
}

type TypeCounts = Record<DisplayType, number>;
const zeroTypeCounts = (): TypeCounts => ({ ClusterIP: 0, Headless: 0, NodePort: 0, LoadBalancer: 0, ExternalName: 0 });

export function firstScreen(items: readonly Service[], counts: ReadonlyMap<string, EndpointCount>): { rows: ServiceRow[]; typeCounts: TypeCounts } {
  const typeCounts = zeroTypeCounts();
  for (const svc of items) typeCounts[displayType(svc)]++;
  return { rows: firstByName(items, FIRST_SCREEN_ROWS).map((svc) => toServiceRow(svc, counts)), typeCounts };
}

/**
 * firstScreen for a list that grows by appending (one streaming in): each call looks only at the
 * Services added since the last one, so the first screen follows a 50,000-row stream in O(new rows)
 * per update instead of O(all rows). A list that is not the last one plus more starts over.
 */
export function createFirstScreenTracker(): typeof firstScreen {
  let seen: readonly Service[] = [];
  let top: Service[] = [];
  let typeCounts = zeroTypeCounts();
  return (items, counts) => {
    const appended = items.length >= seen.length && seen.length > 0 && items[0] === seen[0] && items[seen.length - 1] === seen[seen.length - 1];
    if (!appended) {
      seen = [];
      top = [];
      typeCounts = zeroTypeCounts();
    }
    for (let i = seen.length; i < items.length; i++) {
      typeCounts[displayType(items[i])]++;
      insertTop(top, items[i], FIRST_SCREEN_ROWS);
    }
    seen = items;
    return { rows: top.map((svc) => toServiceRow(svc, counts)), typeCounts: { ...typeCounts } };
  };
}
