/**
 * The EndpointSlice controller: keeps the slices of every Service with a selector equal to the
 * endpoints of its selected pods. Slices managed by another controller are left alone.
 */
import type { EndpointSlice } from '../../k8s/types/discovery';
import { KUBE_CONTROLLER_MANAGER, isNotFound, rfc3339, isPermanent, type ControllerContext, type RunningController } from './context';
import { desiredSliceContents, ENDPOINTSLICE_CONTROLLER_NAME, MANAGED_BY_LABEL, planSlices } from './endpoint-slices';
import { OwnWrites } from './own-writes';
import { endpointRelevantState, hasSelector, serviceEndpointState } from './pod-endpoints';
import { selectedPods, servicesSelecting, SLICE_SERVICE_INDEX, splitKey } from './shared-informers';
import { createWorkQueue } from './work-queue';

const OPTS = { fieldManager: KUBE_CONTROLLER_MANAGER };
/** Pod and Service events within this window are handled together. */
const BATCH_MS = 5;
/** A Service's endpoints are rewritten at most this often during bursts. */
const MIN_INTERVAL_MS = Number(process.env.PORTHOLE_ENDPOINTS_INTERVAL_MS ?? 500);

export function startEndpointSliceController(ctx: ControllerContext): RunningController {
  const { api, informers } = ctx;
  const own = new OwnWrites();

  function sync(key: string): void {
    const [ns, name] = splitKey(key);
    const svc = informers.services.get(ns, name);
    const existing = informers.endpointslices
      .byIndex(SLICE_SERVICE_INDEX, key)
      .filter((s) => s.metadata.labels?.[MANAGED_BY_LABEL] === ENDPOINTSLICE_CONTROLLER_NAME);
    if (!svc || svc.spec?.type === 'ExternalName') {
      for (const s of existing) remove(s);
      return;
    }
    if (!hasSelector(svc)) return;
    // Slices of an earlier Service of the same name go: they belong to another uid.
    const current = existing.filter((s) => {
      const owner = s.metadata.ownerReferences?.find((o) => o.kind === 'Service');
      if (owner && owner.uid !== svc.metadata.uid) {
        remove(s);
        return false;
      }
      return true;
    });
    const nodes = new Map(informers.nodes.list().map((n) => [n.metadata.name ?? '', n]));
    const desired = desiredSliceContents(svc, selectedPods(informers, svc), nodes);
    const plan = planSlices(svc, desired, current, rfc3339(ctx.now()));
    for (const s of plan.update) own.write(() => api.update<EndpointSlice>('endpointslices', s, OPTS));
    for (const s of plan.create) own.write(() => api.create<EndpointSlice>('endpointslices', s, OPTS));
    for (const s of plan.delete) remove(s);
  }

  function remove(s: EndpointSlice): void {
    try {
      own.remove(s.metadata.namespace, s.metadata.name ?? '', () => api.delete('endpointslices', s.metadata.namespace, s.metadata.name ?? '', OPTS));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  const queue = createWorkQueue(sync, { retryable: (err) => !isPermanent(err), batchMs: BATCH_MS, minIntervalMs: MIN_INTERVAL_MS, onError: (key, err) => ctx.onError(err, `endpointslice-controller ${key}`) });

  informers.services.onEvent((e, svc, prev) => {
    if (e.type === 'MODIFIED' && serviceEndpointState(svc) === serviceEndpointState(prev)) return;
    queue.add(`${svc.metadata.namespace ?? ''}/${svc.metadata.name ?? ''}`);
  });
  informers.pods.onEvent((e, pod, prev) => {
    const before = endpointRelevantState(prev);
    if (before === endpointRelevantState(e.type === 'DELETED' ? undefined : pod)) return;
    const ns = pod.metadata.namespace ?? '';
    for (const k of servicesSelecting(informers, ns, pod.metadata.labels)) queue.add(k);
    if (before && prev) for (const k of servicesSelecting(informers, ns, prev.metadata.labels)) queue.add(k);
  });
  informers.endpointslices.onEvent((e, slice) => {
    if (own.isEcho(e)) return;
    const svcName = slice.metadata.labels?.['kubernetes.io/service-name'];
    if (svcName !== undefined && slice.metadata.labels?.[MANAGED_BY_LABEL] === ENDPOINTSLICE_CONTROLLER_NAME) {
      queue.add(`${slice.metadata.namespace ?? ''}/${svcName}`);
    }
  });
  informers.nodes.onEvent((e, node, prev) => {
    if (e.type === 'MODIFIED' && JSON.stringify(node.metadata.labels) === JSON.stringify(prev?.metadata.labels)) return;
    for (const svc of informers.services.list()) if (hasSelector(svc)) queue.add(`${svc.metadata.namespace ?? ''}/${svc.metadata.name ?? ''}`);
  });

  return {
    start() {
      for (const svc of informers.services.list()) queue.add(`${svc.metadata.namespace ?? ''}/${svc.metadata.name ?? ''}`);
      const orphanKeys = new Set(
        informers.endpointslices
          .list()
          .filter((s) => s.metadata.labels?.[MANAGED_BY_LABEL] === ENDPOINTSLICE_CONTROLLER_NAME)
          .map((s) => `${s.metadata.namespace ?? ''}/${s.metadata.labels?.['kubernetes.io/service-name'] ?? ''}`),
      );
      for (const k of orphanKeys) queue.add(k);
    },
    idle: () => queue.idle(),
    busy: () => queue.busy(),
    stop: () => queue.stop(),
  };
}
