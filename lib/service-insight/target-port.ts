/**
 * targetPort resolution on a pod, as the EndpointSlice controller does it (podutil.FindPort): a
 * number is used as it is; a name must match a container port with that name AND the Service port's
 * protocol. Pure.
 */
import type { IntOrString, Pod, Protocol, ServicePort } from '../k8s/types';

/** The targetPort after defaulting (unset, 0 or "" → the port). */
export function effectiveTargetPort(sp: ServicePort): IntOrString {
  const t = sp.targetPort;
  if (t === undefined || t === null || t === 0 || t === '') return sp.port;
  return t;
}

export interface DeclaringPort {
  container: string;
  portName?: string;
  containerPort: number;
  protocol: Protocol;
}

export type TargetPortResolution =
  /** A number: traffic goes there; `declaredBy` is the container port that declares it, if any. */
  | { kind: 'number'; port: number; declaredBy?: DeclaringPort }
  /** A name that a container port declares with the same protocol. */
  | { kind: 'name'; name: string; port: number; declaredBy: DeclaringPort }
  /** A name no container port of the pod declares (with that protocol). */
  | { kind: 'unresolved'; name: string; reason: string };

function containerPorts(pod: Pod): DeclaringPort[] {
  const out: DeclaringPort[] = [];
  for (const c of pod.spec?.containers ?? []) {
    for (const p of c.ports ?? []) {
      out.push({ container: c.name, portName: p.name, containerPort: p.containerPort, protocol: p.protocol ?? 'TCP' });
    }
  }
  return out;
}

export function resolveTargetPort(sp: ServicePort, pod: Pod): TargetPortResolution {
  const target = effectiveTargetPort(sp);
  const protocol = sp.protocol ?? 'TCP';
  const declared = containerPorts(pod);
  if (typeof target === 'number') {
    const declaredBy = declared.find((d) => d.containerPort === target && d.protocol === protocol);
    return declaredBy ? { kind: 'number', port: target, declaredBy } : { kind: 'number', port: target };
  }
  const match = declared.find((d) => d.portName === target && d.protocol === protocol);
  if (match) return { kind: 'name', name: target, port: match.containerPort, declaredBy: match };
  const otherProtocol = declared.find((d) => d.portName === target);
  if (otherProtocol) {
    return {
      kind: 'unresolved',
      name: target,
      reason: `container ${otherProtocol.container} declares port "${target}" as ${otherProtocol.protocol}, the Service port is ${protocol}`,
    };
  }
  const names = declared.map((d) => d.portName).filter((n): n is string => !!n);
  return {
    kind: 'unresolved',
    name: target,
    reason: names.length
      ? `no container port is named "${target}" (declared: ${names.join(', ')})`
      : `no container port is named "${target}" (the pod declares no named ports)`,
  };
}

/** How one Service port resolves over the backing pods, e.g. `http → 8080` or `grpc → unresolved on 2/2 pods`. */
export interface TargetPortSummary {
  target: IntOrString;
  /** Distinct resolved ports over the pods. */
  ports: number[];
  resolvedPods: number;
  unresolvedPods: string[];
  /** Pods where a numeric target is not declared by any container (works if the process listens). */
  undeclaredPods: string[];
  text: string;
}

export function summarizeTargetPort(sp: ServicePort, pods: readonly Pod[]): TargetPortSummary {
  const target = effectiveTargetPort(sp);
  const ports = new Set<number>();
  const unresolvedPods: string[] = [];
  const undeclaredPods: string[] = [];
  for (const pod of pods) {
    const r = resolveTargetPort(sp, pod);
    if (r.kind === 'unresolved') unresolvedPods.push(pod.metadata.name ?? '');
    else {
      ports.add(r.port);
      if (r.kind === 'number' && !r.declaredBy) undeclaredPods.push(pod.metadata.name ?? '');
    }
  }
  const sorted = [...ports].sort((a, b) => a - b);
  const resolvedPods = pods.length - unresolvedPods.length;
  let text: string;
  if (pods.length === 0) text = typeof target === 'number' ? String(target) : `${target} (no backing pods to resolve it on)`;
  else if (typeof target === 'number') text = undeclaredPods.length === pods.length ? `${target} (not declared by any container)` : String(target);
  else if (resolvedPods === 0) text = `${target} → unresolved on ${pods.length}/${pods.length} pods`;
  else {
    text = `${target} → ${sorted.join(', ')}`;
    if (unresolvedPods.length) text += ` (unresolved on ${unresolvedPods.length}/${pods.length} pods)`;
  }
  return { target, ports: sorted, resolvedPods, unresolvedPods, undeclaredPods, text };
}
