'use client';
/**
 * The Service writes of the create/edit forms: create (POST), replace (PUT with the loaded
 * resourceVersion), their server dry runs (dryRun=All, fieldValidation=Strict), and a fresh read.
 * Each answers with an outcome instead of throwing, so the form keeps everything on a refusal.
 * Built on serviceApi (lib/client/services.ts: requestJson + apiPaths). Others may add delete,
 * patch or apply helpers here. Delete and the metadata merge patch of the detail page live here too.
 */
import { failure } from '../k8s/status';
import type { Service, Status } from '../k8s/types';
import { metadataMergePatch, type MetaMapName, type StringMap } from '../service-actions/metadata-edit';
import { apiPaths, type WriteQuery } from './api-paths';
import { requestJson, StatusError, type JsonResult } from './fetch-json';
import { serviceApi, type ServiceRef } from './services';

export type WriteOutcome<T> = { ok: true; data: T; warnings: string[] } | { ok: false; status: Status; warnings: string[] };

const STRICT: WriteQuery = { fieldValidation: 'Strict' };
const DRY_RUN: WriteQuery = { dryRun: true, fieldValidation: 'Strict' };

/** A request's answer as an outcome: a refusal (any Status, including "cannot reach Porthole") is data. */
export async function settle<T>(request: Promise<JsonResult<T>>): Promise<WriteOutcome<T>> {
  try {
    const { data, warnings } = await request;
    return { ok: true, data, warnings };
  } catch (err) {
    if (err instanceof StatusError) return { ok: false, status: err.status, warnings: err.warnings };
    throw err;
  }
}

/** A failure Porthole's fetch helper reports when the browser cannot reach Porthole's server. */
export function isNetworkFailure(status: Status): boolean {
  return status.code === 503 && /^Porthole's server cannot be reached/.test(status.message ?? '');
}

export const serviceWrites = {
  create: (namespace: string, svc: Service) => settle(serviceApi.create(namespace, svc, STRICT)),
  replace: (ref: ServiceRef, svc: Service) => settle(serviceApi.replace(ref, svc, STRICT)),
  dryRunCreate: (namespace: string, svc: Service) => settle(serviceApi.create(namespace, svc, DRY_RUN)),
  dryRunReplace: (ref: ServiceRef, svc: Service) => settle(serviceApi.replace(ref, svc, DRY_RUN)),
  get: (ref: ServiceRef) => settle(requestJson<Service>(apiPaths.service(ref.namespace, ref.name))),
};

const refOf = (svc: Service): ServiceRef => ({ namespace: svc.metadata.namespace ?? 'default', name: svc.metadata.name ?? '' });

/**
 * Deletes exactly the object that was loaded: `preconditions.uid` makes the server answer 409 if a
 * Service of the same name was re-created meanwhile, instead of deleting the new one.
 */
export function deleteService(svc: Service): Promise<JsonResult<unknown>> {
  return serviceApi.delete(refOf(svc), { preconditions: { uid: svc.metadata.uid } });
}

/**
 * Saves edited labels or annotations as a JSON merge patch relative to `base` (the map the edit
 * started from), carrying `resourceVersion` (of the object the edit is applied on) so a Service
 * changed meanwhile answers 409 instead of being overwritten. Resolves undefined when nothing changed.
 */
export async function patchServiceMetadata(
  svc: Service,
  which: MetaMapName,
  base: Readonly<StringMap> | undefined,
  edited: Readonly<StringMap>,
): Promise<JsonResult<Service> | undefined> {
  const patch = metadataMergePatch(which, base, edited, svc.metadata.resourceVersion ?? '');
  if (!patch) return undefined;
  return serviceApi.patch(refOf(svc), 'merge', patch);
}

/** The Status of a failed write (a StatusError's own; anything else as a network failure). */
export function writeErrorStatus(err: unknown): Status {
  return err instanceof StatusError ? err.status : failure(0, 'InternalError', err instanceof Error ? err.message : String(err));
}
