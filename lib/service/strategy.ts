/**
 * The Service update strategy of the real API server (v1.32): pkg/registry/core/service/strategy.go
 * (PrepareForCreate/Update, dropTypeDependentFields, status strategy) and the idempotence fix-ups of
 * pkg/registry/core/service/storage/storage.go (patchAllocatedValues, normalizeClusterIPs).
 * All functions are pure: they return copies and never touch their arguments.
 *
 * Real order on update: patchAllocatedValues → normalizeClusterIPs → allocation → PrepareForUpdate
 * (status kept, type-dependent fields dropped) → validation. `prepareServiceForUpdate` runs the
 * three non-allocation steps in that order; allocation may run before or after it with the same result.
 */
import type { Service } from '../k8s/types';
import {
  cloneService,
  externallyAccessible,
  needsClusterIP,
  needsHealthCheckNodePort,
  needsNodePorts,
} from './helpers';


function sameStrings(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** reflect.DeepEqual on ipFamilies: nil and empty differ. */
function sameFamilies(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if ((a === undefined) !== (b === undefined)) return false;
  return sameStrings(a, b);
}

function nodePortSet(svc: Service): Set<number> {
  return new Set((svc.spec?.ports ?? []).map((p) => p.nodePort ?? 0).filter((n) => n !== 0));
}

/** Users may add, remove or modify ports as long as they add no net-new nodePort. */
function sameNodePorts(prev: Service, next: Service): boolean {
  const old = nodePortSet(prev);
  return [...nodePortSet(next)].every((n) => old.has(n));
}

function clearedStatus(): NonNullable<Service['status']> {
  return { loadBalancer: {} };
}

/**
 * An ExternalName Service has no internal traffic policy. The real server hides one on every read
 * (storage.go defaultOnReadInternalTrafficPolicy: it defaulted the field for ExternalName once, and
 * stored objects keep it); here it is dropped before it is stored, so reads show the same.
 */
function dropExternalNameInternalTrafficPolicy(out: Service): void {
  if (out.spec?.type === 'ExternalName') delete out.spec.internalTrafficPolicy;
}

/** PrepareForCreate: status is cleared (the server owns it); clusterIPs follows a lone clusterIP. */
export function prepareServiceForCreate(svc: Service): Service {
  const out = cloneService(svc);
  out.status = clearedStatus();
  dropExternalNameInternalTrafficPolicy(out);
  return normalizeClusterIPs(out, undefined);
}

/**
 * normalizeClusterIPs: keep clusterIP and clusterIPs in sync for clients that only manage one
 * of them (old clients, patches that omit clusterIPs).
 */
export function normalizeClusterIPs(next: Service, prev: Service | undefined): Service {
  const out = cloneService(next);
  const spec = (out.spec ??= {});
  const ip = spec.clusterIP ?? '';
  if (prev === undefined) {
    if (ip.length > 0 && (spec.clusterIPs?.length ?? 0) === 0) spec.clusterIPs = [ip];
    return out;
  }
  const oldIP = prev.spec?.clusterIP ?? '';
  const oldIPs = prev.spec?.clusterIPs;
  if ((oldIPs?.length ?? 0) > 0 && (spec.clusterIPs?.length ?? 0) === 0 && oldIP === ip && oldIPs) {
    spec.clusterIPs = [...oldIPs];
  }
  if (oldIP !== ip) {
    if (oldIP.length > 0 && ip.length === 0) {
      if (sameStrings(oldIPs, spec.clusterIPs)) delete spec.clusterIPs;
    } else if (sameStrings(oldIPs, spec.clusterIPs)) {
      spec.clusterIPs = [ip];
    }
  }
  return out;
}

/**
 * patchAllocatedValues: a client that resubmits what it first sent (without the allocated
 * clusterIP, nodePorts or healthCheckNodePort) keeps the values the server allocated.
 */
export function patchAllocatedValues(next: Service, prev: Service): Service {
  const out = cloneService(next);
  const spec = (out.spec ??= {});
  const old = prev.spec ?? {};
  if (needsClusterIP(prev) && needsClusterIP(out)) {
    if (!spec.clusterIP && old.clusterIP !== undefined) spec.clusterIP = old.clusterIP;
    if ((spec.clusterIPs?.length ?? 0) === 0 && (old.clusterIPs?.length ?? 0) > 0) spec.clusterIPs = [...(old.clusterIPs ?? [])];
  }
  if (needsNodePorts(prev) && needsNodePorts(out)) {
    const newUsed = nodePortSet(out);
    const used = new Set([...nodePortSet(prev)].filter((n) => newUsed.has(n)));
    const byName = new Map<string, number>();
    for (const p of old.ports ?? []) byName.set(p.name ?? '', p.nodePort ?? 0);
    for (const p of spec.ports ?? []) {
      if (!p.nodePort) {
        const oldVal = byName.get(p.name ?? '') ?? 0;
        if (!used.has(oldVal) && oldVal !== 0) p.nodePort = oldVal;
      }
    }
  }
  if (needsHealthCheckNodePort(prev) && needsHealthCheckNodePort(out)) {
    if (!spec.healthCheckNodePort && old.healthCheckNodePort) spec.healthCheckNodePort = old.healthCheckNodePort;
  }
  return out;
}

/**
 * dropTypeDependentFields: on a type change, wipe fields that no longer apply and that the
 * user did not also change (changed ones are left for validation to reject).
 */
export function dropTypeDependentFields(next: Service, prev: Service): Service {
  const out = cloneService(next);
  const spec = (out.spec ??= {});
  const old = prev.spec ?? {};
  if (needsClusterIP(prev) && !needsClusterIP(out)) {
    if ((old.clusterIP ?? '') === (spec.clusterIP ?? '') && sameStrings(old.clusterIPs, spec.clusterIPs)) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (sameFamilies(old.ipFamilies, spec.ipFamilies)) delete spec.ipFamilies;
    if ((old.ipFamilyPolicy ?? '') === (spec.ipFamilyPolicy ?? '')) delete spec.ipFamilyPolicy;
  }
  if (needsNodePorts(prev) && !needsNodePorts(out) && sameNodePorts(prev, out)) {
    for (const p of spec.ports ?? []) delete p.nodePort;
  }
  if (
    needsHealthCheckNodePort(prev) &&
    !needsHealthCheckNodePort(out) &&
    (old.healthCheckNodePort ?? 0) === (spec.healthCheckNodePort ?? 0)
  ) {
    delete spec.healthCheckNodePort;
  }
  if (old.type === 'LoadBalancer' && spec.type !== 'LoadBalancer') {
    const a = old.allocateLoadBalancerNodePorts;
    const b = spec.allocateLoadBalancerNodePorts;
    if (a !== undefined && b !== undefined && a === b) delete spec.allocateLoadBalancerNodePorts;
    if ((old.loadBalancerClass ?? undefined) === (spec.loadBalancerClass ?? undefined)) delete spec.loadBalancerClass;
  }
  if (externallyAccessible(prev) && !externallyAccessible(out)) {
    if ((old.externalTrafficPolicy ?? '') === (spec.externalTrafficPolicy ?? '')) delete spec.externalTrafficPolicy;
  }
  dropExternalNameInternalTrafficPolicy(out);
  if (spec.type !== 'LoadBalancer') {
    out.status = { ...(out.status ?? {}), loadBalancer: {} };
  }
  return out;
}

/** Storage fix-ups (patchAllocatedValues, normalizeClusterIPs) then PrepareForUpdate (status kept, type-dependent fields dropped). */
export function prepareServiceForUpdate(next: Service, prev: Service): Service {
  let out = cloneService(next);
  out.status = prev.status ? cloneService({ metadata: {}, status: prev.status }).status : clearedStatus();
  out = patchAllocatedValues(out, prev);
  out = normalizeClusterIPs(out, prev);
  return dropTypeDependentFields(out, prev);
}

/** Status strategy PrepareForUpdate: a status write never changes spec. */
export function prepareServiceForStatusUpdate(next: Service, prev: Service): Service {
  const out = cloneService(next);
  if (prev.spec === undefined) delete out.spec;
  else out.spec = cloneService({ metadata: {}, spec: prev.spec }).spec;
  return out;
}
