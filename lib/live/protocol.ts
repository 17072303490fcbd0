/**
 * The wire protocol of Porthole's live-update stream (`/api/watch`): which watches a tab may ask for,
 * how a watch is named in the URL, and the server-sent events the stream carries. Pure and shared by
 * the route handler (server) and the connection manager (browser).
 */
import type { KubeObject, Status, WatchEventType } from '../k8s/types';
import { isDNS1123Label } from '../k8s/validation/names';

/** Every resource the stream can watch. Anything else is refused. */
export const WATCHABLE_RESOURCES = ['services', 'endpointslices', 'endpoints', 'pods', 'events', 'namespaces', 'nodes'] as const;
export type WatchableResource = (typeof WATCHABLE_RESOURCES)[number];

export const CLUSTER_SCOPED: ReadonlySet<WatchableResource> = new Set<WatchableResource>(['namespaces', 'nodes']);

/** One watch: a resource in one namespace (or all), optionally narrowed by label/field selectors. */
export interface WatchSpec {
  resource: WatchableResource;
  /** undefined = all namespaces (and the only choice for cluster-scoped resources). */
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /**
   * 'rows': the Service list's projection (lib/service-list/projection.ts) instead of whole objects,
   * for the list and its events alike. Part of the watch id, so it is never cached under the key of
   * whole objects.
   */
  view?: WatchView;
}

export type WatchView = 'rows';
/** Which resources have which projections. */
const VIEWS: Partial<Record<WatchableResource, readonly WatchView[]>> = { services: ['rows'] };

const MAX_SELECTOR = 1024;

export function isWatchableResource(value: string): value is WatchableResource {
  return (WATCHABLE_RESOURCES as readonly string[]).includes(value);
}

/** A namespace's name is a DNS-1123 label (apimachinery ValidateNamespaceName). */
export function isValidNamespaceName(value: string): boolean {
  return isDNS1123Label(value).length === 0;
}

/** `services:all`, `services:all:v=rows`, `pods:demo:l=app%3Dweb`, `events:demo:f=involvedObject.name%3Dweb`. */
export function watchId(spec: WatchSpec): string {
  let id = `${spec.resource}:${spec.namespace ?? 'all'}`;
  if (spec.labelSelector) id += `:l=${encodeURIComponent(spec.labelSelector)}`;
  if (spec.fieldSelector) id += `:f=${encodeURIComponent(spec.fieldSelector)}`;
  if (spec.view) id += `:v=${spec.view}`;
  return id;
}

/** Parses a watch id; undefined when it names anything outside the allowlist or is malformed. */
export function parseWatchId(id: string): WatchSpec | undefined {
  const parts = id.split(':');
  if (parts.length < 2 || parts.length > 5) return undefined;
  const [resource, namespace, ...rest] = parts;
  if (!isWatchableResource(resource)) return undefined;
  const spec: WatchSpec = { resource };
  if (namespace !== 'all') {
    if (CLUSTER_SCOPED.has(resource) || !isValidNamespaceName(namespace)) return undefined;
    spec.namespace = namespace;
  }
  for (const part of rest) {
    const kind = part.slice(0, 2);
    let value: string;
    try {
      value = decodeURIComponent(part.slice(2));
    } catch {
      return undefined;
    }
    if (!value || value.length > MAX_SELECTOR) return undefined;
    if (kind === 'l=' && spec.labelSelector === undefined) spec.labelSelector = value;
    else if (kind === 'f=' && spec.fieldSelector === undefined) spec.fieldSelector = value;
    else if (kind === 'v=' && spec.view === undefined && VIEWS[resource]?.includes(value as WatchView)) spec.view = value as WatchView;
    else return undefined;
  }
  return spec;
}

/** A `watch` query value: the id, optionally `@<resourceVersion>` to resume from. */
export function encodeWatchParam(id: string, resourceVersion?: string): string {
  return resourceVersion ? `${id}@${resourceVersion}` : id;
}

export function parseWatchParam(value: string): { spec: WatchSpec; id: string; resourceVersion?: string } | undefined {
  const at = value.lastIndexOf('@');
  const id = at >= 0 ? value.slice(0, at) : value;
  const rv = at >= 0 ? value.slice(at + 1) : undefined;
  if (rv !== undefined && !/^[0-9A-Za-z._-]{1,64}$/.test(rv)) return undefined;
  const spec = parseWatchId(id);
  if (!spec) return undefined;
  return rv ? { spec, id: watchId(spec), resourceVersion: rv } : { spec, id: watchId(spec) };
}

export const MAX_WATCHES_PER_STREAM = 16;

/** Upstream state of one watch as the server sees it. */
export type UpstreamState = 'live' | 'reconnecting' | 'stale';

/** A list snapshot as the browser keeps it in the query cache. */
export interface ListSnapshot<T extends KubeObject = KubeObject> {
  resourceVersion: string;
  items: T[];
}

/** Server-sent events, by SSE event name. */
export interface StreamEvents {
  /** A full list: the first state of a watch started without a resourceVersion, or after 410 Gone. */
  resync: { id: string; list: ListSnapshot };
  /** ADDED / MODIFIED / DELETED, in order. */
  change: { id: string; type: Exclude<WatchEventType, 'BOOKMARK' | 'ERROR'>; object: KubeObject };
  /** The watch's resourceVersion moved on without a change the browser must apply. */
  bookmark: { id: string; resourceVersion: string };
  /** The upstream watch's state changed (e.g. API server unreachable → stale, retrying → reconnecting). */
  state: { id: string; state: UpstreamState; message?: string; retryInMs?: number; since?: number };
  /** An ERROR the watch cannot recover from by relisting (e.g. 403): the Status, intact. */
  failure: { id: string; status: Status };
}
