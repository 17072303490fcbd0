/**
 * status.loadBalancer rules (ValidateLoadBalancerStatus, v1.32: LoadBalancerIPMode GA,
 * AllowServiceLBStatusOnNonLB off). Pure.
 */
import { fieldError, FieldPath, type FieldError } from '../k8s/field-errors';
import type { ServiceSpec, ServiceStatus } from '../k8s/types';
import { isValidIP, parseIPSloppy } from '../k8s/validation/ip';
import { isDNS1123Subdomain } from '../k8s/validation/names';

export const SUPPORTED_LOAD_BALANCER_IP_MODES = ['Proxy', 'VIP'] as const;

/** ValidateLoadBalancerStatus(status.loadBalancer, path, spec). */
export function validateLoadBalancerStatus(
  status: ServiceStatus['loadBalancer'] | undefined,
  spec: ServiceSpec | undefined,
  path: FieldPath = FieldPath.root('status').child('loadBalancer'),
): FieldError[] {
  const errs: FieldError[] = [];
  const ingress = status?.ingress ?? [];
  const ingrPath = path.child('ingress');
  if (spec?.type !== 'LoadBalancer' && ingress.length !== 0) {
    return [fieldError.forbidden(ingrPath, "may only be used when `spec.type` is 'LoadBalancer'")];
  }
  ingress.forEach((ing, i) => {
    const idx = ingrPath.index(i);
    const ip = ing.ip ?? '';
    if (ip.length > 0) errs.push(...isValidIP(idx.child('ip'), ip));
    const mode: string | undefined = ing.ipMode ?? undefined;
    if (mode === undefined) {
      if (ip.length > 0) errs.push(fieldError.required(idx.child('ipMode'), 'must be specified when `ip` is set'));
    } else if (ip.length === 0) {
      errs.push(fieldError.forbidden(idx.child('ipMode'), 'may not be specified when `ip` is not set'));
    } else if (!(SUPPORTED_LOAD_BALANCER_IP_MODES as readonly string[]).includes(mode)) {
      errs.push(fieldError.notSupported(idx.child('ipMode'), mode, SUPPORTED_LOAD_BALANCER_IP_MODES));
    }
    const host = ing.hostname ?? '';
    if (host.length > 0) {
      errs.push(...isDNS1123Subdomain(host).map((m) => fieldError.invalid(idx.child('hostname'), host, m)));
      if (parseIPSloppy(host) !== null) {
        errs.push(fieldError.invalid(idx.child('hostname'), host, 'must be a DNS name, not an IP address'));
      }
    }
  });
  return errs;
}
