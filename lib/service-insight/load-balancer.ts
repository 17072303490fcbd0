/**
 * A LoadBalancer Service's state: its ingress, or "pending" with the best reason known from its
 * events (the service controller's EnsuringLoadBalancer / SyncLoadBalancerFailed ...), and whether a
 * controller for its loadBalancerClass ever acted on it. Pure.
 */
import type { Event, LoadBalancerIngress, Service } from '../k8s/types';
import { eventsNewestFirst } from './events';

export type LoadBalancerState =
  | { kind: 'not-load-balancer'; ingress: LoadBalancerIngress[] }
  | { kind: 'provisioned'; ingress: LoadBalancerIngress[] }
  | {
      kind: 'pending';
      ingress: LoadBalancerIngress[];
      /** Why it is pending, in words. */
      reason: string;
      /** The event the reason comes from, if any. */
      event?: Event;
      /** loadBalancerClass (undefined = the cluster's default load balancer implementation). */
      loadBalancerClass?: string;
      /** Whether any load-balancer controller recorded an event for this Service. */
      controllerActed: boolean;
    };

/** Event reasons the service controller (and most LB implementations) record. */
export function isLoadBalancerEvent(e: Event): boolean {
  return /LoadBalancer/.test(e.reason ?? '');
}

export function loadBalancerState(svc: Service, events: readonly Event[]): LoadBalancerState {
  const ingress = svc.status?.loadBalancer?.ingress ?? [];
  if (svc.spec?.type !== 'LoadBalancer') return { kind: 'not-load-balancer', ingress };
  if (ingress.length > 0) return { kind: 'provisioned', ingress };
  const lbEvents = eventsNewestFirst(events.filter(isLoadBalancerEvent));
  const loadBalancerClass = svc.spec.loadBalancerClass || undefined;
  const controllerActed = lbEvents.length > 0;
  const warning = lbEvents.find((e) => e.type === 'Warning');
  const latest = lbEvents[0];
  if (warning && warning === latest) {
    return { kind: 'pending', ingress, reason: `${warning.reason}: ${warning.message ?? ''}`.trim(), event: warning, loadBalancerClass, controllerActed };
  }
  if (latest) {
    return {
      kind: 'pending',
      ingress,
      reason: `The load balancer controller is working on it (last event: ${latest.reason}${latest.message ? `: ${latest.message}` : ''}).`,
      event: latest,
      loadBalancerClass,
      controllerActed,
    };
  }
  if (loadBalancerClass) {
    return {
      kind: 'pending',
      ingress,
      reason: `No controller for loadBalancerClass "${loadBalancerClass}" has acted on this Service: the cluster's default load balancer controller ignores Services with a class, and no event shows another implementation picking it up.`,
      loadBalancerClass,
      controllerActed,
    };
  }
  return {
    kind: 'pending',
    ingress,
    reason: 'Waiting for the load balancer controller: no event about a load balancer has been recorded for this Service yet.',
    loadBalancerClass,
    controllerActed,
  };
}
