/**
 * Field errors whose bad value must print in a Go-specific form that the generic
 * formatter cannot infer from a JSON value: typed slices (`[]core.IPFamily{"IPv4"}`),
 * nil slices (`[]string(nil)`) and structs (`core.ServicePort{...}`). The value text is
 * carried in the detail with the value itself omitted, so `formatFieldError` prints
 * exactly what the real API server prints (`Invalid value: []string(nil): ...`).
 */
import { OMIT_VALUE, type FieldError, type FieldErrorType, type FieldPath } from '../field-errors';

function withGoValue(type: FieldErrorType, path: FieldPath | string, goText: string, detail: string): FieldError {
  return { type, field: String(path), badValue: OMIT_VALUE, detail: detail ? `${goText}: ${detail}` : goText };
}

/** field.Invalid with a Go-literal bad value. */
export function invalidGo(path: FieldPath | string, goText: string, detail: string): FieldError {
  return withGoValue('FieldValueInvalid', path, goText, detail);
}

/** field.Duplicate with a Go-literal bad value. */
export function duplicateGo(path: FieldPath | string, goText: string): FieldError {
  return withGoValue('FieldValueDuplicate', path, goText, '');
}

/** Go's %#v of a []string (nil when undefined). */
export function goStringSlice(values: readonly string[] | undefined, typeName = 'string'): string {
  if (values === undefined) return `[]${typeName}(nil)`;
  return `[]${typeName}{${values.map((v) => JSON.stringify(v)).join(', ')}}`;
}
