/**
 * Which spec fields apply to each kind of Service, for the guided forms. Nothing here restates a
 * rule: every status is found by asking the real validation (validateServiceCreate), the real
 * defaulting (applyServiceDefaults) and the real warnings (serviceWarnings) about sample Services:
 *  - forbidden: setting the field makes validation fail at that field;
 *  - ignored:   the server accepts it but warns that it is ignored (or it does nothing for the type:
 *               lib/service/ignored-fields.ts);
 *  - required:  removing it makes validation report "Required value" (defaulted: the server fills it);
 *  - optional:  anything else (conditional: only in some configurations of the type).
 * Pure and browser-safe; results are computed once and cached.
 */
import type { JsonValue } from '../k8s/json';
import type { FieldError } from '../k8s/field-errors';
import type { Service, ServiceSpec } from '../k8s/types';
import { applyServiceDefaults } from './defaults';
import { cloneService, isHeadless, needsClusterIP, needsHealthCheckNodePort, shouldAllocateNodePorts } from './helpers';
import { FIELD_TEXT, type ServiceFieldName, type ServiceKind } from './type-rules-text';
import { validateServiceCreate } from './validation';
import { ignoredFieldNotes } from './ignored-fields';
import { serviceWarnings } from './warnings';

export { FIELD_TEXT, SERVICE_KIND_DESCRIPTIONS, SERVICE_KINDS } from './type-rules-text';
export type { ServiceFieldName, ServiceKind } from './type-rules-text';

export type FieldStatus = 'required' | 'optional' | 'forbidden' | 'ignored';

export interface FieldRule {
  field: ServiceFieldName;
  label: string;
  status: FieldStatus;
  /** Optional only in some configurations of the type (e.g. the affinity timeout needs ClientIP). */
  conditional: boolean;
  /** The server fills the field in when it is left empty. */
  defaulted: boolean;
  defaultValue?: JsonValue;
  /** The cluster allocates the value (IP or port) when it is left empty. */
  allocated: boolean;
  /** One or two sentences for a newcomer. */
  explanation: string;
}

/** Fields whose empty value means "the cluster picks one", with the allocators' own predicates. */
const ALLOCATES: Partial<Record<ServiceFieldName, (svc: Service) => boolean>> = {
  clusterIP: (svc) => needsClusterIP(svc) && !isHeadless(svc),
  'ports.nodePort': shouldAllocateNodePorts,
  healthCheckNodePort: needsHealthCheckNodePort,
};

type Setter = (spec: ServiceSpec) => void;

/** How to set a sample value and how to remove each field. */
const PROBES: Record<ServiceFieldName, { set: Setter; unset: Setter }> = {
  ports: { set: (s) => (s.ports = [{ port: 80, protocol: 'TCP', targetPort: 80 }]), unset: (s) => delete s.ports },
  'ports.nodePort': {
    set: (s) => (s.ports = (s.ports ?? [{ port: 80, protocol: 'TCP', targetPort: 80 }]).map((p) => ({ ...p, nodePort: 30080 }))),
    unset: (s) => s.ports?.forEach((p) => delete p.nodePort),
  },
  selector: { set: (s) => (s.selector = { app: 'sample' }), unset: (s) => delete s.selector },
  clusterIP: {
    set: (s) => Object.assign(s, { clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'] }),
    unset: (s) => (delete s.clusterIP, delete s.clusterIPs),
  },
  ipFamilies: { set: (s) => (s.ipFamilies = ['IPv4']), unset: (s) => delete s.ipFamilies },
  ipFamilyPolicy: { set: (s) => (s.ipFamilyPolicy = 'SingleStack'), unset: (s) => delete s.ipFamilyPolicy },
  externalIPs: { set: (s) => (s.externalIPs = ['192.0.2.10']), unset: (s) => delete s.externalIPs },
  sessionAffinity: { set: (s) => (s.sessionAffinity = 'None'), unset: (s) => delete s.sessionAffinity },
  sessionAffinityConfig: {
    set: (s) => (s.sessionAffinityConfig = { clientIP: { timeoutSeconds: 600 } }),
    unset: (s) => delete s.sessionAffinityConfig,
  },
  externalName: { set: (s) => (s.externalName = 'db.example.com'), unset: (s) => delete s.externalName },
  externalTrafficPolicy: { set: (s) => (s.externalTrafficPolicy = 'Cluster'), unset: (s) => delete s.externalTrafficPolicy },
  healthCheckNodePort: { set: (s) => (s.healthCheckNodePort = 32000), unset: (s) => delete s.healthCheckNodePort },
  internalTrafficPolicy: { set: (s) => (s.internalTrafficPolicy = 'Cluster'), unset: (s) => delete s.internalTrafficPolicy },
  loadBalancerSourceRanges: { set: (s) => (s.loadBalancerSourceRanges = ['10.0.0.0/8']), unset: (s) => delete s.loadBalancerSourceRanges },
  loadBalancerClass: { set: (s) => (s.loadBalancerClass = 'example.com/lb'), unset: (s) => delete s.loadBalancerClass },
  allocateLoadBalancerNodePorts: {
    set: (s) => (s.allocateLoadBalancerNodePorts = true),
    unset: (s) => delete s.allocateLoadBalancerNodePorts,
  },
  publishNotReadyAddresses: { set: (s) => (s.publishNotReadyAddresses = true), unset: (s) => delete s.publishNotReadyAddresses },
  trafficDistribution: { set: (s) => (s.trafficDistribution = 'PreferClose'), unset: (s) => delete s.trafficDistribution },
};

const FIELD_NAMES = Object.keys(PROBES) as ServiceFieldName[];

/** The kind of a Service as the forms present it. */
export function serviceKindOf(svc: Service): ServiceKind {
  if (isHeadless(svc) || (svc.spec?.clusterIP === 'None' && (svc.spec?.type ?? 'ClusterIP') === 'ClusterIP')) return 'headless';
  return svc.spec?.type ?? 'ClusterIP';
}

function sample(kind: ServiceKind, extra: ServiceSpec): Service {
  const type = kind === 'headless' ? 'ClusterIP' : kind;
  const ip: ServiceSpec =
    kind === 'ExternalName'
      ? { externalName: 'db.example.com' }
      : kind === 'headless'
        ? { clusterIP: 'None', clusterIPs: ['None'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' }
        : { clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' };
  return applyServiceDefaults({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'sample', namespace: 'default' },
    spec: { type, selector: { app: 'sample' }, ports: [{ port: 80 }], ...ip, ...extra },
  });
}

/** The configurations of a kind that make conditional fields meaningful. */
function variants(kind: ServiceKind): Service[] {
  const extras: ServiceSpec[] = [{}, { sessionAffinity: 'ClientIP' }];
  if (kind === 'LoadBalancer') extras.push({ externalTrafficPolicy: 'Local' });
  if (kind === 'ClusterIP' || kind === 'headless') extras.push({ externalIPs: ['192.0.2.10'] });
  return extras.map((e) => sample(kind, e));
}

function norm(path: string): string {
  return path.replace(/\[[^\]]*\]/g, '').replace(/^spec\./, '').toLowerCase();
}

function errorsAt(errs: readonly FieldError[], field: ServiceFieldName): FieldError[] {
  const want = field === 'clusterIP' ? ['clusterip', 'clusterips'] : [field.toLowerCase()];
  return errs.filter((e) => want.includes(norm(e.field)));
}

const validate = (svc: Service) => validateServiceCreate(svc, { allocated: false });

interface Probe {
  status: FieldStatus;
  defaulted: boolean;
  defaultValue?: JsonValue;
}

function specValue(spec: ServiceSpec | undefined, field: ServiceFieldName): JsonValue | undefined {
  if (!spec || field === 'ports.nodePort') return undefined;
  const v = (spec as Record<string, unknown>)[field];
  return v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as JsonValue);
}

function probe(base: Service, field: ServiceFieldName): Probe {
  const before = errorsAt(validate(base), field).length;
  const withIt = cloneService(base);
  PROBES[field].set((withIt.spec ??= {}));
  if (errorsAt(validate(withIt), field).length > before) return { status: 'forbidden', defaulted: false };
  const notes = [...serviceWarnings(withIt), ...ignoredFieldNotes(withIt)];
  if (notes.some((w) => w.startsWith(`spec.${field} is ignored`))) return { status: 'ignored', defaulted: false };
  const without = cloneService(base);
  PROBES[field].unset((without.spec ??= {}));
  const missing = errorsAt(validate(without), field).some((e) => e.type === 'FieldValueRequired');
  if (!missing) return { status: 'optional', defaulted: false };
  const refilled = applyServiceDefaults(without);
  const stillMissing = errorsAt(validate(refilled), field).some((e) => e.type === 'FieldValueRequired');
  return stillMissing
    ? { status: 'required', defaulted: false }
    : { status: 'required', defaulted: true, defaultValue: specValue(refilled.spec, field) };
}

function explain(kind: ServiceKind, field: ServiceFieldName, r: Omit<FieldRule, 'explanation' | 'label' | 'field'>): string {
  const t = FIELD_TEXT[field];
  const who = kind === 'headless' ? 'headless' : kind;
  switch (r.status) {
    case 'forbidden':
      return `Not allowed on ${who} Services. ${t.appliesWhen}`;
    case 'ignored':
      return `Accepted but ignored on ${who} Services. ${t.appliesWhen}`;
    case 'required':
      return r.defaulted
        ? `${t.summary} Required; left empty, the cluster sets ${JSON.stringify(r.defaultValue)}.`
        : `${t.summary} Required for ${who} Services.`;
    default: {
      let s = t.summary;
      if (r.conditional) s += ` ${t.appliesWhen}`;
      if (r.allocated) s += ' Leave it empty and the cluster picks one.';
      return s;
    }
  }
}

function computeRule(kind: ServiceKind, field: ServiceFieldName): FieldRule {
  const configs = variants(kind);
  const results = configs.map((v) => probe(v, field));
  const allocates = ALLOCATES[field];
  const allowed = results.filter((r) => r.status === 'required' || r.status === 'optional');
  let status: FieldStatus;
  let conditional = false;
  if (allowed.length === 0) status = results.some((r) => r.status === 'ignored') ? 'ignored' : 'forbidden';
  else if (allowed.length === results.length && allowed.every((r) => r.status === 'required')) status = 'required';
  else {
    status = 'optional';
    conditional = allowed.length !== results.length;
  }
  if (kind === 'headless' && field === 'clusterIP') status = 'required';
  const firstDefault = allowed.find((r) => r.defaulted);
  const base = {
    status,
    conditional,
    defaulted: status === 'required' && firstDefault !== undefined,
    defaultValue: status === 'required' ? firstDefault?.defaultValue : undefined,
    allocated: status === 'optional' && allocates !== undefined && configs.some(allocates),
  };
  const explanation =
    kind === 'headless' && field === 'clusterIP'
      ? 'Must be "None": that is what makes the Service headless (DNS returns the pod IPs, there is no virtual IP).'
      : explain(kind, field, base);
  const rule: FieldRule = { field, label: FIELD_TEXT[field].label, ...base, explanation };
  if (rule.defaultValue === undefined) delete rule.defaultValue;
  return rule;
}

const cache = new Map<ServiceKind, FieldRule[]>();

/** Every field's rule for one kind of Service, in form order. */
export function serviceTypeRules(kind: ServiceKind): FieldRule[] {
  let rules = cache.get(kind);
  if (!rules) {
    rules = FIELD_NAMES.map((f) => computeRule(kind, f));
    cache.set(kind, rules);
  }
  return rules;
}

/** One field's rule for one kind. */
export function fieldRule(kind: ServiceKind, field: ServiceFieldName): FieldRule {
  const rule = serviceTypeRules(kind).find((r) => r.field === field);
  if (!rule) throw new Error(`unknown Service field ${field}`);
  return rule;
}
