/**
 * The load-balancer controller, as a cloud provider's service controller behaves: LoadBalancer
 * Services without a loadBalancerClass get `status.loadBalancer.ingress` from the address pool
 * (EnsuringLoadBalancer / EnsuredLoadBalancer events); the address goes back when the type
 * changes or the Service is deleted (DeletingLoadBalancer / DeletedLoadBalancer). Services with a
 * loadBalancerClass belong to another implementation and stay pending.
 */
import type { Service } from '../../k8s/types/service';
import { createEventRecorder } from './events';
import { isNotFound, isPermanent, type ControllerContext, type RunningController } from './context';
import { LoadBalancerPool } from './lb-pool';
import { splitKey } from './shared-informers';
import { createWorkQueue } from './work-queue';

export const CLOUD_CONTROLLER_MANAGER = 'cloud-controller-manager';
export const SERVICE_CONTROLLER_COMPONENT = 'service-controller';

function wantsLoadBalancer(svc: Service | undefined): boolean {
  return !!svc && svc.spec?.type === 'LoadBalancer' && !svc.spec.loadBalancerClass;
}

/** What, when changed, makes the cloud provider update the balancer (ports, policy, ranges). */
function lbFingerprint(svc: Service): string {
  const s = svc.spec ?? {};
  return JSON.stringify([s.ports, s.externalTrafficPolicy, s.loadBalancerSourceRanges, s.loadBalancerIP, s.healthCheckNodePort]);
}

/** The service controller's needsUpdate: what makes it look at a Service again. */
function needsUpdate(prev: Service, svc: Service): boolean {
  if (wantsLoadBalancer(prev) !== wantsLoadBalancer(svc)) return true;
  if (!wantsLoadBalancer(svc)) return false;
  return (
    lbFingerprint(prev) !== lbFingerprint(svc) ||
    prev.metadata.uid !== svc.metadata.uid ||
    JSON.stringify(prev.metadata.annotations ?? {}) !== JSON.stringify(svc.metadata.annotations ?? {}) ||
    JSON.stringify(prev.spec?.externalIPs ?? []) !== JSON.stringify(svc.spec?.externalIPs ?? []) ||
    prev.spec?.sessionAffinity !== svc.spec?.sessionAffinity
  );
}

export function startLoadBalancerController(ctx: ControllerContext, pool: LoadBalancerPool): RunningController {
  const { api, informers } = ctx;
  const recorder = createEventRecorder(api, SERVICE_CONTROLLER_COMPONENT, CLOUD_CONTROLLER_MANAGER, () => ({ apiVersion: 'v1', kind: 'Service' }), ctx.now, (err) => ctx.onError(err, 'service-controller events'));
  /** key → what this controller last handled: the address it holds and the Service it saw. */
  const state = new Map<string, { ip?: string; svc: Service; fingerprint: string; uid?: string; retry?: boolean }>();
  const opts = { fieldManager: CLOUD_CONTROLLER_MANAGER };
  /** key → `Old -> New` for updates that changed whether the Service wants a balancer (needsUpdate). */
  const typeChanges = new Map<string, string>();

  /** Re-queues the Services waiting for an address (an address was given back). */
  function retryWaiting(): void {
    for (const [key, held] of state) {
      if (held.ip) continue;
      held.retry = true;
      queue.add(key);
    }
  }

  function ingressIP(svc: Service): string | undefined {
    return svc.status?.loadBalancer?.ingress?.find((i) => i.ip)?.ip;
  }

  function release(key: string, svc: Service | undefined, last: Service): void {
    const held = state.get(key);
    recorder.event(svc ?? last, 'Normal', 'DeletingLoadBalancer', 'Deleting load balancer');
    state.delete(key);
    if (held?.ip) {
      pool.release(held.ip);
      retryWaiting();
    }
    if (svc && (svc.status?.loadBalancer?.ingress?.length ?? 0) > 0) {
      const next = structuredClone(svc);
      next.status = { ...(next.status ?? {}), loadBalancer: {} };
      try {
        api.updateStatus<Service>('services', next, opts);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
    recorder.event(svc ?? last, 'Normal', 'DeletedLoadBalancer', 'Deleted load balancer');
  }

  function sync(key: string): void {
    const [ns, name] = splitKey(key);
    const svc = informers.services.get(ns, name);
    const held = state.get(key);
    if (held && svc && held.uid !== svc.metadata.uid) {
      // Same name, new object: the old one's balancer is gone.
      release(key, undefined, held.svc);
      return sync(key);
    }
    const transition = typeChanges.get(key);
    typeChanges.delete(key);
    if (svc && transition) recorder.event(svc, 'Normal', 'Type', transition);
    if (!wantsLoadBalancer(svc)) {
      if (held) release(key, svc, held.svc);
      return;
    }
    const service = svc as Service;
    const fingerprint = lbFingerprint(service);
    const current = ingressIP(service);
    if (held?.ip && current === held.ip) {
      if (held.fingerprint !== fingerprint) {
        recorder.event(service, 'Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer');
        recorder.event(service, 'Normal', 'EnsuredLoadBalancer', 'Ensured load balancer');
      }
      state.set(key, { ip: held.ip, svc: service, fingerprint, uid: service.metadata.uid });
      return;
    }
    // Pool exhausted earlier (the failure event was recorded): try again only once an address is
    // back (the real controller retries with backoff; this is when a retry can succeed).
    if (held && !held.ip && !held.retry) return;
    recorder.event(service, 'Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer');
    const wanted = service.spec?.loadBalancerIP;
    let ip = held?.ip;
    if (!ip && current && pool.take(current)) ip = current;
    if (!ip && wanted && pool.take(wanted)) ip = wanted;
    ip ??= pool.next();
    if (!ip) {
      state.set(key, { svc: service, fingerprint, uid: service.metadata.uid });
      recorder.event(service, 'Warning', 'SyncLoadBalancerFailed', `Error syncing load balancer: failed to ensure load balancer: no available IPs in pool ${pool.cidr.text}`);
      return;
    }
    state.set(key, { ip, svc: service, fingerprint, uid: service.metadata.uid });
    const next = structuredClone(service);
    next.status = { ...(next.status ?? {}), loadBalancer: { ingress: [{ ip, ipMode: 'VIP' }] } };
    api.updateStatus<Service>('services', next, opts);
    recorder.event(service, 'Normal', 'EnsuredLoadBalancer', 'Ensured load balancer');
  }

  const queue = createWorkQueue(sync, { retryable: (err) => !isPermanent(err), onError: (key, err) => ctx.onError(err, `service-controller ${key}`) });
  informers.services.onEvent((e, svc, prev) => {
    const key = `${svc.metadata.namespace ?? ''}/${svc.metadata.name ?? ''}`;
    if (e.type === 'MODIFIED' && prev && wantsLoadBalancer(prev) !== wantsLoadBalancer(svc)) {
      typeChanges.set(key, `${prev.spec?.type ?? 'ClusterIP'} -> ${svc.spec?.type ?? 'ClusterIP'}`);
    }
    // needsUpdate: a change of status (or of anything the balancer does not depend on) is not
    // handled, so a status written by someone else stays until the next change.
    if (e.type === 'MODIFIED' && prev && !needsUpdate(prev, svc)) return;
    queue.add(key);
  });

  return {
    start() {
      // Adopt addresses already handed out (restart), then reconcile everything.
      for (const svc of informers.services.list()) {
        const key = `${svc.metadata.namespace ?? ''}/${svc.metadata.name ?? ''}`;
        const ip = ingressIP(svc);
        if (wantsLoadBalancer(svc) && ip && pool.take(ip)) {
          state.set(key, { ip, svc, fingerprint: lbFingerprint(svc), uid: svc.metadata.uid });
        }
      }
      for (const svc of informers.services.list()) queue.add(`${svc.metadata.namespace ?? ''}/${svc.metadata.name ?? ''}`);
    },
    idle: () => queue.idle(),
    busy: () => queue.busy(),
    stop: () => queue.stop(),
  };
}
