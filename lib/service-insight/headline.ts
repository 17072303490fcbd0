/**
 * The one-line verdicts at the top of the detail page: the diagnosis headline (says exactly what is
 * broken: the whole Service, some ports, or only access from outside) and the header's endpoint
 * count (which agrees with the diagnosis: ready endpoints whose slice lists no port are not counted
 * as taking traffic). Pure.
 */
import type { Service } from '../k8s/types';
import { worstSeverity, type Finding, type Severity } from './diagnosis';
import type { EndpointCounts } from './endpoints';

export interface Headline {
  severity: Severity;
  text: string;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function joinWords(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function capitalize(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** The diagnosis headline, from the findings of `diagnose` for `service`. */
export function diagnosisHeadline(findings: readonly Finding[], service: Service): Headline {
  const severity = worstSeverity(findings);
  const servicePorts = service.spec?.ports?.length ?? 0;
  const pick = (sev: Severity) => findings.filter((f) => f.severity === sev);
  if (severity === 'error') {
    const errors = pick('error');
    if (errors.some((f) => !f.affects)) return { severity, text: 'Traffic to this Service has nowhere to go' };
    const ports = unique(errors.flatMap((f) => (f.affects?.kind === 'port' ? [f.affects.label] : [])));
    if (ports.length > 0 && ports.length >= servicePorts) return { severity, text: 'Traffic to this Service has nowhere to go' };
    const external = unique(errors.flatMap((f) => (f.affects?.kind === 'external' ? [f.affects.what] : [])));
    const parts: string[] = [];
    if (ports.length > 0) parts.push(`traffic to ${joinWords(ports)} has nowhere to go (the other ports work)`);
    if (external.length > 0) {
      parts.push(ports.length > 0 ? external.join('; ') : `reachable inside the cluster, but ${external.join('; ')}`);
    }
    return { severity, text: capitalize(parts.join('; ')) };
  }
  if (severity === 'warning') {
    const warnings = pick('warning');
    if (warnings.every((f) => f.affects?.kind === 'external')) {
      return { severity, text: capitalize(`works inside the cluster; ${unique(warnings.map((f) => (f.affects?.kind === 'external' ? f.affects.what : ''))).join('; ')}`) };
    }
    return { severity, text: 'This Service works, with caveats' };
  }
  return { severity, text: 'This Service works' };
}

export type Tone = 'ok' | 'warn' | 'bad';

export interface EndpointHeadline {
  /** e.g. "2/2 endpoints ready", or "0/2 endpoints can take traffic". */
  text: string;
  tone: Tone;
  /** Why the count is lower than the ready endpoints, when it is. */
  detail?: string;
}

/** The header's endpoint count. Ready endpoints that serve no port are not offered as working. */
export function endpointHeadline(counts: EndpointCounts): EndpointHeadline {
  if (counts.usable < counts.ready) {
    const idle = counts.ready - counts.usable;
    return {
      text: `${counts.usable}/${counts.total} endpoints can take traffic`,
      tone: counts.usable === 0 ? 'bad' : 'warn',
      detail: `${idle} ready endpoint${idle === 1 ? '' : 's'} serve${idle === 1 ? 's' : ''} no port: ${idle === 1 ? 'its' : 'their'} EndpointSlice lists no ports (the targetPort did not resolve)`,
    };
  }
  const tone: Tone = counts.ready === 0 ? 'bad' : counts.ready < counts.total ? 'warn' : 'ok';
  return { text: `${counts.ready}/${counts.total} endpoints ready`, tone };
}
