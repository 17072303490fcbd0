/**
 * "Why is there no traffic?": the rules that name the cause and the fix for a Service, from the
 * Service, the pods of its namespace, its EndpointSlices (or legacy Endpoints) and its events.
 * Pure; every rule is in diagnosis-rules.ts.
 */
import type { EndpointSlice, Endpoints, Event, Node, Pod, Service } from '../k8s/types';
import {
  externalNameRules,
  loadBalancerRules,
  noSelectorRules,
  publishNotReadyRule,
  readinessRules,
  selectorRule,
  targetPortRules,
  warningEventsRule,
} from './diagnosis-rules';
import { trafficPolicyRules } from './traffic-policy';
import { allEndpoints, groupLegacyEndpoints, groupSlices } from './endpoints';
import { backingPods, podReady } from './pods';

export type Severity = 'error' | 'warning' | 'info' | 'ok';

export type RuleId =
  | 'external-name'
  | 'external-name-ip'
  | 'no-selector-no-endpoints'
  | 'no-selector-manual-endpoints'
  | 'no-selector-manual-endpoints-none-ready'
  | 'no-selector-legacy-endpoints-only'
  | 'selector-matches-nothing'
  | 'no-ready-pods'
  | 'some-pods-not-ready'
  | 'publish-not-ready'
  | 'named-target-port-missing'
  | 'numeric-target-port-undeclared'
  | 'lb-no-controller-for-class'
  | 'lb-pending'
  | 'internal-traffic-local'
  | 'external-traffic-local'
  | 'warning-events'
  | 'healthy';

export interface NearMissItem {
  pod: string;
  key: string;
  wanted: string;
  actual?: string;
}

export interface Finding {
  id: RuleId;
  severity: Severity;
  title: string;
  explanation: string;
  fix?: string;
  /** Supporting lines (per pod, per port ...). */
  items?: string[];
  nearMisses?: NearMissItem[];
  /**
   * What the finding breaks, when less than the whole Service: only access from outside the cluster
   * (load balancer, external traffic policy), or one Service port. Unset: the whole Service.
   */
  affects?: FindingScope;
}

export type FindingScope = { kind: 'external'; what: string } | { kind: 'port'; port: number; label: string };

export interface DiagnosisInput {
  service: Service;
  /** Every pod of the Service's namespace (the selector is applied here, near misses need the rest). */
  pods: readonly Pod[];
  /** The Service's EndpointSlices; undefined when the cluster serves no EndpointSlice API. */
  endpointSlices?: readonly EndpointSlice[];
  /** The legacy Endpoints object of the same name (null: there is none). */
  endpoints?: Endpoints | null;
  /** Events whose involvedObject is the Service. */
  events: readonly Event[];
  /** The cluster's nodes (for the traffic-policy rules); leave out when unknown. */
  nodes?: readonly Node[];
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2, ok: 3 };

export function worstSeverity(findings: readonly Finding[]): Severity {
  return findings.reduce<Severity>((w, f) => (ORDER[f.severity] < ORDER[w] ? f.severity : w), 'ok');
}

export function diagnose(input: DiagnosisInput): Finding[] {
  const { service } = input;
  const findings: Finding[] = [];
  if (service.spec?.type === 'ExternalName') {
    findings.push(...externalNameRules(service));
    return sortFindings(findings);
  }
  const selector = service.spec?.selector;
  const hasSelector = !!selector && Object.keys(selector).length > 0;
  const matched = hasSelector ? backingPods(service, input.pods) : [];
  if (!hasSelector) {
    findings.push(...noSelectorRules(service, input.endpointSlices, input.endpoints));
  } else if (matched.length === 0) {
    findings.push(selectorRule(service, input.pods));
  } else {
    findings.push(...readinessRules(service, matched));
    findings.push(...targetPortRules(service, matched));
  }
  findings.push(...publishNotReadyRule(service, matched));
  if (hasSelector || (input.endpointSlices?.length ?? 0) > 0) {
    const endpoints = allEndpoints(input.endpointSlices ? groupSlices(input.endpointSlices) : groupLegacyEndpoints(input.endpoints));
    if (endpoints.length > 0) findings.push(...trafficPolicyRules(service, endpoints, input.nodes ?? []));
  }
  findings.push(...loadBalancerRules(service, input.events));
  findings.push(...warningEventsRule(input.events));
  if (!findings.some((f) => f.severity === 'error' || f.severity === 'warning')) findings.push(healthyFinding(service, matched));
  return sortFindings(findings);
}

/** "Traffic has somewhere to go", for a Service with no error or warning; `matched`: the pods its selector selects. */
export function healthyFinding(service: Service, matched: readonly Pod[]): Finding {
  const hasSelector = Object.keys(service.spec?.selector ?? {}).length > 0;
  const ready = matched.filter(podReady).length;
  return {
    id: 'healthy',
    severity: 'ok',
    title: hasSelector ? `Traffic has somewhere to go: ${ready} of ${matched.length} matched pods ready` : 'Traffic has somewhere to go',
    explanation: hasSelector
      ? 'The selector matches pods, they are ready and every targetPort resolves on them.'
      : service.metadata.namespace === 'default' && service.metadata.name === 'kubernetes'
        ? 'The API server keeps the endpoints of its own Service up to date, and they list ready addresses.'
        : 'The endpoints of this Service are maintained outside the EndpointSlice controller and list ready addresses.',
  };
}

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.map((f, i) => ({ f, i })).sort((a, b) => ORDER[a.f.severity] - ORDER[b.f.severity] || a.i - b.i).map((x) => x.f);
}
