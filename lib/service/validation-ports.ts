/**
 * spec.ports rules of ValidateService (validateServicePort, nodePort per type, duplicate
 * port/protocol and nodePort/protocol pairs), v1.32. Pure.
 */
import { fieldError, FieldPath, type FieldError } from '../k8s/field-errors';
import type { IntOrString, Service, ServicePort } from '../k8s/types';
import { duplicateGo } from '../k8s/validation/go-value';
import { isDNS1123Label, isQualifiedName, isValidPortName, isValidPortNum } from '../k8s/validation/names';

export const SUPPORTED_PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;

const SPEC = FieldPath.root('spec');
const PORTS = SPEC.child('ports');

/** ValidatePortNumOrName: an int port 1..65535 or an IANA service name. */
export function validatePortNumOrName(port: IntOrString | undefined, path: FieldPath): FieldError[] {
  if (typeof port === 'string') return isValidPortName(port).map((m) => fieldError.invalid(path, port, m));
  const n = typeof port === 'number' ? port : 0;
  return isValidPortNum(n).map((m) => fieldError.invalid(path, n, m));
}

/** validateServicePort: name (required when several ports, DNS-1123 label, unique), port, protocol, targetPort, appProtocol. */
export function validateServicePort(
  sp: ServicePort,
  requireName: boolean,
  allNames: Set<string>,
  path: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  const name = sp.name ?? '';
  if (requireName && name.length === 0) {
    errs.push(fieldError.required(path.child('name')));
  } else if (name.length !== 0) {
    errs.push(...isDNS1123Label(name).map((m) => fieldError.invalid(path.child('name'), name, m)));
    if (allNames.has(name)) errs.push(fieldError.duplicate(path.child('name'), name));
    else allNames.add(name);
  }
  const port = sp.port ?? 0;
  errs.push(...isValidPortNum(port).map((m) => fieldError.invalid(path.child('port'), port, m)));
  const protocol: string = sp.protocol ?? '';
  if (protocol.length === 0) errs.push(fieldError.required(path.child('protocol')));
  else if (!(SUPPORTED_PORT_PROTOCOLS as readonly string[]).includes(protocol)) {
    errs.push(fieldError.notSupported(path.child('protocol'), protocol, SUPPORTED_PORT_PROTOCOLS));
  }
  errs.push(...validatePortNumOrName(sp.targetPort, path.child('targetPort')));
  if (sp.appProtocol !== undefined && sp.appProtocol !== null) {
    const ap = sp.appProtocol;
    errs.push(...isQualifiedName(ap).map((m) => fieldError.invalid(path.child('appProtocol'), ap, m)));
  }
  return errs;
}

/** Go's %#v of the core.ServicePort key used by the duplicate port check. */
function goServicePortKey(protocol: string, port: number): string {
  return (
    `core.ServicePort{Name:"", Protocol:${JSON.stringify(protocol)}, AppProtocol:(*string)(nil), Port:${port}, ` +
    `TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`
  );
}

/** Each port on its own, then names unique (in ValidateService's order). */
export function validateServicePorts(svc: Service): FieldError[] {
  const ports = svc.spec?.ports ?? [];
  const names = new Set<string>();
  return ports.flatMap((p, i) => validateServicePort(p, ports.length > 1, names, PORTS.index(i)));
}

/** nodePort is forbidden on ClusterIP Services. */
export function validateNodePortsForType(svc: Service): FieldError[] {
  if (svc.spec?.type !== 'ClusterIP') return [];
  const errs: FieldError[] = [];
  (svc.spec.ports ?? []).forEach((p, i) => {
    if (p.nodePort) {
      errs.push(fieldError.forbidden(PORTS.index(i).child('nodePort'), "may not be used when `type` is 'ClusterIP'"));
    }
  });
  return errs;
}

/**
 * nodePort inside 1..65535 on NodePort/LoadBalancer Services. Not a rule of ValidateService: on the
 * real server the allocator rejects such ports on create ("provided port is not in the valid range")
 * and a dry run lets them through. Run for drafts only (`allocated: false`), so that forms flag
 * impossible values before they reach the cluster; the embedded cluster leaves them to its allocator.
 */
export function validateNodePortNumbers(svc: Service): FieldError[] {
  const t = svc.spec?.type;
  if (t !== 'NodePort' && t !== 'LoadBalancer') return [];
  const errs: FieldError[] = [];
  (svc.spec?.ports ?? []).forEach((p, i) => {
    if (p.nodePort !== undefined && p.nodePort !== 0) {
      const np = p.nodePort;
      errs.push(...isValidPortNum(np).map((m) => fieldError.invalid(PORTS.index(i).child('nodePort'), np, m)));
    }
  });
  return errs;
}

/** Duplicate (protocol, nodePort) pairs, then duplicate (protocol, port) pairs. */
export function validateDuplicatePorts(svc: Service): FieldError[] {
  const errs: FieldError[] = [];
  const ports = svc.spec?.ports ?? [];
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    if (!p.nodePort) return;
    const key = `${p.protocol ?? ''}/${p.nodePort}`;
    if (nodePorts.has(key)) errs.push(fieldError.duplicate(PORTS.index(i).child('nodePort'), p.nodePort));
    nodePorts.add(key);
  });
  const seen = new Set<string>();
  ports.forEach((p, i) => {
    const protocol = p.protocol ?? '';
    const port = p.port ?? 0;
    const key = `${protocol}/${port}`;
    if (seen.has(key)) errs.push(duplicateGo(PORTS.index(i), goServicePortKey(protocol, port)));
    seen.add(key);
  });
  return errs;
}
