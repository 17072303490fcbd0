/**
 * DELETE of one object and deletecollection: preconditions, dryRun, propagationPolicy (dependents
 * found through ownerReferences are deleted or orphaned in the same transaction, as the garbage
 * collector would), namespaces going Terminating first.
 */
import { failure, statusError } from '../../k8s/status';
import type { Namespace } from '../../k8s/types/cluster';
import type { Pod } from '../../k8s/types/pod';
import type { DeleteOptions, KubeObject, Status } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import type { StoredResource, Transaction } from '../storage/types';
import { ApiError } from '../errors/api-error';
import { groupResourceOf, timestamp, type RestContext } from './context';
import { translateStoreError } from './store-errors';

/** Resources whose DELETE answers with the deleted object (ReturnDeletedObject / graceful). */
const RETURNS_OBJECT = new Set<StoredResource>(['services', 'pods']);
/**
 * Where dependents of each owner can be (ownerReferences among what we serve): the EndpointSlice
 * controller makes a Service own its slices. Scanning only these keeps deleting a namespace of
 * thousands of Services linear.
 */
const DEPENDENT_RESOURCES: Partial<Record<StoredResource, readonly StoredResource[]>> = {
  services: ['endpointslices', 'endpoints'],
  pods: ['events'],
};

/** The NamespaceLifecycle admission plugin's namespaces that can never be deleted. */
const IMMORTAL_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';

export interface DeleteRequest {
  dryRun: boolean;
  preconditions?: DeleteOptions['preconditions'];
  propagationPolicy?: PropagationPolicy;
  /** DeleteOptions.gracePeriodSeconds (pods: graceful deletion; unset = the pod's own). */
  gracePeriodSeconds?: number;
}

export interface DeleteResult {
  /** The deleted (or now terminating) object. */
  object: KubeObject;
  /** What the HTTP response carries: the object itself, or a Success Status. */
  body: KubeObject | Status;
  /** The object still exists (finalizers pending): the HTTP answer is 202 Accepted. */
  pending?: boolean;
}

/**
 * rest.BeforeDelete's early precondition check, the one a DELETE meets: its conflict names the Kind
 * (`Operation cannot be fulfilled on Service "web": the ResourceVersion in the precondition (1) ...`).
 */
export function checkDeletePreconditions(def: ResourceDefinition, obj: KubeObject, pre: DeleteOptions['preconditions']): void {
  const name = obj.metadata.name ?? '';
  const gk = { group: def.group, resource: def.kind };
  if (pre?.uid && pre.uid !== obj.metadata.uid) {
    const why = `the UID in the precondition (${pre.uid}) does not match the UID in record (${obj.metadata.uid ?? ''}). The object might have been deleted and then recreated`;
    throw new ApiError(statusError.conflict(gk, name, why));
  }
  if (pre?.resourceVersion && pre.resourceVersion !== obj.metadata.resourceVersion) {
    const why = `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${obj.metadata.resourceVersion ?? ''}). The object might have been modified`;
    throw new ApiError(statusError.conflict(gk, name, why));
  }
}

/** The storage layer's precondition check (GuaranteedUpdate), as an update meets it: the resource is named. */
export function checkPreconditions(def: ResourceDefinition, obj: KubeObject, pre: DeleteOptions['preconditions']): void {
  const name = obj.metadata.name ?? '';
  const gr = groupResourceOf(def);
  if (pre?.uid && pre.uid !== obj.metadata.uid) {
    throw new ApiError(statusError.conflict(gr, name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${obj.metadata.uid ?? ''}`));
  }
  if (pre?.resourceVersion && pre.resourceVersion !== obj.metadata.resourceVersion) {
    throw new ApiError(
      statusError.conflict(gr, name, `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${obj.metadata.resourceVersion ?? ''}`),
    );
  }
}

function successStatus(def: ResourceDefinition, obj: KubeObject): Status {
  const details: NonNullable<Status['details']> = { name: obj.metadata.name, kind: def.resource };
  if (def.group) details.group = def.group;
  if (obj.metadata.uid) details.uid = obj.metadata.uid;
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details };
}

/** Deletes or orphans what `owner` owns, recursively (the garbage collector's job, done at once). */
export function collectDependents(ctx: RestContext, tx: Transaction, ownerResource: StoredResource, owner: KubeObject, policy: PropagationPolicy): void {
  const uid = owner.metadata.uid;
  if (!uid) return;
  for (const resource of DEPENDENT_RESOURCES[ownerResource] ?? []) {
    if (!ctx.definitions.has(resource)) continue;
    for (const dep of ctx.store.list(resource, owner.metadata.namespace)) {
      const refs = dep.metadata.ownerReferences;
      if (!refs || !refs.some((r) => r.uid === uid)) continue;
      const current = tx.get(resource, dep.metadata.namespace, dep.metadata.name ?? '');
      if (!current) continue;
      if (policy === 'Orphan') {
        const copy = structuredClone(current);
        copy.metadata.ownerReferences = refs.filter((r) => r.uid !== uid);
        if (copy.metadata.ownerReferences.length === 0) delete copy.metadata.ownerReferences;
        tx.update(resource, copy);
      } else {
        const removed = tx.delete(resource, current.metadata.namespace, current.metadata.name ?? '');
        ctx.definitions.get(resource)?.afterDelete?.(tx, removed);
        collectDependents(ctx, tx, resource, removed, policy);
      }
    }
  }
}

/** Deletes inside a transaction; for namespaces, marks them Terminating instead (finalizers pending). */
export function deleteInTransaction(ctx: RestContext, def: ResourceDefinition, tx: Transaction, current: KubeObject, req: DeleteRequest): DeleteResult {
  checkDeletePreconditions(def, current, req.preconditions);
  const name = current.metadata.name ?? '';
  if (def.resource === 'namespaces') {
    if (IMMORTAL_NAMESPACES.has(name)) {
      throw new ApiError(statusError.forbidden(`namespaces "${name}" is forbidden: this namespace may not be deleted`, { group: '', resource: 'namespaces' }, name));
    }
    const ns = current as Namespace;
    const finalizers = ns.spec?.finalizers ?? [];
    if (ns.metadata.deletionTimestamp) {
      if (finalizers.length === 0) return finishNamespace(tx, def, ns);
      throw new ApiError(
        failure(409, 'Conflict', `Operation cannot be fulfilled on namespaces "${name}": The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.`, { name, kind: 'namespaces' }),
      );
    }
    if (finalizers.length > 0) {
      const next = structuredClone(ns);
      next.metadata.deletionTimestamp = timestamp(ctx.now());
      next.metadata.deletionGracePeriodSeconds = 0;
      next.status = { ...(next.status ?? {}), phase: 'Terminating' };
      const object = tx.update('namespaces', next, ns.metadata.resourceVersion);
      return { object, body: object, pending: true };
    }
    return finishNamespace(tx, def, ns);
  }
  if (def.resource === 'pods') {
    const grace = podGracePeriod(current as Pod, req.gracePeriodSeconds);
    if (grace > 0) return gracefulDelete(ctx, def, tx, current, grace);
  }
  if ((current.metadata.finalizers?.length ?? 0) > 0) return markForDeletion(ctx, def, tx, current);
  const removed = removeObject(ctx, def, tx, current, req.propagationPolicy ?? 'Background');
  return { object: removed, body: RETURNS_OBJECT.has(def.resource) ? removed : successStatus(def, removed) };
}

/** The store delete with its hooks: allocations released, dependents collected. */
export function removeObject(ctx: RestContext, def: ResourceDefinition, tx: Transaction, current: KubeObject, policy: PropagationPolicy): KubeObject {
  const removed = tx.delete(def.resource, current.metadata.namespace, current.metadata.name ?? '');
  def.afterDelete?.(tx, removed);
  collectDependents(ctx, tx, def.resource, removed, policy);
  return removed;
}

/**
 * podStrategy.CheckGracefulDelete: the request's grace period, else the pod's
 * terminationGracePeriodSeconds; 0 for a pod no node runs (unscheduled) or that has finished.
 */
function podGracePeriod(pod: Pod, requested: number | undefined): number {
  let period = requested ?? pod.spec?.terminationGracePeriodSeconds ?? 0;
  if (!pod.spec?.nodeName) period = 0;
  if (pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded') period = 0;
  return period < 0 ? 1 : period;
}

/**
 * Graceful deletion: the pod stays (Terminating) with deletionTimestamp = now + grace and
 * deletionGracePeriodSeconds = grace until its kubelet deletes it; a later DELETE may only shorten
 * the grace period. The answer is the pod.
 */
function gracefulDelete(ctx: RestContext, def: ResourceDefinition, tx: Transaction, current: KubeObject, grace: number): DeleteResult {
  const pending = current.metadata.deletionGracePeriodSeconds;
  if (current.metadata.deletionTimestamp && pending !== undefined && grace >= pending) return { object: current, body: current };
  const next = structuredClone(current);
  next.metadata.deletionTimestamp = timestamp(new Date(ctx.now().getTime() + grace * 1000));
  next.metadata.deletionGracePeriodSeconds = grace;
  if ((next.metadata.generation ?? 0) > 0) next.metadata.generation = (next.metadata.generation ?? 0) + 1;
  const object = tx.update(def.resource, next, current.metadata.resourceVersion);
  return { object, body: object };
}

/**
 * updateForGracefulDeletionAndFinalizers: an object with finalizers is not deleted but gets its
 * deletionTimestamp (grace 0, generation bumped); it goes when an update removes the last finalizer.
 * A second DELETE finds it pending and answers it unchanged. The answer is the object.
 */
function markForDeletion(ctx: RestContext, def: ResourceDefinition, tx: Transaction, current: KubeObject): DeleteResult {
  if (current.metadata.deletionTimestamp) return { object: current, body: current };
  const next = structuredClone(current);
  next.metadata.deletionTimestamp = timestamp(ctx.now());
  next.metadata.deletionGracePeriodSeconds = 0;
  if ((next.metadata.generation ?? 0) > 0) next.metadata.generation = (next.metadata.generation ?? 0) + 1;
  const object = tx.update(def.resource, next, current.metadata.resourceVersion);
  return { object, body: object };
}

function finishNamespace(tx: Transaction, def: ResourceDefinition, ns: KubeObject): DeleteResult {
  const removed = tx.delete('namespaces', undefined, ns.metadata.name ?? '');
  def.afterDelete?.(tx, removed);
  return { object: removed, body: successStatus(def, removed) };
}

export function deleteObject(ctx: RestContext, def: ResourceDefinition, namespace: string | undefined, name: string, req: DeleteRequest): DeleteResult {
  const gr = groupResourceOf(def);
  try {
    return ctx.store.transact(
      (tx) => {
        const current = tx.get(def.resource, def.namespaced ? namespace : undefined, name);
        if (!current) throw new ApiError(statusError.notFound(gr, name));
        return deleteInTransaction(ctx, def, tx, current, req);
      },
      { dryRun: req.dryRun },
    );
  } catch (err) {
    throw translateStoreError(err, gr, name);
  }
}

/** PUT namespaces/<name>/finalize: sets spec.finalizers; an emptied terminating namespace goes away. */
export function finalizeNamespace(ctx: RestContext, def: ResourceDefinition, name: string, finalizers: string[], dryRun: boolean): KubeObject {
  return ctx.store.transact(
    (tx) => {
      const current = tx.get('namespaces', undefined, name) as Namespace | undefined;
      if (!current) throw new ApiError(statusError.notFound({ group: '', resource: 'namespaces' }, name));
      const next = structuredClone(current);
      next.spec = { ...(next.spec ?? {}), finalizers };
      if (finalizers.length === 0) delete next.spec.finalizers;
      if (next.metadata.deletionTimestamp && finalizers.length === 0) return finishNamespace(tx, def, next).object;
      return tx.update('namespaces', next, current.metadata.resourceVersion);
    },
    { dryRun },
  );
}
