/**
 * The writes of the Service pages, on top of serviceApi (lib/client/services.ts, which builds the
 * requests with fetch-json and apiPaths). Errors arrive as `StatusError` with the server's Status.
 */
import { failure } from '../k8s/status';
import type { Service, Status } from '../k8s/types';
import { metadataMergePatch, type MetaMapName, type StringMap } from '../service-actions/metadata-edit';
import { StatusError, type JsonResult } from './fetch-json';
import { serviceApi, type ServiceRef } from './services';

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
