/** Shared pieces of the simple resource strategies (everything but Services). */
import type { FieldError } from '../../k8s/field-errors';
import type { KubeObject } from '../../k8s/types/meta';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../k8s/validation/object-meta';
import type { NameFn } from '../../k8s/validation/names';

export const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] as const;

export function metaCreateErrors(obj: KubeObject, namespaced: boolean, nameFn: NameFn): FieldError[] {
  return validateObjectMeta(obj.metadata, { namespaced, nameFn }, 'metadata');
}

export function metaUpdateErrors(next: KubeObject, prev: KubeObject): FieldError[] {
  return validateObjectMetaUpdate(next.metadata, prev.metadata, 'metadata');
}

export function copy<T>(value: T): T {
  return structuredClone(value);
}

/**
 * The status strategies' rule (namespace/node/pod statusStrategy.PrepareForUpdate): the old spec is
 * kept; status and metadata (labels, annotations) are taken from the request, as written.
 */
export function takeStatusOnly<T extends KubeObject & { spec?: unknown }>(next: T, prev: T): T {
  const out = copy(next);
  if (prev.spec === undefined) delete out.spec;
  else out.spec = copy(prev.spec);
  return out;
}

/** The update strategies' rule: an update of the main resource never changes status. */
export function keepStatus<T extends KubeObject & { status?: unknown }>(next: T, prev: T): T {
  const out = copy(next);
  if (prev.status === undefined) delete out.status;
  else out.status = copy(prev.status);
  return out;
}

export function isPort(n: unknown): boolean {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 65535;
}
