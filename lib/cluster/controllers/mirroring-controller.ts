/**
 * The EndpointSlice mirroring controller (pkg/controller/endpointslicemirroring): Endpoints that a
 * user maintains for a Service without a selector are mirrored into EndpointSlices managed by
 * `endpointslicemirroring-controller.k8s.io` and owned by the Endpoints.
 */
import type { Endpoint, EndpointPort, EndpointSlice, Endpoints } from '../../k8s/types/discovery';
import type { OwnerReference } from '../../k8s/types/meta';
import { isIPv6String } from '../../k8s/validation/ip';
import { KUBE_CONTROLLER_MANAGER, isNotFound, rfc3339, isPermanent, type ControllerContext, type RunningController } from './context';
import {
  LAST_CHANGE_TRIGGER_TIME,
  MANAGED_BY_LABEL,
  MAX_ENDPOINTS_PER_SLICE,
  planSlices,
  SERVICE_NAME_LABEL,
  type SliceContent,
  type SliceIdentity,
} from './endpoint-slices';
import { hasSelector } from './pod-endpoints';
import { SLICE_SERVICE_INDEX, splitKey } from './shared-informers';
import { createWorkQueue } from './work-queue';

export const MIRRORING_CONTROLLER_NAME = 'endpointslicemirroring-controller.k8s.io';
export const SKIP_MIRROR_LABEL = 'endpointslice.kubernetes.io/skip-mirror';
const OPTS = { fieldManager: KUBE_CONTROLLER_MANAGER };

/** One group per subset (same ports) and address type (IPv4, IPv6), ready addresses then not-ready ones, chunked. */
export function mirroredSliceContents(ep: Endpoints, maxPerSlice = MAX_ENDPOINTS_PER_SLICE): SliceContent[] {
  const out: SliceContent[] = [];
  for (const subset of ep.subsets ?? []) {
    const ports: EndpointPort[] = (subset.ports ?? []).map((p) => {
      const port: EndpointPort = { name: p.name ?? '', protocol: p.protocol ?? 'TCP', port: p.port };
      if (p.appProtocol !== undefined) port.appProtocol = p.appProtocol;
      return port;
    });
    const byType: Record<'IPv4' | 'IPv6', Endpoint[]> = { IPv4: [], IPv6: [] };
    const add = (ready: boolean) => (a: NonNullable<typeof subset.addresses>[number]) => {
      const e: Endpoint = { addresses: [a.ip], conditions: { ready } };
      if (a.hostname) e.hostname = a.hostname;
      if (a.targetRef) e.targetRef = a.targetRef;
      if (a.nodeName) e.nodeName = a.nodeName;
      byType[isIPv6String(a.ip) ? 'IPv6' : 'IPv4'].push(e);
    };
    (subset.addresses ?? []).forEach(add(true));
    (subset.notReadyAddresses ?? []).forEach(add(false));
    for (const addressType of ['IPv4', 'IPv6'] as const) {
      const endpoints = byType[addressType];
      for (let i = 0; i < endpoints.length; i += maxPerSlice) {
        out.push({ ports, endpoints: endpoints.slice(i, i + maxPerSlice), ...(addressType === 'IPv6' ? { addressType } : {}) });
      }
    }
  }
  return out;
}

export function mirrorIdentity(ep: Endpoints): SliceIdentity {
  const labels: Record<string, string> = { ...(ep.metadata.labels ?? {}) };
  delete labels[SKIP_MIRROR_LABEL];
  labels[SERVICE_NAME_LABEL] = ep.metadata.name ?? '';
  labels[MANAGED_BY_LABEL] = MIRRORING_CONTROLLER_NAME;
  const owner: OwnerReference = { apiVersion: 'v1', kind: 'Endpoints', name: ep.metadata.name ?? '', uid: ep.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
  return { labels, owner, generateName: `${ep.metadata.name ?? ''}-`, namespace: ep.metadata.namespace };
}

export function startMirroringController(ctx: ControllerContext): RunningController {
  const { api, informers } = ctx;

  function sync(key: string): void {
    const [ns, name] = splitKey(key);
    const svc = informers.services.get(ns, name);
    const ep = informers.endpoints.get(ns, name);
    const existing = informers.endpointslices
      .byIndex(SLICE_SERVICE_INDEX, key)
      .filter((s) => s.metadata.labels?.[MANAGED_BY_LABEL] === MIRRORING_CONTROLLER_NAME);
    const mirror = svc && ep && !hasSelector(svc) && svc.spec?.type !== 'ExternalName' && ep.metadata.labels?.[SKIP_MIRROR_LABEL] !== 'true';
    if (!mirror || !svc || !ep) {
      for (const s of existing) remove(s);
      return;
    }
    const desired = mirroredSliceContents(ep);
    const plan = planSlices(svc, desired.length ? desired : [], existing, rfc3339(ctx.now()), mirrorIdentity(ep));
    for (const s of plan.update) api.update<EndpointSlice>('endpointslices', withAnnotations(s, ep), OPTS);
    for (const s of plan.create) api.create<EndpointSlice>('endpointslices', withAnnotations(s, ep), OPTS);
    for (const s of plan.delete) remove(s);
  }

  /** Mirrored slices carry the Endpoints' annotations (minus last-applied and trigger time). */
  function withAnnotations(s: EndpointSlice, ep: Endpoints): EndpointSlice {
    const a = { ...(ep.metadata.annotations ?? {}) };
    delete a['kubectl.kubernetes.io/last-applied-configuration'];
    delete a[LAST_CHANGE_TRIGGER_TIME];
    const metadata: EndpointSlice['metadata'] = { ...s.metadata };
    if (Object.keys(a).length) metadata.annotations = a;
    else delete metadata.annotations;
    return { ...s, metadata };
  }

  function remove(s: EndpointSlice): void {
    try {
      api.delete('endpointslices', s.metadata.namespace, s.metadata.name ?? '', OPTS);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  const queue = createWorkQueue(sync, { retryable: (err) => !isPermanent(err), onError: (key, err) => ctx.onError(err, `endpointslicemirroring-controller ${key}`) });
  const keyOf = (o: { metadata: { namespace?: string; name?: string } }) => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
  informers.services.onEvent((_e, svc) => queue.add(keyOf(svc)));
  informers.endpoints.onEvent((_e, ep) => queue.add(keyOf(ep)));
  informers.endpointslices.onEvent((_e, s) => {
    const svc = s.metadata.labels?.[SERVICE_NAME_LABEL];
    if (svc !== undefined && s.metadata.labels?.[MANAGED_BY_LABEL] === MIRRORING_CONTROLLER_NAME) queue.add(`${s.metadata.namespace ?? ''}/${svc}`);
  });

  return {
    start() {
      for (const ep of informers.endpoints.list()) queue.add(keyOf(ep));
    },
    idle: () => queue.idle(),
    busy: () => queue.busy(),
    stop: () => queue.stop(),
  };
}
