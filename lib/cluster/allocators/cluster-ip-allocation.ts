/**
 * ClusterIP allocation for Services on a single- or dual-stack cluster, inside the write's storage
 * transaction (v1.32 alloc.go allocClusterIPs, allocIPs, updateClusterIPs, releaseIPs): one
 * allocator per configured family, clusterIPs[i] belongs to ipFamilies[i]. Allocations are undone
 * when the transaction rolls back; releases happen once it committed.
 */
import { fieldError } from '../../k8s/field-errors';
import { statusError } from '../../k8s/status';
import type { IPFamily, Service } from '../../k8s/types/service';
import { isHeadless } from '../../service/helpers';
import { familyOfIP, isMatchingPreferDualStack } from '../../service/ip-families';
import { ApiError } from '../errors/api-error';
import { AllocationError } from './allocation-error';
import type { ClusterIPAllocator } from './cluster-ip-allocator';
import type { AllocationTx } from './transactional';

/** The cluster's ClusterIP allocators, the primary family first. */
export interface ClusterIPAllocators {
  readonly families: readonly IPFamily[];
  readonly byFamily: ReadonlyMap<IPFamily, ClusterIPAllocator>;
}

function type(svc: Service): string {
  return svc.spec?.type ?? 'ClusterIP';
}

function headlessIPs(svc: Service): boolean {
  const ips = svc.spec?.clusterIPs ?? [];
  return ips.length > 0 && ips[0] === 'None';
}

/**
 * allocIPs: each (family, ip) pair, '' meaning next free; writes the results into `ips` (the
 * Service's clusterIPs with markers). Throws the real 500 (range full) or 422 (static IP refused).
 */
function allocIPs(al: ClusterIPAllocators, svc: Service, ips: string[], wanted: readonly [number, IPFamily][], tx: AllocationTx): void {
  for (const [i, family] of wanted) {
    const allocator = al.byFamily.get(family);
    if (!allocator) continue; // refused earlier by initIPFamilyFields
    const ip = ips[i] ?? '';
    try {
      if (ip === '') ips[i] = allocator.allocateNext(tx);
      else allocator.allocate(ip, tx);
    } catch (err) {
      if (!(err instanceof AllocationError)) throw err;
      if (ip === '') throw new ApiError(statusError.internal(`failed to allocate a serviceIP: ${err.message}`));
      throw ApiError.invalid('Service', '', svc.metadata.name ?? '', [
        fieldError.invalid('spec.clusterIPs', [...ips], `failed to allocate IP ${ip}: ${err.message}`),
      ]);
    }
  }
}

/** allocClusterIPs: one IP per ipFamilies entry (given ones reserved, missing ones picked). Mutates svc. */
export function allocClusterIPs(al: ClusterIPAllocators, svc: Service, tx: AllocationTx): void {
  const spec = (svc.spec ??= {});
  if (type(svc) === 'ExternalName' || headlessIPs(svc)) return;
  const families: readonly IPFamily[] = spec.ipFamilies?.length ? spec.ipFamilies : al.families.slice(0, 1);
  const ips = [...(spec.clusterIPs ?? [])];
  while (ips.length < families.length) ips.push('');
  allocIPs(al, svc, ips, families.map((f, i): [number, IPFamily] => [i, f]), tx);
  spec.clusterIPs = ips;
  spec.clusterIP = ips[0];
}

function releaseIPs(al: ClusterIPAllocators, pairs: readonly [IPFamily, string][], tx: AllocationTx | undefined): void {
  for (const [family, ip] of pairs) al.byFamily.get(family)?.release(ip, tx);
}

/** The (family, ip) pairs a stored Service holds. */
function heldIPs(svc: Service): [IPFamily, string][] {
  if (type(svc) === 'ExternalName' || isHeadless(svc)) return [];
  const ips = svc.spec?.clusterIPs?.length ? svc.spec.clusterIPs : svc.spec?.clusterIP ? [svc.spec.clusterIP] : [];
  const families = svc.spec?.ipFamilies ?? [];
  const out: [IPFamily, string][] = [];
  ips.forEach((ip, i) => {
    const family = families[i] ?? familyOfIP(ip);
    if (family && ip !== '' && ip !== 'None') out.push([family, ip]);
  });
  return out;
}

/** Everything a deleted Service held (at commit inside a transaction). */
export function releaseClusterIPs(al: ClusterIPAllocators, svc: Service, tx: AllocationTx | undefined): void {
  releaseIPs(al, heldIPs(svc), tx);
}

/**
 * updateClusterIPs: ExternalName → IP type allocates everything, the reverse releases everything;
 * one family → two allocates the secondary (upgrade), two → one releases it (downgrade).
 */
export function updateClusterIPs(al: ClusterIPAllocators, next: Service, prev: Service, tx: AllocationTx): void {
  if (isMatchingPreferDualStack(next, prev)) return;
  if (type(prev) === 'ExternalName' && type(next) !== 'ExternalName') {
    allocClusterIPs(al, next, tx);
    return;
  }
  if (headlessIPs(prev)) return;
  if (type(next) === 'ExternalName') {
    if (type(prev) !== 'ExternalName') releaseClusterIPs(al, prev, tx);
    return;
  }
  const oldFamilies = prev.spec?.ipFamilies ?? [];
  const families = next.spec?.ipFamilies ?? [];
  const spec = (next.spec ??= {});
  if (oldFamilies.length === 1 && families.length === 2) {
    const ips = [...(spec.clusterIPs ?? [])];
    if (ips.length < 2) ips.push('');
    allocIPs(al, next, ips, [[1, families[1]]], tx);
    spec.clusterIPs = ips;
  } else if (oldFamilies.length === 2 && families.length === 1) {
    const secondary = prev.spec?.clusterIPs?.[1];
    if (secondary) releaseIPs(al, [[oldFamilies[1], secondary]], tx);
  }
}

/** Marks what a stored Service holds (after a restart). */
export function markClusterIPs(al: ClusterIPAllocators, svc: Service): void {
  for (const [family, ip] of heldIPs(svc)) al.byFamily.get(family)?.mark(ip);
}
