import 'server-only';
import type { EndpointSlice } from '../k8s/types';
import { firstRowsOf, withEndpointSlices, type FirstRows } from '../service-list/first-rows';
import { LineSplitter, RowStreamAssembler, type RowStreamLine } from '../service-list/row-stream';
import type { ListViewState } from '../service-list/url-state';
import type { RequestIdentity } from './identity';
import { withinFirstHtmlWait } from './first-html-wait';
import { listPageSize } from './paged-list';
import { serviceRowsResponse } from './service-rows';
import { liveSnapshot } from './watch-hub';

/**
 * The list page's first rows on the server, for the page's identity and cluster, through the same
 * functions `/api/service-rows` answers with (so the same credentials, namespace and refusals apply):
 * from the shared informer's cache when there is one, else the first page the API server lists.
 * Waits at most FIRST_HTML_WAIT_MS: a slow or refusing API server leaves the rows to the browser
 * (undefined), as do refusals and errors.
 */

async function firstPage(
  identity: RequestIdentity,
  namespace: string | undefined,
  signal: AbortSignal,
): Promise<{ items: RowStreamAssembler['items']; resourceVersion: string; partial: boolean; remaining?: number } | undefined> {
  const res = await serviceRowsResponse(identity, namespace, signal, true);
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
    // The rest is the browser's: stop listing for the page.
    void reader.cancel().catch(() => undefined);
  }
  if (list.end) return { items: list.items, resourceVersion: list.end.resourceVersion, partial: false };
  return { items: list.items, resourceVersion, partial: true, remaining: list.remaining };
}

/** The first rows (undefined: the browser loads them) and the clock the page is rendered with. */
export async function firstServiceRows(identity: RequestIdentity | undefined, view: ListViewState, requestSignal?: AbortSignal): Promise<{ now: number; first?: FirstRows }> {
  const now = Date.now();
  return { now, first: identity ? await firstRowsFor(identity, view, requestSignal) : undefined };
}

async function firstRowsFor(identity: RequestIdentity, view: ListViewState, requestSignal?: AbortSignal): Promise<FirstRows | undefined> {
  if (view.attention) return undefined;
  const cached = liveSnapshot(identity, { resource: 'services', namespace: view.namespace, view: 'rows' });
  if (cached) {
    const first = firstRowsOf(cached.items, view, { resourceVersion: cached.resourceVersion, partial: false });
    // The EndpointSlices too when the informer the list page's tabs keep has them (no request for them).
    const slices = liveSnapshot(identity, { resource: 'endpointslices', namespace: view.namespace })?.items as EndpointSlice[] | undefined;
    return first && slices ? withEndpointSlices(first, slices) : first;
  }
  const page = await withinFirstHtmlWait((signal) => firstPage(identity, view.namespace, signal), requestSignal);
  return page ? firstRowsOf(page.items, view, page) : undefined;
}
