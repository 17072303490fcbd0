/**
 * ValidateListOptions (apimachinery internalversion/validation, v1.32) for lists and watches:
 * every rule reported together as one 422 `ListOptions.meta.k8s.io "" is invalid: ...`.
 */
import { fieldError, type FieldError } from '../../k8s/field-errors';
import { statusError } from '../../k8s/status';
import { ApiError } from '../errors/api-error';

export interface ListOptionsToValidate {
  watch: boolean;
  resourceVersion?: string;
  resourceVersionMatch?: string;
  continueToken?: string;
  sendInitialEvents?: boolean;
  allowWatchBookmarks?: boolean;
}

function listErrors(o: ListOptionsToValidate): FieldError[] {
  const errors: FieldError[] = [];
  const match = o.resourceVersionMatch;
  if (match) {
    if (!o.resourceVersion) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (o.continueToken) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    if (match !== 'Exact' && match !== 'NotOlderThan') errors.push(fieldError.notSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
    if (match === 'Exact' && o.resourceVersion === '0') errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
  }
  if (o.sendInitialEvents !== undefined) errors.push(fieldError.forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  return errors;
}

function watchErrors(o: ListOptionsToValidate): FieldError[] {
  const errors: FieldError[] = [];
  const match = o.resourceVersionMatch ?? '';
  if (o.sendInitialEvents !== undefined) {
    if (match !== 'NotOlderThan') errors.push(fieldError.notSupported('resourceVersionMatch', match, ['NotOlderThan']));
    if (!o.allowWatchBookmarks) errors.push(fieldError.forbidden('allowWatchBookmarks', 'allowWatchBookmarks must be set to true when sendInitialEvents is provided'));
  }
  if (match) {
    if (o.sendInitialEvents === undefined) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
    if (match !== 'NotOlderThan') errors.push(fieldError.notSupported('resourceVersionMatch', match, ['NotOlderThan']));
  }
  return errors;
}

export function validateListOptions(o: ListOptionsToValidate): void {
  const errors = o.watch ? watchErrors(o) : listErrors(o);
  if (errors.length) throw new ApiError(statusError.invalid('ListOptions', 'meta.k8s.io', '', errors));
}
