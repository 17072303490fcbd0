/**
 * The Service form model: what the create/edit form holds, as typed text (so bad input is kept as
 * typed), and its mapping to and from a `Service`. Nothing is lost: `applyForm` writes only the
 * fields whose form value differs from the form of the object it starts from, onto a copy of that
 * object — unknown fields, unmanaged annotations, status and managedFields stay exactly as they were.
 * Pure and browser-safe (the forms and the YAML editor share it).
 */
import type { IPFamily, IPFamilyPolicy, Protocol, Service, ServicePort, ServiceSpec, SessionAffinity, TrafficPolicy } from '../k8s/types';
import { cloneService, serviceKindOf, type ServiceKind } from '../service';

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

/** Rows back to a map (later rows win on duplicate keys; a row with an empty key and value is skipped). */
export function mapOf(rows: readonly KeyValueRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) if (r.key !== '' || r.value !== '') out[r.key] = r.value;
  return out;
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

/** Whole number from text; `undefined` for empty text; NaN for anything else. */
export function parseWhole(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
}

export interface FormResult {
  service: Service;
  /** Numeric fields whose text is not a whole number: they are left out of the Service. */
  problems: InputProblem[];
}

/** Same value, ignoring row ids (rows compare by key/value, ports by their text). */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a, (k, v: unknown) => (k === 'id' ? undefined : v)) === JSON.stringify(b, (k, v: unknown) => (k === 'id' ? undefined : v));
}

type Writer = (spec: ServiceSpec, form: ServiceForm, svc: Service, problems: InputProblem[]) => void;

function setOrDelete<K extends keyof ServiceSpec>(spec: ServiceSpec, key: K, value: ServiceSpec[K] | undefined): void {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete spec[key];
  else spec[key] = value;
}

function whole(text: string, field: string, problems: InputProblem[]): number | undefined {
  const n = parseWhole(text);
  if (n !== undefined && Number.isNaN(n)) {
    problems.push({ field, text });
    return undefined;
  }
  return n;
}

function writePorts(spec: ServiceSpec, form: ServiceForm, problems: InputProblem[], original: ServicePort[]): void {
  spec.ports = form.ports.map((row, i) => {
    const base: ServicePort = row.origin >= 0 && original[row.origin] ? { ...original[row.origin] } : { port: 0 };
    const path = `spec.ports[${i}]`;
    const out: ServicePort = { ...base };
    if (row.name) out.name = row.name;
    else delete out.name;
    out.protocol = row.protocol;
    const port = whole(row.port, `${path}.port`, problems);
    if (port === undefined) delete (out as Partial<ServicePort>).port;
    else out.port = port;
    const tp = row.targetPort.trim();
    if (tp === '') delete out.targetPort;
    else out.targetPort = /^-?\d+$/.test(tp) ? Number(tp) : tp;
    const np = whole(row.nodePort, `${path}.nodePort`, problems);
    if (np === undefined) delete out.nodePort;
    else out.nodePort = np;
    if (row.appProtocol) out.appProtocol = row.appProtocol;
    else delete out.appProtocol;
    return out;
  });
  if (spec.ports.length === 0) delete spec.ports;
}

/** How each form field is written into a Service (only called when the field changed). */
const WRITERS: Partial<Record<FormField, Writer>> = {
  selector: (spec, f) => (spec.selector = mapOf(f.selector)),
  selectorMode: (spec, f) => {
    if (f.selectorMode === 'none') delete spec.selector;
    else spec.selector = mapOf(f.selector);
  },
  clusterIPMode: (spec, f) => WRITERS.clusterIP?.(spec, f, { metadata: {} }, []),
  clusterIP: (spec, f) => {
    if (f.clusterIPMode === 'headless') {
      spec.clusterIP = 'None';
      spec.clusterIPs = ['None'];
    } else if (f.clusterIPMode === 'fixed' && f.clusterIP.trim() !== '') {
      const ip = f.clusterIP.trim();
      const rest = (spec.clusterIPs ?? []).slice(1).filter((x) => x !== 'None');
      spec.clusterIP = ip;
      spec.clusterIPs = [ip, ...rest];
    } else {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
  },
  ipFamilyPolicy: (spec, f) => setOrDelete(spec, 'ipFamilyPolicy', f.ipFamilyPolicy || undefined),
  ipFamilies: (spec, f) => setOrDelete(spec, 'ipFamilies', [...f.ipFamilies]),
  sessionAffinity: (spec, f) => {
    setOrDelete(spec, 'sessionAffinity', f.sessionAffinity || undefined);
    if (f.sessionAffinity !== 'ClientIP') delete spec.sessionAffinityConfig;
  },
  affinityTimeout: (spec, f, _svc, problems) => {
    const n = whole(f.affinityTimeout, 'spec.sessionAffinityConfig.clientIP.timeoutSeconds', problems);
    if (n === undefined) delete spec.sessionAffinityConfig;
    else spec.sessionAffinityConfig = { ...(spec.sessionAffinityConfig ?? {}), clientIP: { ...(spec.sessionAffinityConfig?.clientIP ?? {}), timeoutSeconds: n } };
  },
  internalTrafficPolicy: (spec, f) => setOrDelete(spec, 'internalTrafficPolicy', f.internalTrafficPolicy || undefined),
  externalTrafficPolicy: (spec, f) => setOrDelete(spec, 'externalTrafficPolicy', f.externalTrafficPolicy || undefined),
  healthCheckNodePort: (spec, f, _svc, problems) => setOrDelete(spec, 'healthCheckNodePort', whole(f.healthCheckNodePort, 'spec.healthCheckNodePort', problems)),
  externalIPs: (spec, f) => setOrDelete(spec, 'externalIPs', f.externalIPs.map((s) => s.trim()).filter((s) => s !== '')),
  publishNotReadyAddresses: (spec, f) => {
    if (f.publishNotReadyAddresses) spec.publishNotReadyAddresses = true;
    else delete spec.publishNotReadyAddresses;
  },
  trafficDistribution: (spec, f) => setOrDelete(spec, 'trafficDistribution', f.trafficDistribution || undefined),
  loadBalancerClass: (spec, f) => setOrDelete(spec, 'loadBalancerClass', f.loadBalancerClass || undefined),
  loadBalancerSourceRanges: (spec, f) =>
    setOrDelete(spec, 'loadBalancerSourceRanges', f.loadBalancerSourceRanges.map((s) => s.trim()).filter((s) => s !== '')),
  allocateLoadBalancerNodePorts: (spec, f) =>
    setOrDelete(spec, 'allocateLoadBalancerNodePorts', f.allocateLoadBalancerNodePorts === '' ? undefined : f.allocateLoadBalancerNodePorts === 'true'),
  loadBalancerIP: (spec, f) => setOrDelete(spec, 'loadBalancerIP', f.loadBalancerIP || undefined),
  externalName: (spec, f) => setOrDelete(spec, 'externalName', f.externalName || undefined),
};

const SPEC_ORDER: FormField[] = [
  'selectorMode',
  'selector',
  'clusterIPMode',
  'clusterIP',
  'ipFamilyPolicy',
  'ipFamilies',
  'sessionAffinity',
  'affinityTimeout',
  'internalTrafficPolicy',
  'externalTrafficPolicy',
  'healthCheckNodePort',
  'externalIPs',
  'publishNotReadyAddresses',
  'trafficDistribution',
  'loadBalancerClass',
  'loadBalancerSourceRanges',
  'allocateLoadBalancerNodePorts',
  'loadBalancerIP',
  'externalName',
];

function writeMeta(out: Service, form: ServiceForm, before: ServiceForm): void {
  const meta = out.metadata;
  if (form.nameMode !== before.nameMode || form.name !== before.name || form.generateName !== before.generateName) {
    if (form.nameMode === 'name') {
      if (form.name) meta.name = form.name;
      else delete meta.name;
      if (before.nameMode !== 'name') delete meta.generateName;
    } else {
      if (form.generateName) meta.generateName = form.generateName;
      else delete meta.generateName;
      delete meta.name;
    }
  }
  if (form.namespace !== before.namespace) meta.namespace = form.namespace;
  if (!sameValue(form.labels, before.labels)) {
    const m = mapOf(form.labels);
    if (Object.keys(m).length) meta.labels = m;
    else delete meta.labels;
  }
  if (!sameValue(form.annotations, before.annotations)) {
    const m = mapOf(form.annotations);
    if (Object.keys(m).length) meta.annotations = m;
    else delete meta.annotations;
  }
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
