/**
 * Request body decoding as the real API server does it: JSON or YAML, a top-level object, the
 * expected apiVersion/kind, and no `__proto__` keys ever reaching an object (they are removed and
 * reported as unknown fields).
 */
import { parse as parseYaml } from 'yaml';
import { failure, statusError } from '../../k8s/status';
import { isJsonObject, type JsonObject, type JsonValue } from '../../k8s/json';
import type { ObjectSchema, Schema } from '../schema/types';
import { ApiError } from '../errors/api-error';
import { parseYamlWithDuplicates, scanJsonText } from './body-text';
import { goJsonSyntaxError } from './go-json-error';
import { findExcessNesting, type NestingSyntax } from '../../text/nesting-scan';
import { excessNesting, isStackOverflow, jsonDepthError, MAX_NESTING_DEPTH, YAML_DEPTH_ERROR, yamlDepthError } from '../../text/nesting-depth';

export interface Decoded {
  object: JsonObject;
  /** Paths of keys that were removed because they could pollute prototypes (`spec.__proto__`). */
  strippedPaths: string[];
  /** Repeated keys (last one kept), reported by fieldValidation. */
  duplicates?: DuplicateKeys;
}

/** Facts of the body text the decoded value has lost. */
export interface DuplicateKeys {
  /** go-yaml's complaints: `line 7: key "type" already set in map`. */
  yaml: string[];
  /** JSON paths: `spec.type`. */
  json: string[];
  /** JSON number literals that are not plain integers (`80.0`), by path (`spec.ports[0].port`). */
  numbers?: Map<string, string>;
}


const DANGEROUS_KEYS = new Set(['__proto__']);

export function isYamlContentType(contentType: string | undefined): boolean {
  const base = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return base === 'application/yaml' || base === 'application/apply-patch+yaml' || base === 'text/yaml' || base === 'application/x-yaml';
}

const OBJECT_MEDIA_TYPES = new Set(['', 'application/json', 'application/yaml', '*/*']);

/** 415 for a create/update body in a format we do not decode (protobuf, CBOR, forms). */
export function checkObjectContentType(contentType: string | undefined): void {
  const base = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (OBJECT_MEDIA_TYPES.has(base)) return;
  throw new ApiError(
    failure(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml`),
  );
}

/** summarizeData: what the real server quotes from a body it could not decode. */
export function summarizeData(text: string, max = 30): string {
  if (text.length === 0) return '<empty>';
  if (text[0] === '{') return text.length > max ? `${text.slice(0, max)} ...` : text;
  const hex = Buffer.from(text.slice(0, max)).toString('hex');
  return text.length > max ? `${hex} ...` : hex;
}

/** Go encoding/json's wording for the first syntax error in `text`. */
export function goJsonError(text: string, err: unknown): string {
  return goJsonSyntaxError(text) ?? (err instanceof Error ? err.message : String(err));
}

/**
 * Removes every `__proto__` key (own properties made by JSON.parse), returning their paths. With a
 * schema, keys of maps (labels, annotations, selector: `map[string]string` in Go) are kept: there
 * `__proto__` is an ordinary key that validation refuses, while in structs it is an unknown field.
 */
export function stripDangerousKeys(value: unknown, path = '', schema?: Schema): string[] {
  const found: string[] = [];
  if (Array.isArray(value)) {
    const items = schema?.type === 'array' ? schema.items : undefined;
    value.forEach((v, i) => found.push(...stripDangerousKeys(v, `${path}[${i}]`, items)));
  } else if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const isMap = schema?.type === 'map';
    for (const key of Object.keys(obj)) {
      const childPath = path ? `${path}.${key}` : key;
      if (DANGEROUS_KEYS.has(key) && !isMap) {
        delete obj[key];
        found.push(childPath);
      } else {
        const child = schema?.type === 'map' ? schema.values : schema?.type === 'object' && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
        found.push(...stripDangerousKeys(obj[key], childPath, child));
      }
    }
  }
  return found;
}

/** Whether parsing `text` can have made a `__proto__` key (literally, or through an escape). */
export function mayHoldDangerousKeys(text: string): boolean {
  return text.includes('__proto__') || text.includes('\\');
}

/**
 * The decoder's message for a body nested deeper than the limit, found before parsing (linear in the
 * text, lib/text/nesting-scan.ts), or undefined. JSON: encoding/json's scanner stops at the first
 * syntax error or the depth, whichever comes first. YAML: go-yaml's depth message with its line.
 */
export function bodyDepthError(text: string, syntax: NestingSyntax): string | undefined {
  const excess = findExcessNesting(text, MAX_NESTING_DEPTH, syntax);
  if (!excess) return undefined;
  if (syntax === 'yaml') return yamlDepthError(excess.line);
  return goJsonSyntaxError(text) ?? jsonDepthError(excess.open);
}

/** Parses JSON or YAML text into a JSON value; `describe` builds the 400 message from the parser's error. */
export function parseBodyValue(text: string, contentType: string | undefined, describe: (err: string) => string): JsonValue {
  if (isYamlContentType(contentType)) {
    const yamlError = (msg: string): ApiError => new ApiError(statusError.badRequest(describe(`error converting YAML to JSON: yaml: ${msg}`)));
    const deep = bodyDepthError(text, 'yaml');
    if (deep) throw yamlError(deep);
    let value: unknown;
    try {
      // Repeated keys: the last one wins, as sigs.k8s.io/yaml does (and checking them is quadratic here).
      value = parseYaml(text, { maxAliasCount: 100, uniqueKeys: false });
    } catch (err) {
      throw yamlError(yamlErrorText(err));
    }
    if (excessNesting(value)) throw yamlError(YAML_DEPTH_ERROR);
    return (value ?? null) as JsonValue;
  }
  const deep = bodyDepthError(text, 'json');
  if (deep) throw new ApiError(statusError.badRequest(describe(deep)));
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (err) {
    throw new ApiError(statusError.badRequest(describe(goJsonError(text, err))));
  }
  const open = excessNesting(value);
  if (open) throw new ApiError(statusError.badRequest(describe(jsonDepthError(open))));
  return value;
}

/** The first line of a YAML parser's error; a document too deep for the parser is the depth error. */
function yamlErrorText(err: unknown): string {
  if (isStackOverflow(err)) return YAML_DEPTH_ERROR;
  return err instanceof Error ? err.message.split('\n')[0] : String(err);
}

export interface ExpectedType {
  kind: string;
  apiVersion: string;
}

/** Decodes an object body (create, update) and checks its apiVersion and kind; `schema` keeps map keys (see stripDangerousKeys). */
export function decodeObject(text: string, contentType: string | undefined, expected: ExpectedType, schema?: ObjectSchema): Decoded {
  checkObjectContentType(contentType);
  const unrecognized = (base: string): string =>
    `the object provided is unrecognized (must be of type ${expected.kind}): ${base} (${summarizeData(text)})`;
  const yaml = isYamlContentType(contentType);
  let value: JsonValue;
  const duplicates: DuplicateKeys = { yaml: [], json: [] };
  if (yaml) {
    // The YAML serializer converts to JSON first: its errors have no version/kind prefix.
    const deep = bodyDepthError(text, 'yaml');
    if (deep) throw new ApiError(statusError.badRequest(unrecognized(`yaml: ${deep}`)));
    try {
      const parsed = parseYamlWithDuplicates(text);
      value = (parsed.value ?? null) as JsonValue;
      duplicates.yaml = parsed.duplicates;
    } catch (err) {
      throw new ApiError(statusError.badRequest(unrecognized(`error converting YAML to JSON: yaml: ${yamlErrorText(err)}`)));
    }
    if (excessNesting(value)) throw new ApiError(statusError.badRequest(unrecognized(`error converting YAML to JSON: yaml: ${YAML_DEPTH_ERROR}`)));
  } else {
    value = parseBodyValue(text, contentType, (e) => unrecognized(`couldn't get version/kind; json parse error: ${e}`));
    if (isJsonObject(value)) {
      const facts = scanJsonText(text);
      duplicates.json = facts.duplicates;
      if (facts.numbers.size > 0) duplicates.numbers = facts.numbers;
    }
  }
  if (!isJsonObject(value)) {
    throw new ApiError(
      statusError.badRequest(
        unrecognized(`couldn't get version/kind; json parse error: json: cannot unmarshal ${goTypeName(value)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`),
      ),
    );
  }
  const strippedPaths = mayHoldDangerousKeys(text) ? stripDangerousKeys(value, '', schema) : [];
  const object = checkTypeMeta(value, expected);
  const hasDuplicates = duplicates.yaml.length > 0 || duplicates.json.length > 0 || duplicates.numbers !== undefined;
  return hasDuplicates ? { object, strippedPaths, duplicates } : { object, strippedPaths };
}

function goTypeName(value: JsonValue): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'number' ? 'number' : typeof value;
}

/** Kinds the real server's scheme knows per group (a body of another known kind fails conversion). */
const KNOWN_KINDS: Record<string, readonly string[]> = {
  '': ['Binding', 'ComponentStatus', 'ConfigMap', 'Endpoints', 'Event', 'LimitRange', 'Namespace', 'Node', 'PersistentVolume', 'PersistentVolumeClaim', 'Pod', 'PodTemplate', 'ReplicationController', 'ResourceQuota', 'Secret', 'Service', 'ServiceAccount'],
  'discovery.k8s.io': ['EndpointSlice'],
  'coordination.k8s.io': ['Lease'],
};

/**
 * Sets kind and apiVersion and orders the top-level keys as the real server encodes a typed object
 * (TypeMeta inline first, then metadata, then the rest): stored objects keep the key order they
 * are written with, and a body without kind/apiVersion must not be served with them last.
 */
function withTypeMetaFirst(obj: JsonObject, expected: ExpectedType): JsonObject {
  const out: JsonObject = { kind: expected.kind, apiVersion: expected.apiVersion, metadata: obj.metadata };
  for (const key of Object.keys(obj)) {
    if (key === 'kind' || key === 'apiVersion' || key === 'metadata') continue;
    if (key === '__proto__') Object.defineProperty(out, key, { value: obj[key], writable: true, enumerable: true, configurable: true });
    else out[key] = obj[key];
  }
  return out;
}

/**
 * Refuses an apiVersion/kind other than `expected` with the real messages; returns the object with
 * them filled in and first (a shallow copy: use the result).
 */
export function checkTypeMeta(obj: JsonObject, expected: ExpectedType): JsonObject {
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  if (apiVersion && apiVersion !== expected.apiVersion) {
    throw new ApiError(
      statusError.badRequest(`the API version in the data (${apiVersion}) does not match the expected API version (${expected.apiVersion})`),
    );
  }
  if (kind && kind !== expected.kind) {
    const group = expected.apiVersion.includes('/') ? expected.apiVersion.split('/')[0] : '';
    const version = (apiVersion || expected.apiVersion).split('/').pop() ?? 'v1';
    const internal = group ? group.split('.')[0] : 'core';
    const known = (KNOWN_KINDS[group] ?? []).includes(kind);
    const reason = known
      ? `converting (${version}.${kind}) to (${internal}.${expected.kind}): unknown conversion`
      : `no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersion || expected.apiVersion)} in scheme "pkg/api/legacyscheme/scheme.go:30"`;
    throw new ApiError(statusError.badRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${expected.kind}: ${reason}`));
  }
  if (obj.metadata === undefined || obj.metadata === null) obj.metadata = {};
  if (!isJsonObject(obj.metadata)) {
    throw new ApiError(
      statusError.badRequest(
        `${expected.kind} in version "${expected.apiVersion.split('/').pop() ?? 'v1'}" cannot be handled as a ${expected.kind}: json: cannot unmarshal ${goTypeName(obj.metadata)} into Go struct field ${expected.kind}.metadata of type v1.ObjectMeta`,
      ),
    );
  }
  return withTypeMetaFirst(obj, expected);
}
