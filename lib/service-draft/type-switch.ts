/**
 * Switching a draft Service from one kind to another the way the API server's type-transition
 * rules do it (lib/service dropTypeDependentFields): what the switch sets, what the rules drop,
 * what stays, and what the rules leave in place although the new kind does not allow or use it
 * (to clear by hand) — plus one line saying so. Undo is the `before` object. Pure.
 */
import type { Service, ServiceSpec } from '../k8s/types';
import {
  cloneService,
  dropTypeDependentFields,
  fieldRule,
  FIELD_TEXT,
  SERVICE_KINDS,
  serviceKindOf,
  type ServiceFieldName,
  type ServiceKind,
} from '../service';

export interface FieldChange {
  /** Spec field name (`nodePort` stands for every port's nodePort). */
  field: string;
  before: unknown;
  after: unknown;
}

export interface KindSwitch {
  from: ServiceKind;
  to: ServiceKind;
  /** The draft before the switch: undo restores it. */
  before: Service;
  /** The draft after the switch. */
  service: Service;
  /** Fields the switch itself wrote (type, clusterIP for headless). */
  set: FieldChange[];
  /** Fields the type-transition rules removed. */
  dropped: FieldChange[];
  /** Set fields that still apply to the new kind. */
  kept: ServiceFieldName[];
  /** Set fields the new kind forbids or ignores, which the rules do not remove. */
  mustClear: ServiceFieldName[];
  /** Fields the new kind requires that are empty. */
  mustFill: ServiceFieldName[];
  /** One line describing the switch. */
  summary: string;
}

const FIELDS = Object.keys(FIELD_TEXT) as ServiceFieldName[];

const typeOf = (kind: ServiceKind): NonNullable<ServiceSpec['type']> => (kind === 'headless' ? 'ClusterIP' : kind);

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
}

/** Whether a Service carries a value for a field of the type rules. */
export function fieldIsSet(svc: Service, field: ServiceFieldName): boolean {
  const spec = svc.spec ?? {};
  if (field === 'ports.nodePort') return (spec.ports ?? []).some((p) => (p.nodePort ?? 0) !== 0);
  if (field === 'clusterIP') return !isEmpty(spec.clusterIP) || !isEmpty(spec.clusterIPs);
  if (field === 'publishNotReadyAddresses' || field === 'allocateLoadBalancerNodePorts') return spec[field] !== undefined && spec[field] !== null;
  return !isEmpty((spec as Record<string, unknown>)[field]);
}

const nodePorts = (svc: Service): number[] => (svc.spec?.ports ?? []).map((p) => p.nodePort ?? 0).filter((n) => n !== 0);

function specChanges(a: Service, b: Service): FieldChange[] {
  const x = (a.spec ?? {}) as Record<string, unknown>;
  const y = (b.spec ?? {}) as Record<string, unknown>;
  const out: FieldChange[] = [];
  for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (k === 'ports') continue;
    if (JSON.stringify(x[k]) !== JSON.stringify(y[k])) out.push({ field: k, before: x[k], after: y[k] });
  }
  const before = nodePorts(a);
  const after = nodePorts(b);
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ field: 'nodePort', before, after });
  return out;
}

function show(v: unknown): string {
  if (v === undefined) return 'unset';
  if (Array.isArray(v)) return v.join(', ');
  return typeof v === 'string' ? v : JSON.stringify(v);
}

const label = (f: string): string => (f === 'nodePort' ? 'node ports' : f);
const labels = (fields: readonly ServiceFieldName[]): string => fields.map((f) => FIELD_TEXT[f].label.toLowerCase()).join(', ');
/** clusterIPs mirrors clusterIP: name it once. */
const noMirror = (changes: readonly FieldChange[]): FieldChange[] =>
  changes.filter((c) => c.field !== 'clusterIPs' || !changes.some((o) => o.field === 'clusterIP'));

function describe(sw: Omit<KindSwitch, 'summary'>): string {
  const parts = [`Switched ${sw.from} → ${sw.to}`];
  const set = noMirror(sw.set.filter((c) => c.field !== 'type'));
  if (set.length) parts.push(`set ${set.map((c) => `${c.field} ${c.after === undefined ? 'to be allocated' : show(c.after)}`).join(', ')}`);
  const dropped = noMirror(sw.dropped);
  if (dropped.length) parts.push(`dropped ${dropped.map((c) => `${label(c.field)} (${show(c.before)})`).join(', ')}`);
  if (sw.kept.length) parts.push(`kept ${labels(sw.kept)}`);
  if (sw.mustClear.length) parts.push(`clear by hand: ${labels(sw.mustClear)}`);
  if (sw.mustFill.length) parts.push(`fill in: ${labels(sw.mustFill)}`);
  return `${parts.join('; ')}.`;
}

/**
 * Switch `current` (a draft) to `to`. The switch sets the type (and clusterIP "None" for headless, an
 * allocated clusterIP when leaving headless), then applies the server's transition rules against the
 * draft as it was: fields that no longer apply are dropped; status is left as it was.
 */
export function switchServiceKind(current: Service, to: ServiceKind): KindSwitch {
  const from = serviceKindOf(current);
  const before = cloneService(current);
  const next = cloneService(current);
  const spec = (next.spec ??= {});
  spec.type = typeOf(to);
  if (to === 'headless') {
    spec.clusterIP = 'None';
    spec.clusterIPs = ['None'];
  } else if (from === 'headless' && to !== 'ExternalName') {
    delete spec.clusterIP;
    delete spec.clusterIPs;
  }
  const setChanges = specChanges(before, next);
  const dropped = dropTypeDependentFields(next, before);
  if (before.status === undefined) delete dropped.status;
  else dropped.status = cloneService({ metadata: {}, status: before.status }).status;
  const droppedChanges = specChanges(next, dropped);
  const present = FIELDS.filter((f) => fieldIsSet(dropped, f));
  const rules = new Map(FIELDS.map((f) => [f, fieldRule(to, f)]));
  const mustClear = present.filter((f) => ['forbidden', 'ignored'].includes(rules.get(f)?.status ?? ''));
  const kept = present.filter((f) => !mustClear.includes(f));
  const mustFill = FIELDS.filter((f) => {
    const r = rules.get(f);
    return r?.status === 'required' && !r.defaulted && !fieldIsSet(dropped, f);
  });
  const partial = { from, to, before, service: dropped, set: setChanges, dropped: droppedChanges, kept, mustClear, mustFill };
  return { ...partial, summary: describe(partial) };
}

/** Every kind, for pickers and tests. */
export const ALL_KINDS: readonly ServiceKind[] = SERVICE_KINDS;
