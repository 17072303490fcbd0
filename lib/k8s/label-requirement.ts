/**
 * A label selector requirement (apimachinery labels.Requirement): construction with the real
 * validation messages (labels.NewRequirement) and matching (Requirement.Matches). Pure and
 * browser-safe; `labels.ts` is the public entry point.
 */
import { fieldError, formatAggregate, FieldPath, type FieldError } from './field-errors';
import { isQualifiedName, isValidLabelValue } from './validation/names';

/** selection.Operator values. */
export type LabelOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

export interface LabelRequirement {
  key: string;
  operator: LabelOperator;
  /** Sorted and de-duplicated (the parser's sets.String), empty for exists / !. */
  values: string[];
}

export const BINARY_OPERATORS = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];
const VALID_OPERATORS = [...BINARY_OPERATORS, 'exists', '!'];

export function keyError(key: string, path: string): FieldError | undefined {
  const errs = isQualifiedName(key);
  return errs.length ? fieldError.invalid(path, key, errs.join('; ')) : undefined;
}

const INT64 = /^[+-]?[0-9]+$/;
function parseInt64(s: string): bigint | undefined {
  if (!INT64.test(s)) return undefined;
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) return undefined;
  return n;
}

/**
 * labels.NewRequirement: validates and builds one requirement. `path` is the field path prefix
 * (the parser passes none). Throws Error with the aggregate message.
 */
export function newLabelRequirement(key: string, operator: LabelOperator, values: readonly string[], path = ''): LabelRequirement {
  const errs: FieldError[] = [];
  const p = (name: string) => (path ? `${path}.${name}` : name);
  const ke = keyError(key, p('key'));
  if (ke) errs.push(ke);
  const valuePath = FieldPath.root(p('values'));
  switch (operator) {
    case 'in':
    case 'notin':
      if (values.length === 0) errs.push(fieldError.invalid(valuePath, [...values], "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (values.length !== 1) errs.push(fieldError.invalid(valuePath, [...values], 'exact-match compatibility requires one single value'));
      break;
    case 'exists':
    case '!':
      if (values.length !== 0) errs.push(fieldError.invalid(valuePath, [...values], 'values set must be empty for exists and does not exist'));
      break;
    case 'gt':
    case 'lt':
      if (values.length !== 1) errs.push(fieldError.invalid(valuePath, [...values], "for 'Gt', 'Lt' operators, exactly one value is required"));
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) errs.push(fieldError.invalid(valuePath.index(i), v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
    default:
      errs.push(fieldError.notSupported(p('operator'), String(operator), VALID_OPERATORS));
  }
  values.forEach((v, i) => {
    const ve = isValidLabelValue(v);
    if (ve.length) errs.push(fieldError.invalid(valuePath.index(i).key(key), v, ve.join('; ')));
  });
  if (errs.length) throw new Error(formatAggregate(errs));
  return { key, operator, values: [...values] };
}

/** Requirement.Matches for one requirement. */
export function matchesLabelRequirement(r: LabelRequirement, labels: Readonly<Record<string, string>> | undefined): boolean {
  const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
  const value = has ? labels[r.key] : undefined;
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return has && r.values.includes(value as string);
    case 'notin':
    case '!=':
      return !has || !r.values.includes(value as string);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || r.values.length !== 1) return false;
      const lv = parseInt64(value as string);
      const rv = parseInt64(r.values[0]);
      if (lv === undefined || rv === undefined) return false;
      return r.operator === 'gt' ? lv > rv : lv < rv;
    }
    default:
      return false;
  }
}

/** All requirements match (an empty list matches everything). */
export function matchesLabelRequirements(reqs: readonly LabelRequirement[], labels: Readonly<Record<string, string>> | undefined): boolean {
  return reqs.every((r) => matchesLabelRequirement(r, labels));
}
