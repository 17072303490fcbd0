/**
 * The state of the guided "Expose a workload" flow and the Service it builds. The state is plain
 * JSON (kept in sessionStorage between steps); `guidedService` turns it into the Service that the
 * review step checks and the create step POSTs. Pure.
 */
import type { Protocol, Service, ServicePort } from '../k8s/types';
import type { ServiceKind } from '../service/type-rules-text';
import { isVolatileLabelKey } from '../service-draft/selector-suggestions';
import { parseTargetPort, type OfferedPort } from '../service-draft/target-ports';

export const GUIDED_STEPS = ['workload', 'audience', 'ports', 'review'] as const;

export interface GuidedPort {
  name: string;
  port: number | null;
  /** As typed: a number or a container port name ("" = same as port). */
  targetPort: string;
  protocol: Protocol;
}

export interface GuidedState {
  namespace: string;
  /** How the pods are chosen: by labels, or by picking one pod and using its labels. */
  mode: 'labels' | 'pod';
  /** The pod whose labels were used (mode "pod"). */
  pod?: string;
  selector: Record<string, string>;
  kind: ServiceKind;
  name: string;
  ports: GuidedPort[];
  /** ExternalName only. */
  externalName: string;
}

export const EMPTY_GUIDED_STATE: GuidedState = {
  namespace: '',
  mode: 'labels',
  selector: {},
  kind: 'ClusterIP',
  name: '',
  ports: [],
  externalName: '',
};

/** Step number in the URL (1-based) → step id; out of range or garbage → the first step. */
export function stepFromParam(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= GUIDED_STEPS.length ? n : 1;
}

/** Reads stored state back, keeping only well-formed fields (a stale or edited entry never crashes the flow). */
export function parseGuidedState(raw: string | null | undefined): GuidedState {
  if (!raw) return EMPTY_GUIDED_STATE;
  try {
    const v = JSON.parse(raw) as Partial<GuidedState>;
    const str = (x: unknown): string => (typeof x === 'string' ? x : '');
    const selector = v.selector && typeof v.selector === 'object' ? Object.fromEntries(Object.entries(v.selector).filter(([, x]) => typeof x === 'string')) : {};
    const ports = Array.isArray(v.ports)
      ? v.ports.map((p) => ({
          name: str(p?.name),
          port: typeof p?.port === 'number' ? p.port : null,
          targetPort: str(p?.targetPort),
          protocol: p?.protocol === 'UDP' || p?.protocol === 'SCTP' ? p.protocol : ('TCP' as Protocol),
        }))
      : [];
    const kinds: ServiceKind[] = ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName', 'headless'];
    return {
      namespace: str(v.namespace),
      mode: v.mode === 'pod' ? 'pod' : 'labels',
      ...(v.pod ? { pod: str(v.pod) } : {}),
      selector,
      kind: kinds.includes(v.kind as ServiceKind) ? (v.kind as ServiceKind) : 'ClusterIP',
      name: str(v.name),
      ports,
      externalName: str(v.externalName),
    };
  } catch {
    return EMPTY_GUIDED_STATE;
  }
}

/** A name suggestion from the selector: the app name labels first (app.kubernetes.io/name, app, ...). */
export function suggestServiceName(selector: Readonly<Record<string, string>>): string {
  for (const key of ['app.kubernetes.io/name', 'app.kubernetes.io/instance', 'app', 'k8s-app', 'name', 'component']) {
    const v = selector[key];
    if (v) return dnsLabelFrom(v);
  }
  const first = Object.entries(selector).find(([k]) => !isVolatileLabelKey(k));
  return first ? dnsLabelFrom(first[1]) : '';
}

function dnsLabelFrom(v: string): string {
  return v
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/**
 * Service ports proposed from the pods' container ports: one per distinct port, the same number on
 * the Service as in the container, targetPort by name when the container port has one (a name
 * follows the pods if the number changes). Multi-port Services need a name per port.
 */
export function portsFromOffered(offered: readonly OfferedPort[]): GuidedPort[] {
  const seen = new Set<string>();
  const out: GuidedPort[] = [];
  for (const o of offered) {
    const key = `${o.containerPort}/${o.protocol}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name: o.name ?? '', port: o.containerPort, targetPort: o.name ?? String(o.containerPort), protocol: o.protocol });
  }
  if (out.length > 1) out.forEach((p) => (p.name ||= `${p.protocol.toLowerCase()}-${p.port}`));
  return out;
}

/** The Service the flow creates. */
export function guidedService(state: GuidedState): Service {
  const metadata = { name: state.name.trim(), namespace: state.namespace };
  if (state.kind === 'ExternalName') {
    return { apiVersion: 'v1', kind: 'Service', metadata, spec: { type: 'ExternalName', externalName: state.externalName.trim() } };
  }
  const ports: ServicePort[] = state.ports.map((p) => {
    const target = parseTargetPort(p.targetPort);
    return {
      ...(p.name.trim() ? { name: p.name.trim() } : {}),
      protocol: p.protocol,
      port: p.port ?? 0,
      ...(target !== undefined ? { targetPort: target } : {}),
    };
  });
  const type = state.kind === 'headless' ? 'ClusterIP' : state.kind;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata,
    spec: {
      type,
      ...(state.kind === 'headless' ? { clusterIP: 'None' } : {}),
      selector: { ...state.selector },
      ports,
    },
  };
}

/** Which step asks for a field, by its path (`spec.ports[0].port` → 3): where to send the user to fix it. */
export function stepOfField(field: string): number {
  if (field.startsWith('spec.selector') || field.startsWith('metadata.namespace')) return 1;
  if (field.startsWith('spec.ports')) return 3;
  if (field.startsWith('metadata') || field.startsWith('spec.type') || field.startsWith('spec.externalName') || field.startsWith('spec.clusterIP')) return 2;
  return 4;
}
