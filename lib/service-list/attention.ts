/**
 * "Needs attention" in the list: the detail page's diagnosis rules (lib/service-insight) that the
 * list's data — the Services and ONE list of EndpointSlices, already in the cache — can decide, with
 * no request per row. Rules that need pods or events (near-miss selectors, named targetPort per pod,
 * Warning events) stay on the detail page; their effect on the endpoints (0 ready, slices without
 * ports) is caught here through the EndpointSlices. Pure.
 */
import type { EndpointSlice, Service } from '../k8s/types';
import { externalNameRules, loadBalancerRules, noSelectorRules } from '../service-insight/diagnosis-rules';
import { worstSeverity, type Finding } from '../service-insight/diagnosis';
import type { EndpointStatus } from './endpoint-status';

export interface Attention {
  severity: 'error' | 'warning';
  /** The finding's title, as the detail page words it. */
  title: string;
}

export function listAttention(svc: Service, endpoints: EndpointStatus, slices: readonly EndpointSlice[] | undefined): Attention | undefined {
  const findings: Finding[] = [];
  if (svc.spec?.type === 'ExternalName') {
    findings.push(...externalNameRules(svc));
  } else {
    const selector = svc.spec?.selector;
    if (!selector || Object.keys(selector).length === 0) {
      findings.push(...noSelectorRules(svc, slices ?? [], undefined));
    } else if (endpoints.tone === 'none' || endpoints.tone === 'some') {
      findings.push({ id: 'no-ready-pods', severity: endpoints.tone === 'none' ? 'error' : 'warning', title: endpoints.title, explanation: '' });
    }
    findings.push(...loadBalancerRules(svc, []));
  }
  const severity = worstSeverity(findings);
  if (severity !== 'error' && severity !== 'warning') return undefined;
  const worst = findings.find((f) => f.severity === severity);
  return worst ? { severity, title: worst.title } : undefined;
}
