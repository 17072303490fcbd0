/**
 * Field selectors as apimachinery's `pkg/fields` parses them (`?fieldSelector=`): comma-separated
 * `field=value`, `field==value` or `field!=value` terms; `\`, `,` and `=` in values are escaped with
 * a backslash. Errors are 400 BadRequest Status errors with the real messages.
 */
import { ApiError } from '../errors/api-error';
import { statusError } from '../../k8s/status';
import type { KubeObject } from '../../k8s/types/meta';
import type { StoredResource } from '../storage/types';
import { convertFieldLabel, fieldSetFor } from './field-sets';

export { fieldSetFor } from './field-sets';

export interface FieldRequirement {
  field: string;
  /** `==` parses to `=` (both are selection.Equals). */
  operator: '=' | '!=';
  value: string;
}

const TERM_OPERATORS = ['!=', '==', '='] as const;

function badRequest(message: string): ApiError {
  return new ApiError(statusError.badRequest(message));
}

/** fields.splitTerms: split on commas that are not escaped. */
function splitTerms(selector: string): string[] {
  if (selector.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

/** fields.splitTerm: the first operator found scanning left to right (`!=` before `==` before `=`). */
function splitTerm(term: string): { lhs: string; op: string; rhs: string } | undefined {
  for (let i = 0; i < term.length; i++) {
    const rest = term.slice(i);
    for (const op of TERM_OPERATORS) {
      if (rest.startsWith(op)) return { lhs: term.slice(0, i), op, rhs: term.slice(i + op.length) };
    }
  }
  return undefined;
}

/** fields.UnescapeValue. Go prints the offending rune with %v, i.e. as its code point number. */
export function unescapeFieldValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c === '\\' || c === ',' || c === '=') out += c;
      else throw badRequest(`invalid field selector: invalid escape sequence: \\${c}`);
      inSlash = false;
      continue;
    }
    if (c === '\\') inSlash = true;
    else if (c === ',' || c === '=') throw badRequest(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    else out += c;
  }
  if (inSlash) throw badRequest('invalid field selector: invalid escape sequence: \\');
  return out;
}

/** fields.EscapeValue. */
export function escapeFieldValue(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/=/g, '\\=');
}

/**
 * fields.ParseSelector. Terms come back sorted by their text (as the real parser sorts them); an
 * empty string selects everything. Throws ApiError 400 with the real message.
 */
export function parseFieldSelector(text: string): FieldRequirement[] {
  const parts = splitTerms(text).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const reqs: FieldRequirement[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const t = splitTerm(part);
    if (!t) throw badRequest(`invalid selector: '${text}'; can't understand '${part}'`);
    const value = unescapeFieldValue(t.rhs);
    reqs.push({ field: t.lhs, operator: t.op === '!=' ? '!=' : '=', value });
  }
  return reqs;
}

/**
 * Runs the resource's field label conversion over the requirements, as the list and watch
 * handlers do before they hit storage: returns them with labels renamed (pods' `spec.host` →
 * `spec.nodeName`), or throws ApiError 400 with the real message
 * (`field label not supported: spec.foo`).
 */
export function checkFieldSelector(resource: StoredResource, reqs: readonly FieldRequirement[]): FieldRequirement[] {
  return reqs.map((r) => {
    const converted = convertFieldLabel(resource, r.field);
    if ('error' in converted) throw badRequest(converted.error);
    return { ...r, field: converted.label };
  });
}

/** Every requirement holds on the field set (a missing field reads as ""). */
export function matchesFieldRequirements(reqs: readonly FieldRequirement[], fields: Readonly<Record<string, string>>): boolean {
  return reqs.every((r) => {
    const v = Object.prototype.hasOwnProperty.call(fields, r.field) ? fields[r.field] : '';
    return r.operator === '=' ? v === r.value : v !== r.value;
  });
}

/** Convenience: does `obj` of `resource` satisfy already checked requirements? */
export function objectMatchesFields(resource: StoredResource, reqs: readonly FieldRequirement[], obj: KubeObject): boolean {
  return reqs.length === 0 || matchesFieldRequirements(reqs, fieldSetFor(resource, obj));
}

/** fields.Selector.String: `a=b,c!=d` with values escaped. */
export function formatFieldRequirements(reqs: readonly FieldRequirement[]): string {
  return reqs.map((r) => `${r.field}${r.operator}${escapeFieldValue(r.value)}`).join(',');
}
