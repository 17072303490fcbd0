/**
 * Warnings the real API server returns (Warning headers) on Service create and update:
 * pkg/api/service/warnings.go GetWarningsForService (v1.32). Pure.
 */
import { FieldPath } from '../k8s/field-errors';
import type { Service } from '../k8s/types';
import { getWarningsForCIDR, getWarningsForIP } from '../k8s/validation/ip-warnings';
import { DEPRECATED_ANNOTATION_TOPOLOGY_AWARE_HINTS, ANNOTATION_TOPOLOGY_MODE, isServiceIPSet } from './helpers';

const SPEC = FieldPath.root('spec');

/** GetWarningsForService(service, oldService): deprecated annotations, non-standard IPs/CIDRs, ignored fields. */
export function serviceWarnings(svc: Service, _prev?: Service): string[] {
  const warnings: string[] = [];
  const spec = svc.spec ?? {};
  if (svc.metadata?.annotations?.[DEPRECATED_ANNOTATION_TOPOLOGY_AWARE_HINTS] !== undefined) {
    warnings.push(`annotation ${DEPRECATED_ANNOTATION_TOPOLOGY_AWARE_HINTS} is deprecated, please use ${ANNOTATION_TOPOLOGY_MODE} instead`);
  }
  if (isServiceIPSet(svc)) {
    (spec.clusterIPs ?? []).forEach((ip, i) => warnings.push(...getWarningsForIP(SPEC.child('clusterIPs').index(i), ip)));
  }
  if (spec.type === 'ClusterIP' && spec.clusterIP === 'None') {
    if (spec.loadBalancerIP) warnings.push('spec.loadBalancerIP is ignored for headless services');
    if ((spec.externalIPs?.length ?? 0) > 0) warnings.push('spec.externalIPs is ignored for headless services');
    if (spec.sessionAffinity !== 'None') warnings.push('spec.SessionAffinity is ignored for headless services');
  }
  (spec.externalIPs ?? []).forEach((ip, i) => warnings.push(...getWarningsForIP(SPEC.child('externalIPs').index(i), ip)));
  if (spec.loadBalancerIP) warnings.push(...getWarningsForIP(SPEC.child('loadBalancerIP'), spec.loadBalancerIP));
  (spec.loadBalancerSourceRanges ?? []).forEach((cidr, i) =>
    warnings.push(...getWarningsForCIDR(SPEC.child('loadBalancerSourceRanges').index(i), cidr)),
  );
  if (spec.type === 'ExternalName' && (spec.externalIPs?.length ?? 0) > 0) {
    warnings.push('spec.externalIPs is ignored when spec.type is "ExternalName"');
  }
  if (spec.type !== 'ExternalName' && spec.externalName) {
    warnings.push('spec.externalName is ignored when spec.type is not "ExternalName"');
  }
  return warnings;
}
