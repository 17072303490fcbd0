/**
 * The in-process ClusterApi (contract: ../api.ts): the same REST code path as HTTP requests, minus
 * authentication and authorization. Controllers and demo data use it.
 *
 * Namespaces: `update` with changed `spec.finalizers` acts as the `finalize` subresource (the
 * namespace controller removes the `kubernetes` finalizer that way), and `delete` of a Terminating
 * namespace whose finalizers are gone removes it.
 */
import type { JsonObject } from '../../k8s/json';
import type { Namespace } from '../../k8s/types/cluster';
import type { KubeObject } from '../../k8s/types/meta';
import type { ClusterApi, WriteOptions as ApiWriteOptions } from '../api';
import type { StoreEvent, StoredResource } from '../storage/types';
import { apiVersionOf, definitionFor, type RestContext } from './context';
import { createObject, createObjectsInOneTransaction } from './create';
import { checkTypeMeta } from './decode';
import { deepEqual } from '../schema/deep-equal';
import { deleteObject, finalizeNamespace } from './delete';
import { updateObject, type Subresource } from './update';
import type { WriteOptions } from './write-options';
import { asJson } from '../schema/json-view';

function options(o: ApiWriteOptions): WriteOptions {
  return { dryRun: o.dryRun === true, fieldManager: o.fieldManager, fieldValidation: 'Ignore' };
}

function body(ctx: RestContext, resource: StoredResource, obj: KubeObject): JsonObject {
  const def = definitionFor(ctx, resource);
  const copy = asJson(structuredClone(obj));
  return checkTypeMeta(copy, { kind: def.kind, apiVersion: apiVersionOf(def) });
}

export function createClusterApi(ctx: RestContext): ClusterApi {
  function put<T extends KubeObject>(resource: StoredResource, obj: T, o: ApiWriteOptions, sub: Subresource): T {
    const def = definitionFor<T>(ctx, resource);
    const name = obj.metadata.name ?? '';
    const namespace = def.namespaced ? obj.metadata.namespace : undefined;
    if (resource === 'namespaces' && sub === '') {
      const stored = ctx.store.get('namespaces', undefined, name) as Namespace | undefined;
      const wanted = (obj as Namespace).spec?.finalizers ?? [];
      if (stored && !deepEqual(stored.spec?.finalizers ?? [], wanted)) {
        const out = finalizeNamespace(ctx, definitionFor(ctx, 'namespaces'), name, wanted, o.dryRun === true);
        if (!ctx.store.get('namespaces', undefined, name)) return out as T;
        const rest = structuredClone(obj);
        rest.metadata.resourceVersion = out.metadata.resourceVersion;
        return updateObject(ctx, def, namespace, name, body(ctx, resource, rest), options(o), sub).object;
      }
    }
    return updateObject(ctx, def, namespace, name, body(ctx, resource, obj), options(o), sub).object;
  }

  return {
    get<T extends KubeObject>(resource: StoredResource, namespace: string | undefined, name: string): T | undefined {
      const def = definitionFor(ctx, resource);
      return ctx.store.get(resource, def.namespaced ? namespace : undefined, name) as T | undefined;
    },
    list<T extends KubeObject>(resource: StoredResource, namespace?: string): T[] {
      const def = definitionFor(ctx, resource);
      return ctx.store.list(resource, def.namespaced ? namespace : undefined) as T[];
    },
    create<T extends KubeObject>(resource: StoredResource, obj: T, o: ApiWriteOptions): T {
      const def = definitionFor<T>(ctx, resource);
      return createObject(ctx, def, def.namespaced ? obj.metadata.namespace : undefined, body(ctx, resource, obj), options(o)).object;
    },
    createMany<T extends KubeObject>(resource: StoredResource, objs: readonly T[], o: ApiWriteOptions): T[] {
      const def = definitionFor<T>(ctx, resource);
      return createObjectsInOneTransaction(ctx, def, objs.map((obj) => body(ctx, resource, obj)), options(o));
    },
    update<T extends KubeObject>(resource: StoredResource, obj: T, o: ApiWriteOptions): T {
      return put(resource, obj, o, '');
    },
    updateStatus<T extends KubeObject>(resource: StoredResource, obj: T, o: ApiWriteOptions): T {
      return put(resource, obj, o, 'status');
    },
    delete(resource: StoredResource, namespace: string | undefined, name: string, o: ApiWriteOptions & { gracePeriodSeconds?: number; uid?: string }): void {
      const def = definitionFor(ctx, resource);
      deleteObject(ctx, def, namespace, name, {
        dryRun: o.dryRun === true,
        propagationPolicy: 'Background',
        gracePeriodSeconds: o.gracePeriodSeconds,
        preconditions: o.uid ? { uid: o.uid } : undefined,
      });
    },
    watch(resource: StoredResource, listener: (event: StoreEvent) => void): () => void {
      return ctx.store.watch(resource, undefined, ctx.store.currentResourceVersion(), listener);
    },
  };
}
