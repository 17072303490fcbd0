/**
 * What the targetPort picker offers and warns about: the container ports declared by the pods a
 * selector matches, and whether a targetPort (a name or a number) resolves on all, some or none of
 * them. Resolution per pod is lib/service-insight/target-port (podutil.FindPort). Pure.
 */
import type { IntOrString, Pod, Protocol, ServicePort } from '../k8s/types';
import { summarizeTargetPort } from '../service-insight/target-port';

export interface OfferedPort {
  /** The container port's name, if it has one. */
  name?: string;
  containerPort: number;
  protocol: Protocol;
  /** How many of the pods declare it (same name, number and protocol). */
  pods: number;
  /** The containers that declare it. */
  containers: string[];
}

/** Distinct container ports of the pods (name + number + protocol), most widely declared first. */
export function offeredPorts(pods: readonly Pod[]): OfferedPort[] {
  const byKey = new Map<string, OfferedPort & { podNames: Set<string> }>();
  for (const pod of pods) {
    for (const c of pod.spec?.containers ?? []) {
      for (const p of c.ports ?? []) {
        const protocol = p.protocol ?? 'TCP';
        const key = `${p.name ?? ''}/${p.containerPort}/${protocol}`;
        const entry = byKey.get(key) ?? { name: p.name || undefined, containerPort: p.containerPort, protocol, pods: 0, containers: [], podNames: new Set<string>() };
        entry.podNames.add(pod.metadata.name ?? '');
        if (!entry.containers.includes(c.name)) entry.containers.push(c.name);
        byKey.set(key, entry);
      }
    }
  }
  return [...byKey.values()]
    .map(({ podNames, ...rest }) => ({ ...rest, pods: podNames.size }))
    .sort((a, b) => b.pods - a.pods || a.containerPort - b.containerPort || (a.name ?? '').localeCompare(b.name ?? ''));
}

/** A picker value: a name stays a name (it follows the pods), a number a number. */
export function targetPortOf(port: OfferedPort, preferName = true): IntOrString {
  return preferName && port.name ? port.name : port.containerPort;
}

/** Parses what was typed: digits → a number, anything else → a port name ("" → unset). */
export function parseTargetPort(text: string): IntOrString | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return /^\d+$/.test(t) ? Number(t) : t;
}

export type TargetPortWarning =
  | { kind: 'no-pods'; message: string }
  | { kind: 'unresolved-all'; message: string; pods: string[] }
  | { kind: 'unresolved-some'; message: string; pods: string[] }
  | { kind: 'undeclared-number'; message: string; pods: string[] }
  | { kind: 'several-ports'; message: string; ports: number[] };

/**
 * Warnings for one Service port's targetPort over the pods its selector matches: a name that no
 * pod declares (with the port's protocol) or only some do, a number no container declares (it
 * works only if the process listens there anyway), a name resolving to different numbers.
 */
export function targetPortWarnings(sp: ServicePort, pods: readonly Pod[]): TargetPortWarning[] {
  const summary = summarizeTargetPort(sp, pods);
  const target = summary.target;
  const protocol = sp.protocol ?? 'TCP';
  if (pods.length === 0) {
    return typeof target === 'string'
      ? [{ kind: 'no-pods', message: `No pod matches the selector, so the port name "${target}" cannot be checked.` }]
      : [];
  }
  const out: TargetPortWarning[] = [];
  if (typeof target === 'string') {
    const unresolved = summary.unresolvedPods;
    if (unresolved.length === pods.length) {
      const offered = offeredPorts(pods);
      const otherProtocol = offered.find((o) => o.name === target && o.protocol !== protocol);
      const names = [...new Set(offered.filter((o) => o.protocol === protocol && o.name).map((o) => o.name))];
      const why = otherProtocol
        ? ` (the pods declare it as ${otherProtocol.protocol})`
        : names.length
          ? ` (declared: ${names.join(', ')})`
          : ' (the pods declare no named ports)';
      out.push({
        kind: 'unresolved-all',
        pods: unresolved,
        message: `No matching pod declares a ${protocol} container port named "${target}"${why}: the Service will have no endpoints for this port.`,
      });
    } else if (unresolved.length > 0) {
      out.push({
        kind: 'unresolved-some',
        pods: unresolved,
        message: `Only ${pods.length - unresolved.length} of ${pods.length} matching pods declare a ${protocol} container port named "${target}"; ${unresolved.join(', ')} will get no traffic on this port.`,
      });
    }
    if (summary.ports.length > 1) {
      out.push({ kind: 'several-ports', ports: summary.ports, message: `"${target}" means different numbers on different pods: ${summary.ports.join(', ')}.` });
    }
  } else if (summary.undeclaredPods.length === pods.length) {
    out.push({
      kind: 'undeclared-number',
      pods: summary.undeclaredPods,
      message: `No matching pod declares ${protocol} port ${target}; it works only if the process listens there anyway.`,
    });
  }
  return out;
}
