/**
 * TEMPORARY stand-ins for modules other helpers are building; each is replaced by the real import
 * as soon as it lands. Nothing here is the real behaviour.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import type { KubeObject, ManagedFieldsEntry } from '../../k8s/types/meta';
import type { ObjectSchema } from '../schema/types';

export function findUnknownFields(_obj: JsonValue, _schema: ObjectSchema): string[] {
  return [];
}

export interface RecordUpdateInput {
  prev: KubeObject | undefined;
  next: KubeObject;
  manager: string;
  subresource?: string;
  apiVersion: string;
  time: string;
  schema: ObjectSchema;
}

export function recordUpdate(input: RecordUpdateInput): ManagedFieldsEntry[] {
  const entries = (input.prev?.metadata.managedFields ?? []).filter(
    (e) => !(e.manager === input.manager && e.operation === 'Update' && (e.subresource ?? '') === (input.subresource ?? '')),
  );
  const entry: ManagedFieldsEntry = { manager: input.manager, operation: 'Update', apiVersion: input.apiVersion, time: input.time, fieldsType: 'FieldsV1', fieldsV1: {} };
  if (input.subresource) entry.subresource = input.subresource;
  return [...entries, entry];
}

export function applyMergePatch(doc: JsonValue, patch: JsonValue): JsonValue {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const out: JsonObject = typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? { ...doc } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = applyMergePatch(out[k] ?? null, v);
  }
  return out;
}

export function applyJsonPatch(doc: JsonValue, _patch: unknown): JsonValue {
  return doc;
}

export function applyStrategicMergePatch(doc: JsonObject, patch: JsonObject, _schema: ObjectSchema): JsonObject {
  return applyMergePatch(doc, patch) as JsonObject;
}

export interface ServerSideApplyInput {
  live: KubeObject | undefined;
  applied: KubeObject;
  manager: string;
  force: boolean;
  apiVersion: string;
  time: string;
  schema: ObjectSchema;
  subresource?: string;
}

export function serverSideApply(input: ServerSideApplyInput): KubeObject {
  const base = (input.live ?? { metadata: {} }) as unknown as JsonObject;
  return applyMergePatch(structuredClone(base), input.applied as unknown as JsonObject) as unknown as KubeObject;
}


// ---- auth: loadIdentities (schema-auth helper) ----
import { defaultIdentities } from '../auth/defaults';
import type { Identity } from '../auth/types';

export function loadIdentities(_tokensFile?: string): Identity[] {
  return defaultIdentities();
}

// ---- demo data (controllers helper) ----
import type { ClusterApi } from '../api';

export function seedDemoData(_api: ClusterApi): void {}
