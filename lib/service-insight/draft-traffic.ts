/**
 * Will a Service that does not exist yet receive traffic? The detail page's diagnosis (diagnose),
 * run on the draft with the namespace's pods and no endpoints yet, so a create flow says before
 * Create exactly what the detail page would say after it. Only the rules about where traffic goes
 * count (selector, readiness, target ports, no selector); load-balancer and event rules need a
 * Service that exists. Pure.
 */
import type { Pod, Service } from '../k8s/types';
import { diagnose, healthyFinding, type Finding, type RuleId } from './diagnosis';
import { backingPods } from './pods';

export interface DraftTraffic {
  /** Errors: the Service can receive no traffic (no selector, no pod matches, no ready pod, a target port no pod declares). */
  blockers: Finding[];
  /** Warnings: some traffic is lost (a target port only some pods declare, a number no container declares). */
  warnings: Finding[];
  /** The "Traffic has somewhere to go" finding, when nothing is wrong. */
  healthy?: Finding;
}

/** The rules that only make sense for a Service that exists (its load balancer, its events). */
const EXISTING_ONLY: ReadonlySet<RuleId> = new Set(['lb-no-controller-for-class', 'lb-pending', 'warning-events']);

export function draftTraffic(svc: Service, pods: readonly Pod[]): DraftTraffic {
  if (svc.spec?.type === 'ExternalName') return { blockers: [], warnings: [] };
  const findings = diagnose({ service: svc, pods, endpointSlices: [], endpoints: null, events: [] }).filter((f) => !EXISTING_ONLY.has(f.id));
  const blockers = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  if (blockers.length || warnings.length) return { blockers, warnings };
  return { blockers, warnings, healthy: healthyFinding(svc, backingPods(svc, pods)) };
}
