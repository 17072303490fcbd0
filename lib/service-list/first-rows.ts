/**
 * The list's first screen as the server puts it into the page's first HTML: the rows the URL's view
 * (search, type chips, sort) shows first, with the count and the type chips' numbers, in the wire
 * form the browser decodes (row-wire.ts). A short list goes whole (`complete`): the browser then takes
 * it as its list and only starts the watch. Endpoint counts are not known on the server (they come
 * from the EndpointSlices the browser loads next), so a view that needs them ("Needs attention") is
 * not rendered on the server. Pure.
 */
import type { EndpointSlice } from '../k8s/types';
import { SERVICE_NAME_LABEL } from '../k8s/well-known-labels';
import type { DisplayType } from '../service/display';
import { serviceKey } from './endpoint-counts';
import { firstScreen, FIRST_SCREEN_ROWS, isDefaultOrder } from './first-screen';
import type { ListedService } from './projection';
import { createRowBuilder } from './rows';
import { decodeServiceRows, encodeServiceRows, type ServiceRowList } from './row-wire';
import { filterAndCount } from './search';
import { createRowSorter } from './sort';
import { serializeViewState, type ListViewState } from './url-state';

/** Lists up to this long go into the HTML whole. */
export const WHOLE_LIST_MAX = 300;

export interface FirstRows {
  /** The view (serialized URL state) these rows are for: a different view does not use them. */
  view: string;
  namespace?: string;
  /** complete: every Service (the list itself); else the first rows of the view. */
  rows: ServiceRowList;
  complete: boolean;
  /** How many Services the view lets through, of `total`. */
  shown: number;
  total: number;
  /** The list was still arriving (a cold server cache: its first page): more Services may come. */
  partial: boolean;
  typeCounts: Record<DisplayType, number>;
  /**
   * The EndpointSlices of the Services in `rows`, when the server's informer holds them: the rows'
   * endpoint counts and "needs attention" marks are in the HTML too, and do not change when the
   * browser's own list of EndpointSlices arrives (withEndpointSlices).
   */
  slices?: EndpointSlice[];
}

/** More EndpointSlices than this for the first rows are left to the browser (the HTML stays small). */
export const MAX_CARRIED_SLICES = 500;

/**
 * `first` with the EndpointSlices of its Services (without managedFields, which no page reads),
 * picked from `all` (the namespace's or the cluster's); unchanged when there are too many.
 */
export function withEndpointSlices(first: FirstRows, all: readonly EndpointSlice[]): FirstRows {
  const keys = new Set(firstRowsServices(first).map((svc) => serviceKey(svc.metadata.namespace, svc.metadata.name)));
  const slices: EndpointSlice[] = [];
  for (const slice of all) {
    const service = slice.metadata.labels?.[SERVICE_NAME_LABEL];
    if (!service || !keys.has(serviceKey(slice.metadata.namespace, service))) continue;
    if (slices.length === MAX_CARRIED_SLICES) return first;
    slices.push({ ...slice, metadata: { ...slice.metadata, managedFields: undefined } });
  }
  return { ...first, slices };
}

const NO_COUNTS = new Map<string, never>();

export function firstRowsOf(items: readonly ListedService[], view: ListViewState, list: { resourceVersion: string; partial: boolean; remaining?: number }): FirstRows | undefined {
  if (view.attention) return undefined;
  const total = items.length + (list.remaining ?? 0);
  const base = { view: serializeViewState(view), namespace: view.namespace, partial: list.partial };
  // As the browser orders them (service-list-view.ts): sorted, then searched and filtered (ranked by name match with no column chosen).
  const inView = () =>
    filterAndCount(createRowSorter()(createRowBuilder()(items, NO_COUNTS), view.sort ?? 'name', view.sort ? view.dir : 'asc'), view.q, view.types, false, view.sort === undefined);
  if (!list.partial && items.length <= WHOLE_LIST_MAX) {
    const filtered = inView();
    return {
      ...base,
      rows: encodeServiceRows({ resourceVersion: list.resourceVersion, items: [...items] }),
      complete: true,
      shown: filtered.rows.length,
      total,
      typeCounts: filtered.counts,
    };
  }
  if (isDefaultOrder(view)) {
    const first = firstScreen(items, NO_COUNTS);
    return {
      ...base,
      rows: encodeServiceRows({ resourceVersion: list.resourceVersion, items: first.rows.map((r) => r.service) }),
      complete: false,
      shown: total,
      total,
      typeCounts: first.typeCounts,
    };
  }
  const filtered = inView();
  const shown = filtered.rows.slice(0, FIRST_SCREEN_ROWS).map((r) => r.service);
  return {
    ...base,
    rows: encodeServiceRows({ resourceVersion: list.resourceVersion, items: shown }),
    complete: false,
    shown: filtered.rows.length,
    total,
    typeCounts: filtered.counts,
  };
}

/** The Services the server sent (decoded once per page). */
export function firstRowsServices(first: FirstRows): ListedService[] {
  return decodeServiceRows(first.rows).items;
}
