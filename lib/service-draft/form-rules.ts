/**
 * The few checks the form makes on top of the API server's rules — never instead of them: text
 * that is not a number, and an IP address as an ExternalName (the server accepts it as a DNS name,
 * but a CNAME to an IP does not work). Their messages say so; they are not compared with the
 * server's dry run. Pure.
 */
import { fieldError, type FieldError } from '../k8s/field-errors';
import type { Service } from '../k8s/types';
import { isIPv4String, isIPv6String } from '../k8s/validation/ip';
import type { InputProblem } from './form-model';

/** The detail the form gives text it cannot turn into a number. */
export const NOT_A_NUMBER = 'must be a whole number';

export const EXTERNAL_NAME_IP =
  'must be a DNS name, not an IP address: an ExternalName Service is a DNS alias (CNAME), and a CNAME cannot point at an IP. For an IP, create a Service without a selector and an EndpointSlice with that address.';

const FORM_DETAILS = new Set<string>([NOT_A_NUMBER, EXTERNAL_NAME_IP]);

/** Whether an error comes from the form's own checks (not from the server's rules). */
export function isFormRuleError(e: FieldError): boolean {
  return FORM_DETAILS.has(e.detail);
}

export function formRuleErrors(svc: Service, problems: readonly InputProblem[]): FieldError[] {
  const out = problems.map((p) => fieldError.invalid(p.field, p.text, NOT_A_NUMBER));
  const name = svc.spec?.externalName?.trim() ?? '';
  if (svc.spec?.type === 'ExternalName' && name && (isIPv4String(name) || isIPv6String(name))) {
    out.push(fieldError.invalid('spec.externalName', name, EXTERNAL_NAME_IP));
  }
  return out;
}
