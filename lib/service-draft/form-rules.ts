/**
 * The few checks the form makes on top of the API server's rules — never instead of them: text
 * that is not a number, and an IP address as an ExternalName (lib/service/external-name: the server
 * accepts it as a DNS name, but a CNAME to an IP does not resolve). They are not compared with the
 * server's dry run. Pure.
 */
import { fieldError, type FieldError } from '../k8s/field-errors';
import type { Service } from '../k8s/types';
import { EXTERNAL_NAME_IP_REASON, externalNameErrors } from '../service/external-name';
import type { InputProblem } from './form-model';

/** The detail the form gives text it cannot turn into a number. */
export const NOT_A_NUMBER = 'must be a whole number';

const FORM_DETAILS = new Set<string>([NOT_A_NUMBER, EXTERNAL_NAME_IP_REASON]);

/** Whether an error comes from the form's own checks (not from the server's rules). */
export function isFormRuleError(e: FieldError): boolean {
  return FORM_DETAILS.has(e.detail);
}

export function formRuleErrors(svc: Service, problems: readonly InputProblem[]): FieldError[] {
  return [...problems.map((p) => fieldError.invalid(p.field, p.text, NOT_A_NUMBER)), ...externalNameErrors(svc)];
}
