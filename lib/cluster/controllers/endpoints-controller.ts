/**
 * The legacy Endpoints controller: an Endpoints object named after each Service with a selector,
 * holding its selected pods' addresses (at most 1000, then the over-capacity annotation).
 */
import type { Endpoints } from '../../k8s/types/discovery';
import { KUBE_CONTROLLER_MANAGER, isNotFound, rfc3339, type ControllerContext, type RunningController } from './context';
import { desiredEndpoints, endpointsChanged } from './endpoints';
import { createEndpointQueue, ENDPOINTS_WRITE_OPTIONS, objectKey } from './endpoint-queue';
import { OwnWrites } from './own-writes';
import { hasSelector } from './pod-endpoints';
import { selectedPods, splitKey } from './shared-informers';

const OPTS = ENDPOINTS_WRITE_OPTIONS;

export function startEndpointsController(ctx: ControllerContext): RunningController {
  const { api, informers } = ctx;
  const own = new OwnWrites();

  function sync(key: string): void {
    const [ns, name] = splitKey(key);
    const svc = informers.services.get(ns, name);
    const current = informers.endpoints.get(ns, name);
    if (!svc) {
      // The Service registry deletes them too; this catches Endpoints left from before a restart.
      if (current && ownedByController(current)) remove(ns, name);
      return;
    }
    if (!hasSelector(svc) || svc.spec?.type === 'ExternalName') return;
    const next = desiredEndpoints(svc, selectedPods(informers, svc), current, rfc3339(ctx.now()));
    if (!current) {
      own.write(() => api.create<Endpoints>('endpoints', next, OPTS));
      return;
    }
    if (endpointsChanged(current, next)) own.write(() => api.update<Endpoints>('endpoints', next, OPTS));
  }

  function ownedByController(e: Endpoints): boolean {
    return (e.metadata.managedFields ?? []).some((m) => m.manager === KUBE_CONTROLLER_MANAGER);
  }

  function remove(ns: string, name: string): void {
    try {
      own.remove(ns, name, () => api.delete('endpoints', ns, name, OPTS));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  const queue = createEndpointQueue(ctx, 'endpoints-controller', sync);
  const keyOf = objectKey;

  informers.endpoints.onEvent((e, ep) => {
    if (own.isEcho(e)) return;
    if (informers.services.get(ep.metadata.namespace, ep.metadata.name ?? '')) queue.add(keyOf(ep));
  });

  return {
    start() {
      for (const svc of informers.services.list()) queue.add(keyOf(svc));
    },
    idle: () => queue.idle(),
    busy: () => queue.busy(),
    stop: () => queue.stop(),
  };
}
