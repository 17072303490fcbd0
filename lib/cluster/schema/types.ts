/**
 * The embedded cluster's description of the types it serves: one source for the OpenAPI v2/v3
 * documents (and so `kubectl explain`), unknown-field detection (`fieldValidation`), strategic merge
 * patch keys and server-side apply list semantics.
 */

interface Described {
  description?: string;
}

export interface ScalarSchema extends Described {
  type: 'string' | 'integer' | 'number' | 'boolean';
  /** OpenAPI format: int32, int64, date-time, byte, ... */
  format?: string;
  enum?: readonly string[];
}

/** intstr.IntOrString (targetPort). */
export interface IntOrStringSchema extends Described {
  type: 'int-or-string';
}

export interface ObjectSchema extends Described {
  type: 'object';
  /** The OpenAPI definition name, e.g. `io.k8s.api.core.v1.ServicePort`; named objects become $refs. */
  name?: string;
  properties: Record<string, Schema>;
  required?: readonly string[];
  /** For top-level kinds: group, version and kind (x-kubernetes-group-version-kind). */
  gvk?: { group: string; version: string; kind: string };
  /** `atomic` objects are replaced whole by apply and merge. */
  mapType?: 'atomic' | 'granular';
}

/** A map from string keys to values (additionalProperties). */
export interface MapSchema extends Described {
  type: 'map';
  values: Schema;
}

export interface ArraySchema extends Described {
  type: 'array';
  items: Schema;
  /** x-kubernetes-list-type. */
  listType?: 'atomic' | 'set' | 'map';
  /** x-kubernetes-list-map-keys, for listType `map`. */
  listMapKeys?: readonly string[];
  /** x-kubernetes-patch-merge-key (strategic merge patch). */
  patchMergeKey?: string;
  /** x-kubernetes-patch-strategy (strategic merge patch). */
  patchStrategy?: 'merge' | 'replace' | 'retainKeys' | 'merge,retainKeys';
}

/** Free-form JSON (FieldsV1, RawExtension). */
export interface AnySchema extends Described {
  type: 'any';
}

export type Schema = ScalarSchema | IntOrStringSchema | ObjectSchema | MapSchema | ArraySchema | AnySchema;
