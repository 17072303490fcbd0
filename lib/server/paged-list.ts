import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import { itemsWithTypeMeta } from '../k8s/list-items';
import type { KubeList, KubeObject, Status } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import { statusFromUpstream } from './errors';
import { readJson, readText, upstream } from './upstream';

/**
 * A list from the API server in pages (`limit` + `continue`), as client-go's pager reads it: no
 * 50 MB body for 50,000 Services, and the first objects are in hand after the first page while the
 * rest arrives. Every page is read at the first page's resourceVersion (the server keeps the
 * snapshot), so the pages together are one consistent list. When the server answers a `continue`
 * with 410 Expired (the first page's resourceVersion left its history while we paged), the list
 * starts over from the first page (`restart` tells the caller to drop what it has).
 */
export const DEFAULT_LIST_PAGE_SIZE = 500;
/** A list restarted this many times in a row (the history moves faster than we page) gives up. */
const MAX_RESTARTS = 5;

export function listPageSize(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.PORTHOLE_LIST_PAGE_SIZE);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_LIST_PAGE_SIZE;
}

export class ListError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
    this.name = 'ListError';
  }
}

export interface ListPage {
  items: KubeObject[];
  /** The list's resourceVersion (the same on every page of one list). */
  resourceVersion: string;
  /** Objects after this page when the server says (no selectors): for progress. */
  remainingItemCount?: number;
  /** More pages follow. */
  more: boolean;
}

export interface PagedListRequest {
  path: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** Objects per page (default: listPageSize()). */
  limit?: number;
}

export interface PageHooks {
  page?(page: ListPage): void | Promise<void>;
  /** The server expired our continue token: everything received so far is void; pages start again. */
  restart?(): void | Promise<void>;
}

/** Lists every page; resolves with the whole list. Throws ListError with the server's Status on a refusal. */
export async function listInPages(kc: KubeConfig, req: PagedListRequest, signal: AbortSignal | undefined, hooks: PageHooks = {}): Promise<ListSnapshot> {
  const limit = req.limit ?? listPageSize();
  let restarts = 0;
  let items: KubeObject[] = [];
  let token: string | undefined;
  for (;;) {
    const res = await upstream(kc, {
      method: 'GET',
      path: req.path,
      query: { labelSelector: req.labelSelector, fieldSelector: req.fieldSelector, limit: String(limit), continue: token },
      signal,
    });
    if (res.status === 410 && token !== undefined && restarts < MAX_RESTARTS) {
      res.body.resume();
      restarts++;
      items = [];
      token = undefined;
      await hooks.restart?.();
      continue;
    }
    if (res.status !== 200) throw new ListError(statusFromUpstream(res.status, await readText(res.body)));
    const list = (await readJson(res.body)) as KubeList;
    const pageItems = itemsWithTypeMeta(list);
    for (const o of pageItems) items.push(o);
    const resourceVersion = list.metadata?.resourceVersion ?? '';
    token = list.metadata?.continue || undefined;
    await hooks.page?.({ items: pageItems, resourceVersion, remainingItemCount: list.metadata?.remainingItemCount, more: token !== undefined });
    if (token === undefined) return { resourceVersion, items };
  }
}
