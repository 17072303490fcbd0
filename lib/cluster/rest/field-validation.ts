/**
 * fieldValidation=Strict|Warn|Ignore: unknown fields are refused (400), reported in `Warning`
 * headers, or silently dropped. In every case they never reach the stored object. Values of the
 * wrong JSON type are refused first, as Go's decoder does.
 */
import { statusError } from '../../k8s/status';
import type { JsonObject, JsonValue } from '../../k8s/json';
import { findUnknownFields, strictDecodingError, strictDecodingMessage, unknownFieldMessage, unknownFieldWarnings } from '../apply/unknown-fields';
import { schemaFor } from '../schema';
import type { ResourceDefinition } from '../registry/types';
import { ApiError } from '../errors/api-error';
import type { DuplicateKeys } from './decode';
import { findTypeError } from './type-check';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export function parseFieldValidation(value: string | null | undefined): FieldValidation {
  if (value === null || value === undefined || value === '') return 'Warn';
  if (value === 'Strict' || value === 'Warn' || value === 'Ignore') return value;
  throw new ApiError(
    statusError.badRequest(`fieldValidation "${value}" is invalid, valid values are "Ignore", "Warn", or "Strict"`),
  );
}

/**
 * Checks `obj` against its schema; returns the warnings to send (Warn) and removes unknown fields.
 * `extra` are paths already removed while decoding (`__proto__` keys).
 */
export function enforceFieldValidation(
  def: ResourceDefinition,
  obj: JsonObject,
  mode: FieldValidation,
  extra: readonly string[] = [],
  /** Patches under Strict get the bare `strict decoding error: ...` message. */
  isPatch = false,
  duplicates?: DuplicateKeys,
): string[] {
  const typeError = findTypeError(obj, schemaFor(def.resource), duplicates?.numbers);
  if (typeError) {
    throw new ApiError(statusError.badRequest(isPatch ? typeError : `${def.kind} in version "${def.version}" cannot be handled as a ${def.kind}: ${typeError}`));
  }
  const unknown = [...extra, ...findUnknownFields(obj, schemaFor(def.resource))];
  const yamlDuplicates = duplicates?.yaml ?? [];
  const jsonDuplicates = (duplicates?.json ?? []).map((p) => `duplicate field ${JSON.stringify(p)}`);
  if (unknown.length === 0 && yamlDuplicates.length === 0 && jsonDuplicates.length === 0) return [];
  if (mode === 'Strict') {
    // The YAML serializer's strict errors first (YAMLToJSONStrict), then the JSON decoder's.
    const yamlError = yamlDuplicates.length ? [`yaml: unmarshal errors:\n  ${yamlDuplicates.join('\n  ')}`] : [];
    if (yamlError.length === 0 && jsonDuplicates.length === 0) {
      throw new ApiError(statusError.badRequest(isPatch ? strictDecodingError(unknown) : strictDecodingMessage(def.kind, def.version, unknown)));
    }
    const text = `strict decoding error: ${[...yamlError, ...unknown.map(unknownFieldMessage), ...jsonDuplicates].join(', ')}`;
    throw new ApiError(statusError.badRequest(isPatch ? text : `${def.kind} in version "${def.version}" cannot be handled as a ${def.kind}: ${text}`));
  }
  for (const path of unknown) removePath(obj, path);
  return mode === 'Warn' ? [...yamlDuplicates, ...unknownFieldWarnings(unknown), ...jsonDuplicates] : [];
}

/** Parses `spec.ports[0].bar` into ['spec', 'ports', 0, 'bar']. */
export function parsePath(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path))) parts.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return parts;
}

function removePath(root: JsonObject, path: string): void {
  const parts = parsePath(path);
  let node: JsonValue | undefined = root;
  for (let i = 0; i < parts.length - 1 && node !== undefined; i++) {
    const p = parts[i];
    if (Array.isArray(node) && typeof p === 'number') node = node[p];
    else if (node && typeof node === 'object' && !Array.isArray(node) && typeof p === 'string') node = Object.hasOwn(node, p) ? node[p] : undefined;
    else node = undefined;
  }
  const last = parts[parts.length - 1];
  if (node && typeof node === 'object' && !Array.isArray(node) && typeof last === 'string') delete node[last];
}
