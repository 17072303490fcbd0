/**
 * One view of "where traffic goes", whether the cluster serves EndpointSlices or only the legacy
 * Endpoints: slices grouped by address type, every endpoint with its conditions, pod, node, zone
 * and ports, and who manages each slice. Pure, browser-safe.
 */
import type { AddressType, EndpointPort, EndpointSlice, Endpoints, Node } from '../k8s/types';
import { SERVICE_NAME_LABEL } from '../k8s/well-known-labels';

export const MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';
export const ENDPOINTSLICE_CONTROLLER = 'endpointslice-controller.k8s.io';
export const ENDPOINTSLICE_MIRRORING_CONTROLLER = 'endpointslicemirroring-controller.k8s.io';
export { SERVICE_NAME_LABEL };

export interface EndpointView {
  addresses: string[];
  addressType: AddressType;
  /** EndpointConditions: ready and serving unset mean true, terminating unset means false. */
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  hostname?: string;
  podName?: string;
  targetKind?: string;
  nodeName?: string;
  zone?: string;
  /** Topology hints: the zones (and nodes) this endpoint should serve. */
  hints?: string[];
  ports: EndpointPort[];
  /** The EndpointSlice (or `Endpoints`) this came from. */
  source: string;
}

export interface SliceView {
  name: string;
  addressType: AddressType;
  /** Value of endpointslice.kubernetes.io/managed-by ('' when absent). */
  managedBy: string;
  /** Managed by the EndpointSlice controller (from the Service's selector). */
  byController: boolean;
  ports: EndpointPort[];
  endpoints: EndpointView[];
}

export interface AddressTypeGroup {
  addressType: AddressType;
  slices: SliceView[];
}

export function sliceView(slice: EndpointSlice): SliceView {
  const name = slice.metadata.name ?? '';
  const ports = slice.ports ?? [];
  const managedBy = slice.metadata.labels?.[MANAGED_BY_LABEL] ?? '';
  return {
    name,
    addressType: slice.addressType,
    managedBy,
    byController: managedBy === ENDPOINTSLICE_CONTROLLER,
    ports,
    endpoints: (slice.endpoints ?? []).map((ep) => ({
      addresses: ep.addresses ?? [],
      addressType: slice.addressType,
      ready: ep.conditions?.ready !== false,
      serving: ep.conditions?.serving ?? ep.conditions?.ready !== false,
      terminating: ep.conditions?.terminating === true,
      hostname: ep.hostname,
      podName: ep.targetRef?.kind === 'Pod' ? ep.targetRef.name : undefined,
      targetKind: ep.targetRef?.kind,
      nodeName: ep.nodeName,
      zone: ep.zone,
      ...(ep.hints ? { hints: [...(ep.hints.forZones ?? []).map((z) => `zone ${z.name}`), ...(ep.hints.forNodes ?? []).map((n) => `node ${n.name}`)] } : {}),
      ports,
      source: name,
    })),
  };
}

const ADDRESS_TYPE_ORDER: AddressType[] = ['IPv4', 'IPv6', 'FQDN'];

/** Slices grouped by address type (IPv4, IPv6, FQDN), each group's slices sorted by name. */
export function groupSlices(slices: readonly EndpointSlice[]): AddressTypeGroup[] {
  const views = slices.map(sliceView).sort((a, b) => a.name.localeCompare(b.name));
  return ADDRESS_TYPE_ORDER.map((addressType) => ({ addressType, slices: views.filter((v) => v.addressType === addressType) })).filter(
    (g) => g.slices.length > 0,
  );
}

function addressTypeOf(ip: string): AddressType {
  return ip.includes(':') ? 'IPv6' : 'IPv4';
}

/** The legacy Endpoints object as endpoint views (addresses are ready, notReadyAddresses are not). */
export function legacyEndpointViews(endpoints: Endpoints | null | undefined): EndpointView[] {
  const out: EndpointView[] = [];
  for (const subset of endpoints?.subsets ?? []) {
    const ports: EndpointPort[] = (subset.ports ?? []).map((p) => ({ name: p.name, port: p.port, protocol: p.protocol, appProtocol: p.appProtocol }));
    const add = (list: typeof subset.addresses, ready: boolean) => {
      for (const a of list ?? []) {
        out.push({
          addresses: [a.ip],
          addressType: addressTypeOf(a.ip),
          ready,
          serving: ready,
          terminating: false,
          hostname: a.hostname,
          podName: a.targetRef?.kind === 'Pod' ? a.targetRef.name : undefined,
          targetKind: a.targetRef?.kind,
          nodeName: a.nodeName,
          ports,
          source: 'Endpoints',
        });
      }
    };
    add(subset.addresses, true);
    add(subset.notReadyAddresses, false);
  }
  return out;
}

/** Legacy Endpoints grouped like slices (one pseudo-slice per address type). */
export function groupLegacyEndpoints(endpoints: Endpoints | null | undefined): AddressTypeGroup[] {
  const views = legacyEndpointViews(endpoints);
  const name = endpoints?.metadata.name ?? '';
  return ADDRESS_TYPE_ORDER.map((addressType) => {
    const eps = views.filter((v) => v.addressType === addressType);
    const ports = eps[0]?.ports ?? [];
    const slice: SliceView = { name, addressType, managedBy: '', byController: false, ports, endpoints: eps };
    return { addressType, slices: eps.length ? [slice] : [] };
  }).filter((g) => g.slices.length > 0);
}

export function allEndpoints(groups: readonly AddressTypeGroup[]): EndpointView[] {
  return groups.flatMap((g) => g.slices.flatMap((s) => s.endpoints));
}

export interface EndpointCounts {
  ready: number;
  serving: number;
  terminating: number;
  total: number;
  /**
   * Ready endpoints that can take traffic: when the Service declares ports, the endpoint's slice must
   * list at least one port (a slice with `ports: []` — no targetPort resolved — serves nothing).
   */
  usable: number;
}

/**
 * Counts per distinct endpoint (a dual-stack pod in an IPv4 and an IPv6 slice counts once).
 * `servicePorts`: whether the Service declares ports (headless Services may declare none; their
 * endpoints are then usable without ports, for DNS).
 */
export function countEndpointViews(endpoints: readonly EndpointView[], servicePorts = false): EndpointCounts {
  const byId = new Map<string, EndpointView>();
  for (const ep of endpoints) {
    const id = ep.podName ? `pod/${ep.podName}` : `${ep.addressType}/${ep.addresses[0] ?? ''}`;
    const prev = byId.get(id);
    if (!prev || (!prev.ready && ep.ready)) byId.set(id, ep);
  }
  const values = [...byId.values()];
  return {
    ready: values.filter((e) => e.ready).length,
    serving: values.filter((e) => e.serving).length,
    terminating: values.filter((e) => e.terminating).length,
    total: values.length,
    usable: values.filter((e) => e.ready && (!servicePorts || e.ports.length > 0)).length,
  };
}

export interface NodeSummary {
  /** '' when the endpoints carry no node name. */
  node: string;
  zone: string;
  ready: number;
  notReady: number;
  terminating: number;
  total: number;
}

/** Distinct endpoints per node (and its zone), nodes in name order: the overview of a big Service. */
export function endpointsByNode(endpoints: readonly EndpointView[]): NodeSummary[] {
  const byId = new Map<string, EndpointView>();
  for (const ep of endpoints) {
    const id = ep.podName ? `pod/${ep.podName}` : `${ep.addressType}/${ep.addresses[0] ?? ''}`;
    const prev = byId.get(id);
    if (!prev || (!prev.ready && ep.ready)) byId.set(id, ep);
  }
  const out = new Map<string, NodeSummary>();
  for (const ep of byId.values()) {
    const node = ep.nodeName ?? '';
    let s = out.get(node);
    if (!s) out.set(node, (s = { node, zone: ep.zone ?? '', ready: 0, notReady: 0, terminating: 0, total: 0 }));
    s.total++;
    if (ep.ready) s.ready++;
    else s.notReady++;
    if (ep.terminating) s.terminating++;
  }
  return [...out.values()].sort((a, b) => (a.node === '' ? 1 : b.node === '' ? -1 : a.node.localeCompare(b.node)));
}

/**
 * Node name by node address (InternalIP / ExternalIP): names the node of an endpoint that carries
 * no nodeName, e.g. the API server's own address in the kubernetes Service's slice.
 */
export function nodeAddressIndex(nodes: readonly Node[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const n of nodes) for (const a of n.status?.addresses ?? []) if ((a.type === 'InternalIP' || a.type === 'ExternalIP') && n.metadata.name) out.set(a.address, n.metadata.name);
  return out;
}
