/**
 * IP-family defaulting done by the Service storage before allocation (v1.32
 * pkg/registry/core/service/storage/alloc.go initIPFamilyFields): ipFamilyPolicy and ipFamilies are
 * defaulted from the request, the previous object and the cluster's configured families, and
 * families the cluster does not have are refused. The cluster's families are a parameter (the
 * embedded cluster passes its service CIDRs' families; a browser passes what it knows). Pure.
 */
import { fieldError, type FieldError } from '../k8s/field-errors';
import type { IPFamily, Service } from '../k8s/types/service';
import { isIPv4Bytes, parseIPSloppy } from '../k8s/validation/ip';
import { CLUSTER_IP_NONE, cloneService } from './helpers';
import { validateClusterIPsRelatedFields } from './validation-cluster-ips';

/** The Service IP families a cluster has (its service CIDRs), the primary (default) one first. */
export type ClusterIPFamilies = readonly IPFamily[];

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** The family of an IP's text, undefined when it is not an IP (validation reports those). */
export function familyOfIP(ip: string): IPFamily | undefined {
  const bytes = parseIPSloppy(ip);
  if (bytes === null) return undefined;
  return isIPv4Bytes(bytes) ? 'IPv4' : 'IPv6';
}

function otherFamily(f: IPFamily): IPFamily {
  return f === 'IPv4' ? 'IPv6' : 'IPv4';
}

function isHeadlessSelectorless(svc: Service): boolean {
  return svc.spec?.clusterIP === CLUSTER_IP_NONE && Object.keys(svc.spec?.selector ?? {}).length === 0;
}

/**
 * isMatchingPreferDualStackClusterIPFields: a PreferDualStack Service that did not change its
 * clusterIPs or ipFamilies is neither upgraded nor downgraded (e.g. after the cluster changed).
 */
export function isMatchingPreferDualStack(svc: Service, old: Service | undefined): boolean {
  if (!old || !svc.spec?.ipFamilyPolicy) return false;
  const type = svc.spec.type ?? 'ClusterIP';
  if ((old.spec?.type ?? 'ClusterIP') !== type || type === 'ExternalName') return false;
  if (svc.spec.ipFamilyPolicy !== 'PreferDualStack' || old.spec?.ipFamilyPolicy !== 'PreferDualStack') return false;
  return sameList(old.spec?.clusterIPs, svc.spec.clusterIPs) && sameList(old.spec?.ipFamilies, svc.spec.ipFamilies);
}

/** Update-only: SingleStack drops an unchanged secondary; other policies may not drop one. */
function updatePrep(svc: Service, old: Service, errors: FieldError[]): void {
  const spec = svc.spec ?? {};
  const oldSpec = old.spec ?? {};
  const policy = spec.ipFamilyPolicy;
  if (policy === 'SingleStack') {
    if (sameList(oldSpec.clusterIPs, spec.clusterIPs) && (spec.clusterIPs?.length ?? 0) > 1) spec.clusterIPs = spec.clusterIPs?.slice(0, 1);
    if (sameList(oldSpec.ipFamilies, spec.ipFamilies) && (spec.ipFamilies?.length ?? 0) > 1) spec.ipFamilies = spec.ipFamilies?.slice(0, 1);
    return;
  }
  const ips = spec.clusterIPs?.length ?? 0;
  if (ips > 0 && ips < (oldSpec.clusterIPs?.length ?? 0)) {
    errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy ?? null, "must be 'SingleStack' to release the secondary cluster IP"));
  }
  const fams = spec.ipFamilies?.length ?? 0;
  if (fams > 0 && fams < (oldSpec.ipFamilies?.length ?? 0)) {
    errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy ?? null, "must be 'SingleStack' to release the secondary IP family"));
  }
}

/**
 * Defaults ipFamilyPolicy and ipFamilies of `svc` IN PLACE (pass a private copy) for a cluster
 * with `cluster` families; returns the errors the real server answers with (a 422), empty when fine.
 */
export function initIPFamilyFields(svc: Service, old: Service | undefined, cluster: ClusterIPFamilies): FieldError[] {
  const spec = (svc.spec ??= {});
  if (spec.type === 'ExternalName') return [];
  if (isMatchingPreferDualStack(svc, old)) return [];

  if (!spec.ipFamilyPolicy) {
    if (old?.spec?.ipFamilyPolicy) spec.ipFamilyPolicy = old.spec.ipFamilyPolicy;
    else if (isHeadlessSelectorless(svc)) spec.ipFamilyPolicy = 'RequireDualStack';
    else spec.ipFamilyPolicy = 'SingleStack';
  }
  const policy = spec.ipFamilyPolicy;
  // Loose pre-validation, so the rest need not consider malformed input.
  const pre = validateClusterIPsRelatedFields(svc);
  if (pre.length) return pre;

  const errors: FieldError[] = [];
  if (old) updatePrep(svc, old, errors);

  if (policy === 'SingleStack') {
    if (spec.clusterIPs?.length === 2) {
      errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified"));
    }
    if (spec.ipFamilies?.length === 2) {
      errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"));
    }
  }

  // Infer ipFamilies[] from clusterIPs[].
  const clusterIPs = spec.clusterIPs ?? [];
  for (let i = 0; i < clusterIPs.length; i++) {
    const ip = clusterIPs[i];
    if (ip === CLUSTER_IP_NONE) break;
    const fam = familyOfIP(ip);
    if (fam === undefined) break; // malformed: validation reports it
    const families = (spec.ipFamilies ??= []);
    if (i < families.length) continue;
    if (!cluster.includes(fam)) {
      errors.push(fieldError.invalid(`spec.clusterIPs[${i}]`, [...clusterIPs], `${fam} is not configured on this cluster`));
    } else {
      families.push(fam);
    }
  }
  if (errors.length) return errors;

  const primary = cluster[0] ?? 'IPv4';
  // Headless and selectorless: may hold both families even on a single-stack cluster.
  if (isHeadlessSelectorless(svc)) {
    if (!spec.ipFamilies?.length) spec.ipFamilies = [primary];
    if (spec.ipFamilies.length < 2 && policy !== 'SingleStack') spec.ipFamilies.push(otherFamily(spec.ipFamilies[0]));
    return [];
  }

  if (policy === 'RequireDualStack' && cluster.length < 2) {
    errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy, 'this cluster is not configured for dual-stack services'));
  }
  (spec.ipFamilies ?? []).forEach((fam, i) => {
    if (!cluster.includes(fam)) errors.push(fieldError.invalid(`spec.ipFamilies[${i}]`, fam, 'not configured on this cluster'));
  });
  if (errors.length) return errors;

  if (!spec.ipFamilies?.length) spec.ipFamilies = [primary];
  if (policy !== 'SingleStack' && spec.ipFamilies.length === 1 && cluster.length === 2) {
    spec.ipFamilies.push(otherFamily(spec.ipFamilies[0]));
  }
  return [];
}

/** initIPFamilyFields on a copy: what the server would default, for previews (browser-safe). */
export function defaultIPFamilies(
  svc: Service,
  old: Service | undefined,
  cluster: ClusterIPFamilies,
): { service: Service; errors: FieldError[] } {
  const service = cloneService(svc);
  const errors = initIPFamilyFields(service, old, cluster);
  return { service, errors };
}
