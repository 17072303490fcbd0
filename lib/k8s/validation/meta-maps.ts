/**
 * Label and annotation map checks (apimachinery meta/v1/validation.ValidateLabels and
 * api/validation.ValidateAnnotations, v1.32). Pure and browser-safe.
 */
import { fieldError, type FieldError, type FieldPath } from '../field-errors';
import { byteLength, isQualifiedName, isValidLabelValue } from './names';

/** Total size (keys + values, bytes) allowed for all annotations of one object: 256 KiB. */
export const TOTAL_ANNOTATION_SIZE_LIMIT_B = 256 * 1024;

/** v1validation.ValidateLabelName */
export function validateLabelName(name: string, path: FieldPath | string): FieldError[] {
  return isQualifiedName(name).map((msg) => fieldError.invalid(path, name, msg));
}

/** v1validation.ValidateLabels: every key a qualified name, every value a label value; errors at the map's path. */
export function validateLabels(labels: Readonly<Record<string, string>> | undefined, path: FieldPath | string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    errs.push(...validateLabelName(k, path));
    for (const msg of isValidLabelValue(String(v))) errs.push(fieldError.invalid(path, v, msg));
  }
  return errs;
}

/** Sum of key and value byte lengths (apimachinery ValidateAnnotationsSize). */
export function annotationsSize(annotations: Readonly<Record<string, string>> | undefined): number {
  let total = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) total += byteLength(k) + byteLength(String(v));
  return total;
}

/** apimachinery ValidateAnnotations: keys are qualified names (case-insensitive), total size ≤ 256 KiB. */
export function validateAnnotations(
  annotations: Readonly<Record<string, string>> | undefined,
  path: FieldPath | string,
): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of Object.keys(annotations ?? {})) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(fieldError.invalid(path, k, msg));
  }
  if (annotationsSize(annotations) > TOTAL_ANNOTATION_SIZE_LIMIT_B) {
    errs.push(fieldError.tooLong(path, '', TOTAL_ANNOTATION_SIZE_LIMIT_B));
  }
  return errs;
}
