import 'server-only';
import type { IncomingMessage } from 'node:http';
import type { Endpoints, EndpointSlice, Event, KubeList, KubeObject, Node, Pod } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import type { DetailLists } from '../live/detail-lists';
import { withinFirstHtmlWait } from './first-html-wait';
import type { RequestIdentity } from './identity';
import { endpointSlices, endpoints, events, nodes, pods } from './operations';
import type { UpstreamResponse } from './upstream';

/**
 * The most of one list a page's HTML carries (the JSON as the API server sent it). A bigger list (a
 * namespace of thousands of pods, nodes with long image lists) is left to the browser: the HTML must
 * stay small on a slow link.
 */
export const FIRST_HTML_LIST_BYTES = 256 * 1024;

/** The body as text when it is at most `max` bytes; undefined (and the rest not read) when longer. */
async function readCapped(body: IncomingMessage, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > max) {
      body.destroy();
      return undefined;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** A 200 list answer as the browser's fetchSnapshot makes it; anything else (refusal, too big) undefined. */
async function snapshot<T extends KubeObject>(request: Promise<UpstreamResponse>): Promise<ListSnapshot<T> | undefined> {
  const res = await request;
  if (res.status !== 200) {
    res.body.resume();
    return undefined;
  }
  const text = await readCapped(res.body, FIRST_HTML_LIST_BYTES);
  if (text === undefined) return undefined;
  const list = JSON.parse(text) as KubeList<T>;
  return Array.isArray(list.items) ? { resourceVersion: list.metadata?.resourceVersion ?? '', items: list.items } : undefined;
}

/** The Endpoints object as the browser's live hook holds it: one item, or none for a 404. */
async function endpointsSnapshot<T extends KubeObject>(request: Promise<UpstreamResponse>): Promise<ListSnapshot<T> | undefined> {
  const res = await request;
  if (res.status === 404) {
    res.body.resume();
    return { resourceVersion: '', items: [] };
  }
  if (res.status !== 200) {
    res.body.resume();
    return undefined;
  }
  const text = await readCapped(res.body, FIRST_HTML_LIST_BYTES);
  if (text === undefined) return undefined;
  const obj = JSON.parse(text) as T;
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
    carried((signal) => snapshot<Pod>(pods.list(kc, { namespace, signal }))),
    carried((signal) => snapshot<EndpointSlice>(endpointSlices.list(kc, { namespace, serviceName: name, signal }))),
    carried((signal) => endpointsSnapshot<Endpoints>(endpoints.get(kc, namespace, name, signal))),
    carried((signal) => snapshot<Event>(events.list(kc, { namespace, involved: { kind: 'Service', name }, signal }))),
    carried((signal) => snapshot<Node>(nodes.list(kc, signal))),
  ]);
  return { pods: podList, endpointSlices: slices, endpoints: legacy, events: eventList, nodes: nodeList };
}
