/**
 * kubectl's client-side apply annotation during the move to server-side apply (only for the
 * `kubectl` manager, as the real server does): conflicts on fields whose live value still equals
 * the last-applied configuration are forgiven, and the annotation is kept in sync with what is applied.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import { isJsonObject } from '../../k8s/json';
import type { ObjectSchema } from '../schema/types';
import { compareObjects } from './compare';
import { fieldSetOf } from './fieldset';
import type { FieldSet } from './field-set';
import { goJson } from './path';

export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
/** apimachinery's TotalAnnotationSizeLimitB. */
const ANNOTATIONS_SIZE_LIMIT = 256 * 1024;

function annotationsOf(obj: JsonObject): Record<string, JsonValue> | undefined {
  const meta = obj.metadata;
  if (meta === undefined || !isJsonObject(meta)) return undefined;
  const a = meta.annotations;
  return a !== undefined && isJsonObject(a) ? a : undefined;
}

/** Fields of the last-applied configuration whose live value is still the same, or undefined. */
export function allowedConflictsFromLastApplied(live: JsonObject, schema: ObjectSchema, apiVersion: string): FieldSet | undefined {
  const text = annotationsOf(live)?.[LAST_APPLIED_ANNOTATION];
  if (typeof text !== 'string' || text === '') return undefined;
  let last: unknown;
  try {
    last = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(last as JsonValue)) return undefined;
  const lastObj = last as JsonObject;
  if (lastObj.apiVersion !== apiVersion) return undefined;
  const c = compareObjects(lastObj, live, schema);
  return fieldSetOf(lastObj, schema).difference(c.modified).difference(c.added).difference(c.removed);
}

/** lastAppliedUpdater: rewrites the annotation (when present) from the applied configuration. */
export function syncLastApplied(result: JsonObject, applied: JsonObject): void {
  const annotations = annotationsOf(result);
  const current = annotations?.[LAST_APPLIED_ANNOTATION];
  if (!annotations || typeof current !== 'string' || current === '') return;
  const copy: JsonObject = { ...applied };
  if (isJsonObject(copy.metadata ?? null)) {
    const meta = { ...(copy.metadata as JsonObject) };
    if (isJsonObject(meta.annotations ?? null)) {
      const a = { ...(meta.annotations as JsonObject) };
      delete a[LAST_APPLIED_ANNOTATION];
      meta.annotations = a;
    }
    copy.metadata = meta;
  }
  const next: Record<string, JsonValue> = { ...annotations, [LAST_APPLIED_ANNOTATION]: `${goJson(copy)}\n` };
  let size = 0;
  for (const [k, v] of Object.entries(next)) size += k.length + (typeof v === 'string' ? v.length : 0);
  if (size > ANNOTATIONS_SIZE_LIMIT) delete next[LAST_APPLIED_ANNOTATION];
  const meta = result.metadata as JsonObject;
  result.metadata = { ...meta, annotations: next };
}
