/**
 * IP-family defaulting done by the Service storage before allocation (alloc.go
 * initIPFamilyFields), for a single-stack cluster whose only family is IPv4. Mutates the Service
 * it is given (a private copy).
 */
import { fieldError, type FieldError } from '../../k8s/field-errors';
import type { IPFamily, Service } from '../../k8s/types/service';
import { validateClusterIPsRelatedFields } from '../../service/validation-cluster-ips';
import { ApiError } from '../rest/api-error';
import { isIpv6Text, parseIpv4 } from './ipv4';

const CONFIGURED: readonly IPFamily[] = ['IPv4'];
const PRIMARY: IPFamily = 'IPv4';

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** The family of an IP's text, or undefined when it is neither (validation reports those). */
export function familyOf(ip: string): IPFamily | undefined {
  if (parseIpv4(ip) !== undefined) return 'IPv4';
  if (isIpv6Text(ip)) return 'IPv6';
  return undefined;
}

function isHeadlessSelectorless(svc: Service): boolean {
  return svc.spec?.clusterIP === 'None' && Object.keys(svc.spec?.selector ?? {}).length === 0;
}

function isMatchingPreferDualStack(svc: Service, old: Service | undefined): boolean {
  if (!old || !svc.spec?.ipFamilyPolicy) return false;
  const type = svc.spec.type ?? 'ClusterIP';
  if ((old.spec?.type ?? 'ClusterIP') !== type || type === 'ExternalName') return false;
  if (svc.spec.ipFamilyPolicy !== 'PreferDualStack' || old.spec?.ipFamilyPolicy !== 'PreferDualStack') return false;
  return sameList(old.spec?.clusterIPs, svc.spec.clusterIPs) && sameList(old.spec?.ipFamilies, svc.spec.ipFamilies);
}

/**
 * Defaults ipFamilyPolicy and ipFamilies and rejects families this cluster does not have
 * (alloc.go initIPFamilyFields). Throws a 422 ApiError.
 */
export function initIPFamilyFields(svc: Service, old: Service | undefined): void {
  const spec = (svc.spec ??= {});
  if (spec.type === 'ExternalName') return;
  if (isMatchingPreferDualStack(svc, old)) return;
  const name = svc.metadata.name ?? '';

  if (!spec.ipFamilyPolicy) {
    if (old?.spec?.ipFamilyPolicy) spec.ipFamilyPolicy = old.spec.ipFamilyPolicy;
    else if (isHeadlessSelectorless(svc)) spec.ipFamilyPolicy = 'RequireDualStack';
    else spec.ipFamilyPolicy = 'SingleStack';
  }
  const policy = spec.ipFamilyPolicy;
  // Loose pre-validation, so the rest need not consider malformed input.
  const pre = validateClusterIPsRelatedFields(svc);
  if (pre.length) throw ApiError.invalid('Service', '', name, pre);
  const errors: FieldError[] = [];

  if (old) {
    const oldSpec = old.spec ?? {};
    if (policy === 'SingleStack') {
      if (sameList(oldSpec.clusterIPs, spec.clusterIPs) && (spec.clusterIPs?.length ?? 0) > 1) {
        spec.clusterIPs = spec.clusterIPs?.slice(0, 1);
      }
      if (sameList(oldSpec.ipFamilies, spec.ipFamilies) && (spec.ipFamilies?.length ?? 0) > 1) {
        spec.ipFamilies = spec.ipFamilies?.slice(0, 1);
      }
    } else {
      const ips = spec.clusterIPs?.length ?? 0;
      if (ips > 0 && ips < (oldSpec.clusterIPs?.length ?? 0)) {
        errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy, "must be 'SingleStack' to release the secondary cluster IP"));
      }
      const fams = spec.ipFamilies?.length ?? 0;
      if (fams > 0 && fams < (oldSpec.ipFamilies?.length ?? 0)) {
        errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy, "must be 'SingleStack' to release the secondary IP family"));
      }
    }
  }

  if (policy === 'SingleStack') {
    if (spec.clusterIPs?.length === 2) {
      errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified"));
    }
    if (spec.ipFamilies?.length === 2) {
      errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"));
    }
  }

  const clusterIPs = spec.clusterIPs ?? [];
  for (let i = 0; i < clusterIPs.length; i++) {
    const ip = clusterIPs[i];
    if (ip === 'None') break;
    const fam = familyOf(ip);
    if (fam === undefined) break; // malformed: validation reports it
    const families = (spec.ipFamilies ??= []);
    if (i >= families.length) {
      if (!CONFIGURED.includes(fam)) {
        errors.push(fieldError.invalid(`spec.clusterIPs[${i}]`, clusterIPs, `${fam} is not configured on this cluster`));
      } else {
        families.push(fam);
      }
    }
  }
  if (errors.length) throw ApiError.invalid('Service', '', name, errors);

  if (isHeadlessSelectorless(svc)) {
    if (!spec.ipFamilies?.length) spec.ipFamilies = [PRIMARY];
    if (spec.ipFamilies.length < 2 && policy !== 'SingleStack') {
      spec.ipFamilies.push(spec.ipFamilies[0] === 'IPv4' ? 'IPv6' : 'IPv4');
    }
    return;
  }

  if (policy === 'RequireDualStack') {
    errors.push(fieldError.invalid('spec.ipFamilyPolicy', policy, 'this cluster is not configured for dual-stack services'));
  }
  (spec.ipFamilies ?? []).forEach((fam, i) => {
    if (!CONFIGURED.includes(fam)) errors.push(fieldError.invalid(`spec.ipFamilies[${i}]`, fam, 'not configured on this cluster'));
  });
  if (errors.length) throw ApiError.invalid('Service', '', name, errors);

  if (!spec.ipFamilies?.length) spec.ipFamilies = [PRIMARY];
}
