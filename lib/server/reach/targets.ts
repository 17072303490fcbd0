import type { EndpointSlice, Pod, Service, ServicePort } from '../../k8s/types';
import type { ReachEndpoint } from '../../reach/wire';

/** The Service port a request names (its number), else the first TCP port; undefined when there is none. */
export function chosenServicePort(service: Service, port: number | undefined): ServicePort | undefined {
  const tcp = (service.spec?.ports ?? []).filter((p) => (p.protocol ?? 'TCP') === 'TCP');
  return port === undefined ? tcp[0] : tcp.find((p) => p.port === port);
}

/**
 * The pod port a Service port reaches on one pod, as `kubectl port-forward svc/NAME` resolves it:
 * a numeric targetPort as it is (the Service port when unset), a named one looked up in the pod's
 * containers' ports; a reason when the name is not declared there.
 */
export function podTargetPort(port: ServicePort, pod: Pod): { port?: number; problem?: string } {
  const target = port.targetPort ?? port.port;
  if (typeof target === 'number') return { port: target };
  if (/^\d+$/.test(target)) return { port: Number(target) };
  for (const c of pod.spec?.containers ?? []) {
    const found = (c.ports ?? []).find((p) => p.name === target && (p.protocol ?? 'TCP') === (port.protocol ?? 'TCP'));
    if (found) return { port: found.containerPort };
  }
  return { problem: `the targetPort "${target}" is not a port declared by pod ${pod.metadata.name ?? ''}` };
}

/** Does any container of the pod declare `port` (TCP)? */
function declares(pod: Pod, port: number): boolean {
  return (pod.spec?.containers ?? []).some((c) => (c.ports ?? []).some((p) => p.containerPort === port && (p.protocol ?? 'TCP') === 'TCP'));
}

/**
 * Every endpoint of the Service's slices (addresses deduplicated), with its pod and the pod port the
 * Service port maps to there. Ready endpoints are tried; the others only with `includeNotReady`
 * (an endpoint with a problem is tried too: it fails at once with that problem).
 */
export function reachEndpoints(port: ServicePort, slices: readonly EndpointSlice[], pods: readonly Pod[], includeNotReady: boolean): ReachEndpoint[] {
  const byName = new Map(pods.map((p) => [p.metadata.name ?? '', p]));
  const seen = new Set<string>();
  const out: ReachEndpoint[] = [];
  for (const slice of slices) {
    if (slice.addressType === 'FQDN') continue;
    for (const ep of slice.endpoints ?? []) {
      const address = ep.addresses[0] ?? '';
      const podName = ep.targetRef?.kind === 'Pod' ? ep.targetRef.name : undefined;
      const key = podName ?? address;
      if (seen.has(key)) continue;
      seen.add(key);
      const ready = ep.conditions?.ready !== false;
      const terminating = ep.conditions?.terminating === true;
      const pod = podName ? byName.get(podName) : undefined;
      const target = pod ? podTargetPort(port, pod) : { problem: podName ? `pod ${podName} was not found` : 'no pod behind this address (a port-forward reaches pods only)' };
      out.push({ pod: podName, address, ready, terminating, targetPort: target.port, problem: target.problem, tried: ready || includeNotReady });
    }
  }
  return out.sort((a, b) => Number(b.ready) - Number(a.ready) || (a.pod ?? a.address).localeCompare(b.pod ?? b.address));
}

/**
 * When every tried endpoint failed to connect: is the targetPort the likely cause? Yes when it is a
 * name some pod does not declare, or a number no pod declares.
 */
export function targetPortHint(port: ServicePort, endpoints: readonly ReachEndpoint[], pods: readonly Pod[]): string | undefined {
  const target = port.targetPort ?? port.port;
  const backing = endpoints.map((e) => pods.find((p) => p.metadata.name === e.pod)).filter((p): p is Pod => !!p);
  if (backing.length === 0) return undefined;
  const unresolved = endpoints.some((e) => e.problem?.startsWith('the targetPort'));
  const undeclared = typeof target === 'number' && backing.every((p) => !declares(p, target));
  if (!unresolved && !undeclared) return undefined;
  const what = typeof target === 'number' ? `port ${target}, which no container of the pods declares` : `the named port "${target}", which the pods do not declare`;
  return `Every endpoint failed to connect: the targetPort is the likely cause. Service port ${port.port} targets ${what}.`;
}
