import 'server-only';
import type { EndpointSlice } from '../k8s/types';
import { firstRowsOf, firstRowsServices, withEndpointSlices, type FirstRows } from '../service-list/first-rows';
import { smallListSnapshot } from './first-detail-lists';
import { endpointSlices } from './operations';
import { RowStreamAssembler, type RowStreamLine } from '../service-list/row-stream';
import { LineSplitter } from '../text/lines';
import { serializeViewState, type ListViewState } from '../service-list/url-state';
import type { ListSnapshot } from '../live/protocol';
import type { ListedService } from '../service-list/projection';
import type { RequestIdentity } from './identity';
import { withinFirstHtmlWait } from './first-html-wait';
import { listPageSize } from './paged-list';
import { positiveInt } from './env-number';
import { serviceRowsResponse } from './service-rows';
import { liveSnapshot } from './watch-hub';

/**
 * The list page's first rows on the server, for the page's identity and cluster, through the same
 * functions `/api/service-rows` answers with (so the same credentials, namespace and refusals apply):
 * from the shared informer's cache when there is one, else the first page the API server lists.
 * Waits at most FIRST_HTML_WAIT_MS: a slow or refusing API server leaves the rows to the browser
 * (undefined), as do refusals and errors.
 */

/** A listing left running after the page is given up after this long. */
const BACKGROUND_LIST_MS = 60_000;
/**
 * The page's reader of the listing reads on to its end this long after taking its first page
 * (PORTHOLE_FIRST_ROWS_RUN_ON_MS), so the listing seeds the informer even when no browser asks for
 * the rest. Until then (or until the browser's request for the rest reads the same listing) the API
 * server's next pages are not fetched (shared-row-listing.ts lists as fast as its readers read): the
 * page's first paint comes first (listing 50,000 Services takes both cores for ~2 s; listed at once,
 * it took the CPU a cold page's HTML needed: 60 ms instead of 38 ms for the HTML at 50,000, the first
 * row ~30 ms later). The API server keeps the paged list's continue token for minutes.
 */
const runOnAfterMs = (): number => positiveInt(process.env.PORTHOLE_FIRST_ROWS_RUN_ON_MS, 250);

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done);
  } catch {
    // the listing failed or was cut: the browser lists for itself
  }
}

/**
 * The first page of the API server's list, read from the scope's one listing (shared-row-listing.ts:
 * a reload, another tab or the browser's request for the rest reads the same one). The page's reader
 * then reads on to the end without the page (at most BACKGROUND_LIST_MS): the end seeds the shared
 * informer, so the next page is answered from the cache instead of listing the API server again.
 */
async function firstPage(
  identity: RequestIdentity,
  namespace: string | undefined,
): Promise<{ items: RowStreamAssembler['items']; resourceVersion: string; partial: boolean; remaining?: number } | undefined> {
  const res = await serviceRowsResponse(identity, namespace, AbortSignal.timeout(BACKGROUND_LIST_MS), true);
  if (!res.ok || !res.body) return undefined;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  const list = new RowStreamAssembler();
  let resourceVersion = '';
  try {
    // One page of the API server's list (or the whole list, when it is shorter).
    while (!list.end && list.items.length < listPageSize()) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const line of lines.push(decoder.decode(value, { stream: true }))) {
        const parsed = JSON.parse(line) as RowStreamLine;
        if (parsed.kind === 'ServiceRowList') resourceVersion = parsed.resourceVersion;
        list.accept(parsed);
      }
    }
  } finally {
    void new Promise((r) => setTimeout(r, runOnAfterMs())).then(() => drain(reader));
  }
  if (list.end) return { items: list.items, resourceVersion: list.end.resourceVersion, partial: false };
  return { items: list.items, resourceVersion, partial: true, remaining: list.remaining };
}

/** The first rows (undefined: the browser loads them) and the clock the page is rendered with. */
export async function firstServiceRows(identity: RequestIdentity | undefined, view: ListViewState, requestSignal?: AbortSignal): Promise<{ now: number; first?: FirstRows }> {
  const now = Date.now();
  return { now, first: identity ? await firstRowsFor(identity, view, requestSignal) : undefined };
}

/** Above this many rows, the HTML leaves their EndpointSlices to the browser unless the server's informer has them. */
const MAX_SELECTED_SERVICES = 100;

/**
 * The EndpointSlices of the first rows' Services: from the informer the list page's tabs keep when
 * there is one, else one request for exactly those Services' slices (a label selector naming them, as
 * the page's identity, within the first-HTML wait, at most FIRST_HTML_LIST_BYTES); else none (the
 * browser shows "…" until its own arrive).
 */
async function withSlices(identity: RequestIdentity, first: FirstRows, namespace: string | undefined, requestSignal?: AbortSignal): Promise<FirstRows> {
  const cached = liveSnapshot(identity, { resource: 'endpointslices', namespace })?.items as EndpointSlice[] | undefined;
  if (cached) return withEndpointSlices(first, cached);
  const names = [...new Set(firstRowsServices(first).map((svc) => svc.metadata.name ?? ''))].filter(Boolean);
  if (names.length === 0 || names.length > MAX_SELECTED_SERVICES) return first;
  const listed = await withinFirstHtmlWait(
    (signal) => smallListSnapshot<EndpointSlice>(endpointSlices.list(identity.kubeConfig, { namespace, serviceNames: names, signal })),
    requestSignal,
  );
  return listed ? withEndpointSlices(first, listed.items) : first;
}

/**
 * First rows computed from the informer's list, per list (its items array stays the same object until
 * a Service changes) and view: picking them from 50,000 Services takes ~9 ms of the server's CPU, and
 * every page of an unchanged list would pick the same ones. At most FIRST_ROWS_KEPT views per list.
 */
const fromCache = new WeakMap<readonly ListedService[], Map<string, FirstRows | undefined>>();
const FIRST_ROWS_KEPT = 8;

function firstRowsOfCached(cached: ListSnapshot<ListedService>, view: ListViewState): FirstRows | undefined {
  let views = fromCache.get(cached.items);
  if (!views) fromCache.set(cached.items, (views = new Map()));
  const key = `${cached.resourceVersion}\n${serializeViewState(view)}`;
  if (views.has(key)) return views.get(key);
  const first = firstRowsOf(cached.items, view, { resourceVersion: cached.resourceVersion, partial: false });
  // The oldest view goes first (a Map iterates in insertion order).
  if (views.size >= FIRST_ROWS_KEPT) views.delete(views.keys().next().value ?? '');
  views.set(key, first);
  return first;
}

async function firstRowsFor(identity: RequestIdentity, view: ListViewState, requestSignal?: AbortSignal): Promise<FirstRows | undefined> {
  if (view.attention) return undefined;
  const cached = liveSnapshot(identity, { resource: 'services', namespace: view.namespace, view: 'rows' }) as ListSnapshot<ListedService> | undefined;
  const page = cached ? undefined : await withinFirstHtmlWait(() => firstPage(identity, view.namespace), requestSignal);
  const first = cached ? firstRowsOfCached(cached, view) : page ? firstRowsOf(page.items, view, page) : undefined;
  return first ? withSlices(identity, first, view.namespace, requestSignal) : undefined;
}
