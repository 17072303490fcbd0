/** What the detail page shows about a backing pod: readiness, restarts, IPs. Pure. */
import type { Pod, Service } from '../k8s/types';
import { selectorMatches } from '../k8s/labels';

export function podReady(pod: Pod): boolean {
  return pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

/** Why a pod is not ready: the Ready condition's reason/message, else its phase. */
export function podNotReadyReason(pod: Pod): string {
  const scheduled = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
  if (scheduled && scheduled.status === 'False') {
    return [scheduled.reason ?? 'NotScheduled', scheduled.message].filter(Boolean).join(': ');
  }
  if (pod.metadata.deletionTimestamp) return 'Terminating';
  const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
  if (ready && ready.status !== 'True') {
    const text = [ready.reason, ready.message].filter(Boolean).join(': ');
    if (text) return text;
  }
  if (!pod.status?.podIP) return `${pod.status?.phase ?? 'Pending'}: no pod IP yet`;
  return pod.status?.phase ?? 'Unknown';
}

export function podRestarts(pod: Pod): number {
  return (pod.status?.containerStatuses ?? []).reduce((n, c) => n + (c.restartCount ?? 0), 0);
}

export function podIPs(pod: Pod): string[] {
  const ips = pod.status?.podIPs?.map((p) => p.ip) ?? [];
  if (ips.length) return ips;
  return pod.status?.podIP ? [pod.status.podIP] : [];
}

/** Succeeded/Failed pods never back a Service (the EndpointSlice controller skips them). */
export function podTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** The pods of the namespace that the Service's selector selects (none without a selector). */
export function backingPods(svc: Service, pods: readonly Pod[]): Pod[] {
  const selector = svc.spec?.selector;
  return pods
    .filter((p) => (p.metadata.namespace ?? svc.metadata.namespace) === svc.metadata.namespace && selectorMatches(selector, p.metadata.labels))
    .sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
}
