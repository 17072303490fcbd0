/**
 * The EndpointSlice controller: keeps the slices of every Service with a selector equal to the
 * endpoints of its selected pods. Slices managed by another controller are left alone.
 */
import type { EndpointSlice } from '../../k8s/types/discovery';
import { isNotFound, rfc3339, type ControllerContext, type RunningController } from './context';
import { desiredSliceContents, ENDPOINTSLICE_CONTROLLER_NAME, MANAGED_BY_LABEL, MAX_ENDPOINTS_PER_SLICE, planSlices } from './endpoint-slices';
import { createEndpointQueue, ENDPOINTS_WRITE_OPTIONS } from './endpoint-queue';
import { OwnWrites } from './own-writes';
import { hasSelector, serviceAddressTypes } from './pod-endpoints';
import { selectedPods, SLICE_SERVICE_INDEX, splitKey } from './shared-informers';

const OPTS = ENDPOINTS_WRITE_OPTIONS;

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
    const pods = selectedPods(informers, svc);
    const desired = serviceAddressTypes(svc).flatMap((t) => desiredSliceContents(svc, pods, nodes, MAX_ENDPOINTS_PER_SLICE, t));
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

  const queue = createEndpointQueue(ctx, 'endpointslice-controller', sync);

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
