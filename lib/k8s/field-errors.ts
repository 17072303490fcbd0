/**
 * Field errors with the exact text of apimachinery's field.Error, so messages read the same as
 * the real API server's: `spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive`.
 * Pure and browser-safe: the Service forms, the YAML editor and the embedded cluster all use it.
 */

export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

const TYPE_TEXT: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

/** Marks a field error whose bad value is not printed (field.OmitValueType). */
export const OMIT_VALUE: unique symbol = Symbol('omitValue');

export type BadValue = string | number | boolean | null | undefined | readonly unknown[] | object | typeof OMIT_VALUE;

export interface FieldError {
  type: FieldErrorType;
  /** Dotted path with indices, e.g. `spec.ports[0].nodePort`. */
  field: string;
  badValue: BadValue;
  detail: string;
}

/** A field path builder: `root('spec').child('ports').index(0).child('nodePort').toString()`. */
export class FieldPath {
  private constructor(private readonly text: string) {}

  static root(name: string): FieldPath {
    return new FieldPath(name);
  }

  child(name: string, ...more: string[]): FieldPath {
    let text = this.text ? `${this.text}.${name}` : name;
    for (const m of more) text = `${text}.${m}`;
    return new FieldPath(text);
  }

  index(i: number): FieldPath {
    return new FieldPath(`${this.text}[${i}]`);
  }

  key(k: string): FieldPath {
    return new FieldPath(`${this.text}[${k}]`);
  }

  toString(): string {
    return this.text;
  }
}

type PathLike = FieldPath | string;

function make(type: FieldErrorType, path: PathLike, badValue: BadValue, detail: string): FieldError {
  return { type, field: String(path), badValue, detail };
}

export const fieldError = {
  required: (path: PathLike, detail = ''): FieldError => make('FieldValueRequired', path, '', detail),
  invalid: (path: PathLike, value: BadValue, detail: string): FieldError => make('FieldValueInvalid', path, value, detail),
  notSupported: (path: PathLike, value: BadValue, supported: readonly string[]): FieldError =>
    make(
      'FieldValueNotSupported',
      path,
      value,
      supported.length ? `supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}` : '',
    ),
  duplicate: (path: PathLike, value: BadValue): FieldError => make('FieldValueDuplicate', path, value, ''),
  forbidden: (path: PathLike, detail: string): FieldError => make('FieldValueForbidden', path, '', detail),
  tooLong: (path: PathLike, value: BadValue, max: number): FieldError =>
    make('FieldValueTooLong', path, value, max >= 0 ? `may not be more than ${max} bytes` : 'value is too long'),
  tooMany: (path: PathLike, actual: number, max: number): FieldError =>
    make('FieldValueTooMany', path, actual, max >= 0 ? `must have at most ${max} items` : 'has too many items'),
  notFound: (path: PathLike, value: BadValue): FieldError => make('FieldValueNotFound', path, value, ''),
  internal: (path: PathLike, detail: string): FieldError => make('InternalError', path, OMIT_VALUE, detail),
};

/** Go's %#v for the few composite values Kubernetes validation reports. */
function goSyntax(value: unknown): string {
  if (Array.isArray(value)) {
    const allStrings = value.every((v) => typeof v === 'string');
    const elemType = allStrings ? 'string' : 'interface {}';
    return `[]${elemType}{${value.map((v) => goSyntax(v)).join(', ')}}`;
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'null';
  const entries = Object.entries(value as Record<string, unknown>)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}:${goSyntax(v)}`);
  return `map[string]interface {}{${entries.join(', ')}}`;
}

/** The message without the field path (field.Error.ErrorBody). */
export function errorBody(e: FieldError): string {
  const typeText = TYPE_TEXT[e.type];
  let s: string;
  if (
    e.type === 'FieldValueRequired' ||
    e.type === 'FieldValueForbidden' ||
    e.type === 'FieldValueTooLong' ||
    e.type === 'InternalError' ||
    e.badValue === OMIT_VALUE
  ) {
    s = typeText;
  } else {
    const v = e.badValue;
    if (v === null || v === undefined) s = `${typeText}: "null"`;
    else if (typeof v === 'number' || typeof v === 'boolean') s = `${typeText}: ${v}`;
    else if (typeof v === 'string') s = `${typeText}: ${JSON.stringify(v)}`;
    else s = `${typeText}: ${goSyntax(v)}`;
  }
  if (e.detail) s += `: ${e.detail}`;
  return s;
}

/** `field: body`, as field.Error.Error(). */
export function formatFieldError(e: FieldError): string {
  return `${e.field}: ${errorBody(e)}`;
}

/** An aggregate of errors as utilerrors.Aggregate prints it: one message, or `[a, b]` with duplicates dropped. */
export function formatAggregate(errors: readonly FieldError[]): string {
  const seen = new Set<string>();
  const msgs: string[] = [];
  for (const e of errors) {
    const m = formatFieldError(e);
    if (!seen.has(m)) {
      seen.add(m);
      msgs.push(m);
    }
  }
  if (msgs.length === 1) return msgs[0];
  return `[${msgs.join(', ')}]`;
}
