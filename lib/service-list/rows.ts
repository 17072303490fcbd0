/**
 * A Service as one row of the list: every column's text precomputed once per Service version, and
 * the lowercased text search matches against. Pure.
 */
import type { EndpointSlice, Service } from '../k8s/types';
import { listAttention, type Attention } from './attention';
import { endpointStatus, type EndpointStatus } from './endpoint-status';
import { serviceKey, type EndpointCount } from './endpoint-counts';
import { naturalKey } from './sort';
import { clusterIPText, externalAddress, portTexts, type ExternalKind } from './format';
import { displayType, selectorText, type DisplayType } from '../service/display';

export interface ServiceRow {
  key: string;
  name: string;
  namespace: string;
  /** naturalKey of name and namespace: what sorting compares. */
  nameKey: string;
  namespaceKey: string;
  type: DisplayType;
  clusterIP: string;
  external: string;
  externalKind: ExternalKind;
  ports: string[];
  selector: string;
  /** undefined: the Service has no selector (its endpoints are managed by hand or it has none). */
  endpoints?: EndpointCount;
  /** What the Endpoints column shows (agrees with the detail page's diagnosis). */
  endpointStatus: EndpointStatus;
  /** Set when the diagnosis rules the list can decide find an error or warning ("Needs attention"). */
  attention?: Attention;
  createdAt: number;
  labels: string[];
  search: string;
  service: Service;
}

export function toServiceRow(
  svc: Service,
  counts: ReadonlyMap<string, EndpointCount>,
  slices?: ReadonlyMap<string, readonly EndpointSlice[]>,
): ServiceRow {
  const name = svc.metadata.name ?? '';
  const namespace = svc.metadata.namespace ?? '';
  const key = serviceKey(namespace, name);
  const ext = externalAddress(svc);
  const ports = portTexts(svc);
  const selector = selectorText(svc);
  const labels = Object.entries(svc.metadata.labels ?? {}).map(([k, v]) => `${k}=${v}`);
  const type = displayType(svc);
  const clusterIP = clusterIPText(svc);
  const portNames = (svc.spec?.ports ?? []).map((p) => p.name ?? '').filter(Boolean);
  const hasSelector = selector !== '' && type !== 'ExternalName';
  const endpoints = hasSelector ? (counts.get(key) ?? { ready: 0, total: 0 }) : counts.get(key);
  // Free text matches values, never label keys (search.ts); the name comes first (ranking relies on it).
  const search = [
    name,
    namespace,
    type,
    svc.spec?.type ?? 'ClusterIP',
    ...Object.values(svc.metadata.labels ?? {}),
    clusterIP,
    ...ext.values,
    ...ports,
    ...portNames,
    ...Object.values(svc.spec?.selector ?? {}),
  ]
    .join('\n')
    .toLowerCase();
  const created = Date.parse(svc.metadata.creationTimestamp ?? '');
  const status = endpointStatus({ type, selector, endpoints, ports, external: ext.text });
  const attention = listAttention(svc, status, slices?.get(key));
  return {
    key,
    name,
    namespace,
    nameKey: naturalKey(name),
    namespaceKey: naturalKey(namespace),
    type,
    clusterIP,
    external: ext.text,
    externalKind: ext.kind,
    ports,
    selector,
    endpoints,
    endpointStatus: status,
    attention,
    createdAt: Number.isNaN(created) ? 0 : created,
    labels,
    search,
    service: svc,
  };
}

/**
 * Rows for a list, reusing the previous row of every Service whose object and endpoint count did not
 * change (events touch one Service at a time; 10,000 rows are not rebuilt per event).
 */
const NO_ENDPOINTS: EndpointCount = { ready: 0, total: 0 };

/** `old` still fits: same Service object and the same endpoint count (a selector with no slices yet: 0/0). */
function reusable(old: ServiceRow | undefined, svc: Service, counts: ReadonlyMap<string, EndpointCount>): old is ServiceRow {
  if (!old || old.service !== svc) return false;
  let count = counts.get(old.key);
  if (!count && old.endpoints) count = NO_ENDPOINTS;
  return old.endpoints?.ready === count?.ready && old.endpoints?.total === count?.total && old.endpoints?.noPorts === count?.noPorts;
}

export function buildRows(
  services: readonly Service[],
  counts: ReadonlyMap<string, EndpointCount>,
  previous?: ReadonlyMap<string, ServiceRow>,
  slices?: ReadonlyMap<string, readonly EndpointSlice[]>,
): { rows: ServiceRow[]; byKey: Map<string, ServiceRow> } {
  const rows: ServiceRow[] = new Array(services.length);
  const byKey = new Map<string, ServiceRow>();
  for (let i = 0; i < services.length; i++) {
    const svc = services[i];
    const key = serviceKey(svc.metadata.namespace, svc.metadata.name);
    const old = previous?.get(key);
    const row = reusable(old, svc, counts) ? old : toServiceRow(svc, counts, slices);
    rows[i] = row;
    byKey.set(key, row);
  }
  return { rows, byKey };
}

/** Builds a list's rows, remembering each row by its Service object, so each call only builds Services that changed. */
export interface RowBuilder {
  (services: readonly Service[], counts: ReadonlyMap<string, EndpointCount>, slices?: ReadonlyMap<string, readonly EndpointSlice[]>): ServiceRow[];
  /**
   * Builds and remembers the rows of some Services ahead of the full call (a list arriving in
   * chunks is built slice by slice between frames; the full call then only collects them).
   */
  warm(services: readonly Service[], counts: ReadonlyMap<string, EndpointCount>, slices?: ReadonlyMap<string, readonly EndpointSlice[]>): void;
}

export function createRowBuilder(): RowBuilder {
  // Keyed by the (immutable) Service object: no key strings to build, and rows go with their Services.
  const cache = new WeakMap<Service, ServiceRow>();
  const rowFor = (svc: Service, counts: ReadonlyMap<string, EndpointCount>, slices?: ReadonlyMap<string, readonly EndpointSlice[]>): ServiceRow => {
    const old = cache.get(svc);
    if (reusable(old, svc, counts)) return old;
    const row = toServiceRow(svc, counts, slices);
    cache.set(svc, row);
    return row;
  };
  const build: RowBuilder = (services, counts, slices) => {
    const rows: ServiceRow[] = new Array(services.length);
    for (let i = 0; i < services.length; i++) rows[i] = rowFor(services[i], counts, slices);
    return rows;
  };
  build.warm = (services, counts, slices) => {
    for (const svc of services) rowFor(svc, counts, slices);
  };
  return build;
}
