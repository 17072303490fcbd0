import 'server-only';
import type { FirstAnswers, ServicePage } from '../contract/first-answers';
import type { Service } from '../k8s/types';
import type { DetailLists } from '../live/detail-lists';
import { firstServicePageAnswers } from './first-answers';
import { firstDetailLists } from './first-detail-lists';
import { withinFirstHtmlWait } from './first-html-wait';
import { headers } from 'next/headers';
import { identityFor, type RequestIdentity } from './identity';
import { requireName, requireNamespace } from './names';
import { pageClusterParam } from './page-cluster';
import { services } from './operations';
import { readJson } from './upstream';

/**
 * One Service for the first HTML of its detail, edit and YAML pages: read as the page's identity with
 * the request `/api/namespaces/NS/services/NAME` makes (so the API server's refusals apply: a user who
 * may not read it gets nothing in the HTML, and the browser shows the refusal as before). Anything but
 * a 200 within FIRST_HTML_WAIT_MS leaves the Service to the browser (undefined).
 */
export async function firstService(identity: RequestIdentity | undefined, namespace: string, name: string, requestSignal?: AbortSignal): Promise<Service | undefined> {
  if (!identity) return undefined;
  return withinFirstHtmlWait(async (signal) => {
    const res = await services.get(identity.kubeConfig, namespace, name, signal);
    if (res.status !== 200) {
      res.body.resume();
      return undefined;
    }
    const svc = (await readJson(res.body)) as Service;
    return svc.kind === 'Service' && svc.metadata?.name === name && svc.metadata.namespace === namespace ? svc : undefined;
  }, requestSignal);
}

/**
 * The Service a page at /services/NS/NAME[/…] renders into its first HTML, read as the request's
 * identity on the page's cluster, and the clock the page is rendered with (ages in the HTML and in
 * the first client render agree), with the answers of the page's app chrome and controls
 * (lib/server/first-answers.ts); the detail page also gets the lists its first screen needs
 * (lib/server/first-detail-lists.ts), kept only with the Service. All read in parallel. Names that are
 * not valid leave everything to the browser.
 */
export async function pageService(page: ServicePage, namespace: string, name: string): Promise<{ now: number; service?: Service; lists?: DetailLists; answers?: FirstAnswers }> {
  const now = Date.now();
  let identity: RequestIdentity | undefined;
  let requestHeaders: Headers;
  let cluster: string | undefined;
  try {
    requireNamespace(namespace);
    requireName(name);
    requestHeaders = await headers();
    cluster = await pageClusterParam();
    identity = identityFor(requestHeaders, cluster);
  } catch {
    return { now };
  }
  const [service, lists, answers] = await Promise.all([
    firstService(identity, namespace, name),
    page === 'detail' ? firstDetailLists(identity, namespace, name) : undefined,
    firstServicePageAnswers(identity, requestHeaders, cluster, page, namespace, name),
  ]);
  return service ? { now, service, lists, answers } : { now, answers };
}
