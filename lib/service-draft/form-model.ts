/**
 * The Service form model: what the create/edit form holds, as typed text (so bad input is kept as
 * typed), and its mapping to and from a `Service`. Nothing is lost: `applyForm` writes only the
 * fields whose form value differs from the form of the object it starts from, onto a copy of that
 * object — unknown fields, unmanaged annotations, status and managedFields stay exactly as they were.
 * Pure and browser-safe (the forms and the YAML editor share it).
 */
import type { IPFamily, IPFamilyPolicy, Protocol, Service, ServicePort, ServiceSpec, SessionAffinity, TrafficPolicy } from '../k8s/types';
import { cloneService, serviceKindOf, type ServiceKind } from '../service';
import { sameValue, SPEC_ORDER, WRITERS, writeMeta, writePorts } from './form-writers';

export { mapOf } from './form-writers';

export interface KeyValueRow {
  /** Stable row id for React keys (not part of the Service). */
  id: string;
  key: string;
  value: string;
}

export interface PortRow {
  id: string;
  /** Index of the port in the object the form started from (its unknown keys are kept), or -1. */
  origin: number;
  name: string;
  protocol: Protocol;
  /** Numbers are text: what the user typed stays, parse errors are reported at the field. */
  port: string;
  /** A number, or a port name declared by the pods; empty means "same as port". */
  targetPort: string;
  /** Empty: the cluster allocates one (NodePort and LoadBalancer). */
  nodePort: string;
  appProtocol: string;
}

export type ClusterIPMode = 'allocated' | 'fixed' | 'headless';

export interface ServiceForm {
  kind: ServiceKind;
  nameMode: 'name' | 'generateName';
  name: string;
  generateName: string;
  namespace: string;
  labels: KeyValueRow[];
  annotations: KeyValueRow[];
  ports: PortRow[];
  /** 'none': no selector, endpoints are managed by hand (EndpointSlices). */
  selectorMode: 'selector' | 'none';
  selector: KeyValueRow[];
  clusterIPMode: ClusterIPMode;
  /** The fixed primary address (clusterIPMode 'fixed'); further clusterIPs are kept from the object. */
  clusterIP: string;
  ipFamilyPolicy: IPFamilyPolicy | '';
  ipFamilies: IPFamily[];
  sessionAffinity: SessionAffinity | '';
  affinityTimeout: string;
  internalTrafficPolicy: TrafficPolicy | '';
  externalTrafficPolicy: TrafficPolicy | '';
  healthCheckNodePort: string;
  externalIPs: string[];
  publishNotReadyAddresses: boolean;
  trafficDistribution: string;
  loadBalancerClass: string;
  loadBalancerSourceRanges: string[];
  allocateLoadBalancerNodePorts: '' | 'true' | 'false';
  loadBalancerIP: string;
  externalName: string;
}

export type FormField = keyof ServiceForm;

let rowSeq = 0;
export function newRowId(): string {
  rowSeq += 1;
  return `r${rowSeq}`;
}

export function rowsOf(map: Readonly<Record<string, string>> | undefined): KeyValueRow[] {
  return Object.entries(map ?? {}).map(([key, value]) => ({ id: newRowId(), key, value: String(value) }));
}

const numText = (n: number | undefined): string => (n === undefined || n === null ? '' : String(n));

export function emptyPortRow(): PortRow {
  return { id: newRowId(), origin: -1, name: '', protocol: 'TCP', port: '', targetPort: '', nodePort: '', appProtocol: '' };
}

function portRow(p: ServicePort, i: number): PortRow {
  return {
    id: newRowId(),
    origin: i,
    name: p.name ?? '',
    protocol: p.protocol ?? 'TCP',
    port: numText(p.port),
    targetPort: p.targetPort === undefined || p.targetPort === null ? '' : String(p.targetPort),
    nodePort: numText(p.nodePort),
    appProtocol: p.appProtocol ?? '',
  };
}

function clusterIPModeOf(spec: ServiceSpec, kind: ServiceKind): ClusterIPMode {
  if (kind === 'headless' || spec.clusterIP === 'None') return 'headless';
  return spec.clusterIP ? 'fixed' : 'allocated';
}

/** The form showing a Service. */
export function toForm(svc: Service): ServiceForm {
  const spec = svc.spec ?? {};
  const meta = svc.metadata ?? {};
  const kind = serviceKindOf(svc);
  return {
    kind,
    nameMode: !meta.name && meta.generateName ? 'generateName' : 'name',
    name: meta.name ?? '',
    generateName: meta.generateName ?? '',
    namespace: meta.namespace ?? '',
    labels: rowsOf(meta.labels),
    annotations: rowsOf(meta.annotations),
    ports: (spec.ports ?? []).map(portRow),
    selectorMode: spec.selector === undefined || spec.selector === null ? 'none' : 'selector',
    selector: rowsOf(spec.selector ?? undefined),
    clusterIPMode: clusterIPModeOf(spec, kind),
    clusterIP: spec.clusterIP && spec.clusterIP !== 'None' ? spec.clusterIP : '',
    ipFamilyPolicy: spec.ipFamilyPolicy ?? '',
    ipFamilies: [...(spec.ipFamilies ?? [])],
    sessionAffinity: spec.sessionAffinity ?? '',
    affinityTimeout: numText(spec.sessionAffinityConfig?.clientIP?.timeoutSeconds),
    internalTrafficPolicy: spec.internalTrafficPolicy ?? '',
    externalTrafficPolicy: spec.externalTrafficPolicy ?? '',
    healthCheckNodePort: numText(spec.healthCheckNodePort),
    externalIPs: [...(spec.externalIPs ?? [])],
    publishNotReadyAddresses: spec.publishNotReadyAddresses ?? false,
    trafficDistribution: spec.trafficDistribution ?? '',
    loadBalancerClass: spec.loadBalancerClass ?? '',
    loadBalancerSourceRanges: [...(spec.loadBalancerSourceRanges ?? [])],
    allocateLoadBalancerNodePorts:
      spec.allocateLoadBalancerNodePorts === undefined || spec.allocateLoadBalancerNodePorts === null
        ? ''
        : spec.allocateLoadBalancerNodePorts
          ? 'true'
          : 'false',
    loadBalancerIP: spec.loadBalancerIP ?? '',
    externalName: spec.externalName ?? '',
  };
}

/** Text that is not a whole number, at the field path it would fill (reported as a form error). */
export interface InputProblem {
  field: string;
  text: string;
}


export interface FormResult {
  service: Service;
  /** Numeric fields whose text is not a whole number: they are left out of the Service. */
  problems: InputProblem[];
}

/**
 * The Service the form describes, built on a copy of `origin` (the object the form was made from):
 * fields whose form value is unchanged are not touched.
 */
export function applyForm(form: ServiceForm, origin: Service): FormResult {
  const before = toForm(origin);
  const out = cloneService(origin);
  out.metadata ??= {};
  const problems: InputProblem[] = [];
  writeMeta(out, form, before);
  const spec: ServiceSpec = (out.spec ??= {});
  if (form.kind !== before.kind) {
    spec.type = form.kind === 'headless' ? 'ClusterIP' : form.kind;
  }
  if (!sameValue(form.ports, before.ports)) writePorts(spec, form, problems, origin.spec?.ports ?? []);
  for (const f of SPEC_ORDER) {
    if (!sameValue(form[f], before[f])) WRITERS[f]?.(spec, form, out, problems);
  }
  // Headless is a kind and a clusterIP mode at once: keep the two in step.
  if (form.kind !== before.kind && (form.kind === 'headless') !== (before.kind === 'headless') && form.clusterIPMode === before.clusterIPMode) {
    WRITERS.clusterIP?.(spec, form, out, problems);
  }
  if (out.spec && Object.keys(out.spec).length === 0 && origin.spec === undefined) delete out.spec;
  return { service: out, problems };
}

/** A new Service of a kind in a namespace: the object a create form starts from. */
export function newServiceSkeleton(kind: ServiceKind, namespace: string): Service {
  const spec: ServiceSpec = { type: kind === 'headless' ? 'ClusterIP' : kind };
  if (kind === 'headless') {
    spec.clusterIP = 'None';
    spec.clusterIPs = ['None'];
  }
  if (kind !== 'ExternalName') {
    spec.selector = {};
    spec.ports = [{ protocol: 'TCP', port: 80 }];
  }
  return { apiVersion: 'v1', kind: 'Service', metadata: { namespace }, spec };
}
