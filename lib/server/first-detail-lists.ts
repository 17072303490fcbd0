import 'server-only';
import type { Endpoints, EndpointSlice, Event, KubeList, KubeObject, Node, Pod } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import type { DetailLists } from '../live/detail-lists';
import { withinFirstHtmlWait } from './first-html-wait';
import type { RequestIdentity } from './identity';
import { endpointSlices, endpoints, events, nodes, pods } from './operations';
import { readTextUpTo, type UpstreamResponse } from './upstream';

/**
 * The most of one list a page's HTML carries (the JSON as the API server sent it). A bigger list (a
 * namespace of thousands of pods, nodes with long image lists) is left to the browser: the HTML must
 * stay small on a slow link.
 */
export const FIRST_HTML_LIST_BYTES = 256 * 1024;

/** A 200 answer's JSON when it is at most FIRST_HTML_LIST_BYTES; anything else (refusal, too big) undefined. */
async function smallOkBody<T>(res: UpstreamResponse): Promise<T | undefined> {
  if (res.status !== 200) {
    res.body.resume();
    return undefined;
  }
  const text = await readTextUpTo(res.body, FIRST_HTML_LIST_BYTES);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

/**
 * A list as the browser's fetchSnapshot makes it: a 200 answer of at most FIRST_HTML_LIST_BYTES, else
 * undefined. Without the items' managedFields: no page reads them of a listed object (the Service's
 * own are read from the Service), and they would be most of the HTML's lists (nodes, pods, namespaces);
 * the watch's later events carry whole objects.
 */
export async function smallListSnapshot<T extends KubeObject>(request: Promise<UpstreamResponse>): Promise<ListSnapshot<T> | undefined> {
  const list = await smallOkBody<KubeList<T>>(await request);
  if (!list || !Array.isArray(list.items)) return undefined;
  for (const item of list.items) delete item.metadata?.managedFields;
  return { resourceVersion: list.metadata?.resourceVersion ?? '', items: list.items };
}

/** The Endpoints object as the browser's live hook holds it: one item, or none for a 404. */
async function endpointsSnapshot(request: Promise<UpstreamResponse>): Promise<ListSnapshot<Endpoints> | undefined> {
  const res = await request;
  if (res.status === 404) {
    res.body.resume();
    return { resourceVersion: '', items: [] };
  }
  const obj = await smallOkBody<Endpoints>(res);
  if (!obj) return undefined;
  delete obj.metadata?.managedFields;
  return { resourceVersion: obj.metadata?.resourceVersion ?? '', items: [obj] };
}

/**
 * What the detail page's first screen needs besides the Service (the diagnosis's inputs), read as the
 * page's identity with the same allowlisted requests the browser's hooks make, in parallel, each within
 * the first-HTML wait. Each list the API server refuses, that is too big, or that is slow is absent:
 * the browser then asks for it (and shows a refusal) as before.
 */
export async function firstDetailLists(identity: RequestIdentity, namespace: string, name: string, requestSignal?: AbortSignal): Promise<DetailLists> {
  const kc = identity.kubeConfig;
  const carried = <T,>(work: (signal: AbortSignal) => Promise<T | undefined>) => withinFirstHtmlWait(work, requestSignal);
  const [podList, slices, legacy, eventList, nodeList] = await Promise.all([
    carried((signal) => smallListSnapshot<Pod>(pods.list(kc, { namespace, signal }))),
    carried((signal) => smallListSnapshot<EndpointSlice>(endpointSlices.list(kc, { namespace, serviceName: name, signal }))),
    carried((signal) => endpointsSnapshot(endpoints.get(kc, namespace, name, signal))),
    carried((signal) => smallListSnapshot<Event>(events.list(kc, { namespace, involved: { kind: 'Service', name }, signal }))),
    carried((signal) => smallListSnapshot<Node>(nodes.list(kc, { signal }))),
  ]);
  return { pods: podList, endpointSlices: slices, endpoints: legacy, events: eventList, nodes: nodeList };
}
