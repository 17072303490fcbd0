/**
 * How each field of the Service form is written into a Service (lib/service-draft/form-model.ts
 * calls these only for fields whose form value changed). Pure.
 */
import type { Service, ServicePort, ServiceSpec } from '../k8s/types';
import type { FormField, InputProblem, KeyValueRow, ServiceForm } from './form-model';

/** Whole number from text; `undefined` for empty text; NaN for anything else. */
export function parseWhole(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** Rows back to a map (later rows win on duplicate keys; a row with an empty key and value is skipped). */
export function mapOf(rows: readonly KeyValueRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) if (r.key !== '' || r.value !== '') out[r.key] = r.value;
  return out;
}

/** Same value, ignoring row ids (rows compare by key/value, ports by their text). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a, (k, v: unknown) => (k === 'id' ? undefined : v)) === JSON.stringify(b, (k, v: unknown) => (k === 'id' ? undefined : v));
}

export type Writer = (spec: ServiceSpec, form: ServiceForm, svc: Service, problems: InputProblem[]) => void;

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

export function writePorts(spec: ServiceSpec, form: ServiceForm, problems: InputProblem[], original: ServicePort[]): void {
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
export const WRITERS: Partial<Record<FormField, Writer>> = {
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

export const SPEC_ORDER: FormField[] = [
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

export function writeMeta(out: Service, form: ServiceForm, before: ServiceForm): void {
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

