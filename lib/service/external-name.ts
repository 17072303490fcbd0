/**
 * A draft-level refusal the API server does not make: an ExternalName that is an IP address passes
 * DNS-1123 validation ("10.0.0.7" is a valid subdomain) but cannot work — cluster DNS answers with a
 * CNAME, and a CNAME pointing at an IP address does not resolve. Forms refuse it with this reason.
 */
import { FieldPath, fieldError, type FieldError } from '../k8s/field-errors';
import type { Service } from '../k8s/types';
import { parseIPSloppy } from '../k8s/validation/ip';

export const EXTERNAL_NAME_IP_REASON =
  'must be a DNS name, not an IP address: cluster DNS answers an ExternalName Service with a CNAME, and a CNAME to an IP address does not resolve (for an address outside the cluster, create a Service without a selector and an EndpointSlice for it)';

/** The reason an externalName is refused before it is sent, or undefined when it is fine. */
export function externalNameRefusal(externalName: string | undefined): string | undefined {
  const name = (externalName ?? '').trim().replace(/\.$/, '');
  if (!name) return undefined;
  return parseIPSloppy(name.replace(/^\[(.*)\]$/, '$1')) ? EXTERNAL_NAME_IP_REASON : undefined;
}

/** The refusal as a field error at spec.externalName (for an ExternalName Service), else none. */
export function externalNameErrors(svc: Service): FieldError[] {
  if (svc.spec?.type !== 'ExternalName') return [];
  const reason = externalNameRefusal(svc.spec.externalName);
  return reason ? [fieldError.invalid(FieldPath.root('spec').child('externalName'), svc.spec.externalName ?? '', reason)] : [];
}
