'use client';
/**
 * Everything the Service list page derives from the cluster: live Services + EndpointSlices → rows →
 * search/type filter → sort. Components get rows and state, never URLs or query keys.
 */
import { startTransition, useEffect, useMemo, useState } from 'react';
import type { Status } from '../k8s/types';
import { countEndpoints, serviceKey, slicesByService } from '../service-list/endpoint-counts';
import { createFirstScreenTracker, FIRST_SCREEN_MIN_SERVICES, isDefaultOrder } from '../service-list/first-screen';
import { createRowBuilder, type ServiceRow } from '../service-list/rows';
import { filterAndCount } from '../service-list/search';
import { createRowSorter } from '../service-list/sort';
import { firstRowsServices, type FirstRows } from '../service-list/first-rows';
import { serializeViewState, type ListViewState } from '../service-list/url-state';
import type { DisplayType } from '../service/display';
import { useEndpointSliceList } from './endpointslices';
import { StatusError } from './fetch-json';
import { useServiceList } from './services';
import { warmRows } from './warm-rows';

export interface ServiceListModel {
  /** undefined until the first list arrived. */
  rows: ServiceRow[] | undefined;
  /** How many Services the search and filters let through (the first screen shows only a part of them). */
  shown: number | undefined;
  total: number;
  typeCounts: Record<DisplayType, number>;
  /** Rows (after search and type filter) the diagnosis rules flag; undefined until endpoints are known. */
  attentionCount?: number;
  loading: boolean;
  /** The list is still streaming in: `total` counts the Services received so far. */
  loadingMore: boolean;
  /** Endpoint counts are not known yet (the EndpointSlices are still loading). */
  endpointsLoading: boolean;
  /** While they load: the Services whose endpoints are known all the same (the page's HTML carried their EndpointSlices). */
  endpointsKnown?: ReadonlySet<string>;
  /** Set when the list could not be loaded (and there is no data to show). */
  error?: Status;
  /** Set when loading failed but earlier data is still shown. */
  refreshError?: Status;
  endpointsError?: Status;
}

const EMPTY_COUNTS: Record<DisplayType, number> = { ClusterIP: 0, Headless: 0, NodePort: 0, LoadBalancer: 0, ExternalName: 0 };

function statusOf(err: unknown): Status | undefined {
  if (!err) return undefined;
  if (err instanceof StatusError) return err.status;
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: String(err), code: 0 };
}

/**
 * `first`: the rows the page's HTML carried (lib/server/first-rows.ts). A whole list becomes the list
 * (no request); the first rows of a long one are shown, with the server's counts, until the browser's
 * own list is complete — the same rows, so nothing moves or flashes when it takes over.
 */
export function useServiceListModel(view: ListViewState, first?: FirstRows): ServiceListModel {
  const [carried] = useState(() => (first && first.namespace === view.namespace ? { first, items: firstRowsServices(first) } : undefined));
  const whole = carried?.first.complete && carried.first.namespace === view.namespace ? carried : undefined;
  const services = useServiceList(view.namespace, whole ? { resourceVersion: whole.first.rows.resourceVersion, items: whole.items } : undefined);
  // The browser's own stream takes over once it holds as many Services as the HTML carried (a cold
  // server sends only the API server's first page; the stream soon has more, and search covers them).
  const overtaken = carried?.first.partial === true && services.progress !== undefined && (services.items?.length ?? 0) >= carried.items.length;
  const candidate = carried && !carried.first.complete && !overtaken && carried.first.view === serializeViewState(view) ? carried : undefined;
  const listed = services.query.data !== undefined;
  // Services first: the slices list is as large, and the rows must not wait for it (nor compete with
  // a Service list still streaming in).
  const slices = useEndpointSliceList(view.namespace, { enabled: listed });
  // Until the browser's own EndpointSlices are in, those the HTML carried for its first rows: their
  // endpoints and attention marks stand as the server rendered them (and the browser's agree).
  const carriedSlices = carried?.first.slices;
  const knownSlices = slices.items ?? carriedSlices;
  const counts = useMemo(() => countEndpoints(knownSlices ?? []), [knownSlices]);
  const byService = useMemo(() => (knownSlices ? slicesByService(knownSlices) : undefined), [knownSlices]);
  const [endpointsCarried] = useState(() => (carried && carriedSlices ? new Set(carried.items.map((svc) => serviceKey(svc.metadata.namespace, svc.metadata.name))) : undefined));
  const [buildRows] = useState(createRowBuilder);
  // The server's first rows stand until the browser's list is complete (not its partial stream)…
  const waiting = candidate !== undefined && !listed;
  const items = waiting ? undefined : services.items;
  const streaming = !waiting && services.progress !== undefined;
  // A cold page with a large list (or one still streaming in) paints the first screen first, builds
  // the rows slice by slice between frames (warmRows), and shows the whole list once all are built.
  const [built, setBuilt] = useState(() => items !== undefined && !streaming);
  // …and built: the first screen is on the page already, no preview of the same rows comes between.
  const server = candidate && (!listed || !built) ? candidate : undefined;
  const preview = !server && !built && items !== undefined && (streaming || items.length >= FIRST_SCREEN_MIN_SERVICES) && isDefaultOrder(view);
  useEffect(() => {
    if (built || !items) return;
    // A transition: the switch to the whole list (sort, filter, the table's rows) renders in slices.
    const stop = warmRows(buildRows, items, counts, byService, () => {
      if (!streaming) startTransition(() => setBuilt(true));
    });
    return stop;
  }, [built, items, streaming, counts, byService, buildRows]);
  const [firstScreen] = useState(createFirstScreenTracker);
  const firstRows = useMemo(() => (preview && items ? firstScreen(items, counts) : undefined), [preview, items, counts, firstScreen]);
  const all = useMemo(() => (items && !preview && !server ? { rows: buildRows(items, counts, byService) } : undefined), [items, counts, byService, buildRows, preview, server]);
  // No useDeferredValue: filtering the pre-sorted rows takes a few ms, and deferring would cost a frame.
  const q = view.q;
  // Sort once per data/sort change; a keystroke only filters the sorted rows (order is kept) and,
  // with no column chosen, moves the best name matches to the top (a linear partition, no sort).
  const sortKey = view.sort ?? 'name';
  const dir = view.sort ? view.dir : 'asc';
  const [sortRows] = useState(createRowSorter);
  const sorted = useMemo(() => (all ? sortRows(all.rows, sortKey, dir) : undefined), [all, sortKey, dir, sortRows]);
  const rank = view.sort === undefined;
  const filtered = useMemo(() => (sorted ? filterAndCount(sorted, q, view.types, view.attention, rank) : undefined), [sorted, q, view.types, view.attention, rank]);
  const serverRows = useMemo(
    () => (server ? filterAndCount(sortRows(buildRows(server.items, counts, byService), sortKey, dir), q, view.types, false, rank).rows : undefined),
    [server, counts, byService, buildRows, sortRows, sortKey, dir, q, view.types, rank],
  );
  const rows = filtered?.rows ?? firstRows?.rows ?? serverRows;
  const typeCounts = filtered?.counts ?? firstRows?.typeCounts ?? server?.first.typeCounts ?? EMPTY_COUNTS;
  // While TanStack retries, the error is only in failureReason: show it rather than an endless skeleton.
  const err = statusOf(services.query.error ?? services.query.failureReason) ?? services.watchFailure;
  const total = items?.length ?? server?.first.total ?? 0;
  return {
    rows,
    shown: server ? server.first.shown : firstRows ? total : rows?.length,
    total,
    typeCounts,
    attentionCount: slices.items === undefined ? undefined : filtered?.attention,
    loading: services.query.isPending && !server,
    loadingMore: streaming || (server?.first.partial ?? false),
    endpointsLoading: slices.items === undefined,
    endpointsKnown: slices.items === undefined ? endpointsCarried : undefined,
    error: rows ? undefined : err,
    refreshError: rows ? err : undefined,
    endpointsError: statusOf(slices.query.error) ?? slices.watchFailure,
  };
}
