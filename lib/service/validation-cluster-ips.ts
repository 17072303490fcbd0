/**
 * clusterIP / clusterIPs / ipFamilies / ipFamilyPolicy rules: ValidateServiceClusterIPsRelatedFields
 * and the update rules validateUpgradeDowngradeClusterIPs / validateUpgradeDowngradeIPFamilies (v1.32).
 * Pure.
 */
import { fieldError, FieldPath, type FieldError } from '../k8s/field-errors';
import type { Service } from '../k8s/types';
import { goStringSlice, invalidGo } from '../k8s/validation/go-value';
import { isIPv6String, isValidIP, parseIPSloppy, isIPv4Bytes } from '../k8s/validation/ip';
import { CLUSTER_IP_NONE, isHeadless } from './helpers';

export const SUPPORTED_IP_FAMILIES = ['IPv4', 'IPv6'] as const;
export const SUPPORTED_IP_FAMILY_POLICIES = ['PreferDualStack', 'RequireDualStack', 'SingleStack'] as const;

const SPEC = FieldPath.root('spec');
const CLUSTER_IPS = SPEC.child('clusterIPs');
const IP_FAMILIES = SPEC.child('ipFamilies');
const IP_FAMILY_POLICY = SPEC.child('ipFamilyPolicy');

function goFamilies(families: readonly string[] | undefined): string {
  return goStringSlice(families, 'core.IPFamily');
}

/** netutils.IsDualStackIPStrings: exactly one IPv4 and one IPv6 among (at most) two IPs. */
function isDualStack(ips: readonly string[]): boolean {
  let v4 = 0;
  let v6 = 0;
  for (const s of ips) {
    const ip = parseIPSloppy(s);
    if (ip === null) return false;
    if (isIPv4Bytes(ip)) v4++;
    else v6++;
  }
  return v4 > 0 && v6 > 0;
}

/** ValidateServiceClusterIPsRelatedFields (skipped entirely for ExternalName). */
export function validateClusterIPsRelatedFields(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  if (spec.type === 'ExternalName') return [];
  const errs: FieldError[] = [];
  const clusterIP = spec.clusterIP ?? '';
  const clusterIPs = spec.clusterIPs ?? [];
  if (clusterIP.length !== 0) {
    if (clusterIPs.length === 0) errs.push(fieldError.required(CLUSTER_IPS));
    else if (clusterIPs[0] !== clusterIP) {
      errs.push(fieldError.invalid(CLUSTER_IPS, [...clusterIPs], 'first value must match `clusterIP`'));
    }
  } else if (clusterIPs.length !== 0) {
    errs.push(fieldError.invalid(CLUSTER_IPS, [...clusterIPs], 'must be empty when `clusterIP` is not specified'));
  }

  const seen = new Set<string>();
  (spec.ipFamilies ?? []).forEach((fam, i) => {
    const f: string = fam;
    if (!(SUPPORTED_IP_FAMILIES as readonly string[]).includes(f)) {
      errs.push(fieldError.notSupported(IP_FAMILIES.index(i), f, SUPPORTED_IP_FAMILIES));
    }
    if (seen.has(f)) errs.push(fieldError.duplicate(IP_FAMILIES.index(i), f));
    seen.add(f);
  });

  if (spec.ipFamilyPolicy !== undefined && spec.ipFamilyPolicy !== null) {
    const policy: string = spec.ipFamilyPolicy;
    if (!(SUPPORTED_IP_FAMILY_POLICIES as readonly string[]).includes(policy)) {
      errs.push(fieldError.notSupported(IP_FAMILY_POLICY, policy, SUPPORTED_IP_FAMILY_POLICIES));
    }
  }

  let hasInvalidIPs = false;
  clusterIPs.forEach((ip, i) => {
    if (i === 0 && ip === CLUSTER_IP_NONE) {
      if (clusterIPs.length > 1) {
        hasInvalidIPs = true;
        errs.push(fieldError.invalid(CLUSTER_IPS, [...clusterIPs], "'None' must be the first and only value"));
      }
      return;
    }
    const ipErrs = isValidIP(CLUSTER_IPS.index(i), ip);
    if (ipErrs.length) hasInvalidIPs = true;
    errs.push(...ipErrs);
  });

  if (clusterIPs.length > 2) errs.push(fieldError.invalid(CLUSTER_IPS, [...clusterIPs], 'may only hold up to 2 values'));
  if (hasInvalidIPs) return errs;

  if (clusterIPs.length > 1 && !isDualStack(clusterIPs)) {
    errs.push(fieldError.invalid(CLUSTER_IPS, [...clusterIPs], 'may specify no more than one IP for each IP family'));
  }

  const families = spec.ipFamilies ?? [];
  if (!isHeadless(svc) && clusterIPs.length > 0 && families.length > 0) {
    for (let i = 0; i < clusterIPs.length && i < families.length; i++) {
      const ip = clusterIPs[i];
      if (families[i] === 'IPv4' && isIPv6String(ip)) {
        errs.push(fieldError.invalid(CLUSTER_IPS.index(i), ip, `expected an IPv4 value as indicated by \`ipFamilies[${i}]\``));
      }
      if (families[i] === 'IPv6' && !isIPv6String(ip)) {
        errs.push(fieldError.invalid(CLUSTER_IPS.index(i), ip, `expected an IPv6 value as indicated by \`ipFamilies[${i}]\``));
      }
    }
  }
  return errs;
}

/** validateUpgradeDowngradeClusterIPs: the primary clusterIP never changes; releasing the secondary needs SingleStack. */
export function validateUpgradeDowngradeClusterIPs(prev: Service, next: Service): FieldError[] {
  if (next.spec?.type === 'ExternalName' || prev.spec?.type === 'ExternalName') return [];
  if (isHeadless(prev) && isHeadless(next)) return [];
  const errs: FieldError[] = [];
  const oldIPs = prev.spec?.clusterIPs ?? [];
  const newIPsRaw = next.spec?.clusterIPs;
  const newIPs = newIPsRaw ?? [];
  const newText = goStringSlice(newIPsRaw);
  if (oldIPs.length === newIPs.length) {
    oldIPs.forEach((ip, i) => {
      if (ip !== newIPs[i]) errs.push(invalidGo(CLUSTER_IPS.index(i), newText, 'may not change once set'));
    });
  } else if (oldIPs.length > newIPs.length) {
    if (newIPs.length === 0) errs.push(invalidGo(CLUSTER_IPS.index(0), newText, 'primary clusterIP can not be unset'));
    if (oldIPs.length > 0 && newIPs.length > 0 && newIPs[0] !== oldIPs[0]) {
      errs.push(invalidGo(CLUSTER_IPS.index(0), newText, 'may not change once set'));
    }
    if (newIPs.length === 1 && next.spec?.ipFamilyPolicy !== 'SingleStack') {
      errs.push(
        fieldError.invalid(
          IP_FAMILY_POLICY,
          next.spec?.ipFamilyPolicy ?? null,
          "must be set to 'SingleStack' when releasing the secondary clusterIP",
        ),
      );
    }
  } else if (oldIPs.length > 0 && newIPs[0] !== oldIPs[0]) {
    errs.push(invalidGo(CLUSTER_IPS.index(0), newText, 'may not change once set'));
  }
  return errs;
}

/** validateUpgradeDowngradeIPFamilies: the primary family never changes; releasing the secondary needs SingleStack. */
export function validateUpgradeDowngradeIPFamilies(prev: Service, next: Service): FieldError[] {
  if (next.spec?.type === 'ExternalName' || prev.spec?.type === 'ExternalName') return [];
  const oldHeadless = isHeadless(prev);
  const newHeadless = isHeadless(next);
  if (oldHeadless !== newHeadless || newHeadless) return [];
  const errs: FieldError[] = [];
  const oldFams = prev.spec?.ipFamilies ?? [];
  const newFamsRaw = next.spec?.ipFamilies;
  const newFams = newFamsRaw ?? [];
  const clusterIPsText = goStringSlice(next.spec?.clusterIPs);
  if (oldFams.length === newFams.length) {
    oldFams.forEach((f, i) => {
      if (f !== newFams[i]) errs.push(invalidGo(IP_FAMILIES.index(0), goFamilies(newFamsRaw), 'may not change once set'));
    });
  } else if (oldFams.length > newFams.length) {
    if ((next.spec?.clusterIPs ?? []).length === 0) {
      errs.push(invalidGo(IP_FAMILIES.index(0), goFamilies(newFamsRaw), 'primary ipFamily can not be unset'));
    }
    if (newFams.length > 0 && newFams[0] !== oldFams[0]) {
      errs.push(invalidGo(IP_FAMILIES.index(0), clusterIPsText, 'may not change once set'));
    }
    if (newFams.length === 1 && next.spec?.ipFamilyPolicy !== 'SingleStack') {
      errs.push(
        fieldError.invalid(
          IP_FAMILY_POLICY,
          next.spec?.ipFamilyPolicy ?? null,
          "must be set to 'SingleStack' when releasing the secondary ipFamily",
        ),
      );
    }
  } else if (oldFams.length > 0 && newFams.length > 0 && newFams[0] !== oldFams[0]) {
    errs.push(invalidGo(IP_FAMILIES.index(0), clusterIPsText, 'may not change once set'));
  }
  return errs;
}
