/**
 * TEMPORARY stand-in for the strategic merge patch module (selectors-printers-patches helper);
 * replaced by the real import as soon as it lands. Nothing here is the real behaviour.
 */
import type { JsonObject } from '../../k8s/json';
import { applyMergePatch } from '../patch/merge-patch';
import type { ObjectSchema } from '../schema/types';

export function applyStrategicMergePatch(doc: JsonObject, patch: JsonObject, _schema: ObjectSchema): JsonObject {
  return applyMergePatch(doc, patch) as JsonObject;
}
