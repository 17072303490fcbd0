/**
 * The namespace controller: a namespace being deleted (deletionTimestamp set) is Terminating
 * until everything in it is deleted; then its `kubernetes` finalizer goes and the namespace with it.
 */
import type { Namespace } from '../../k8s/types/cluster';
import type { KubeObject } from '../../k8s/types/meta';
import type { StoredResource } from '../storage/types';
import { KUBE_CONTROLLER_MANAGER, isNotFound, rfc3339, isPermanent, type ControllerContext, type RunningController } from './context';
import { createWorkQueue } from './work-queue';

const OPTS = { fieldManager: KUBE_CONTROLLER_MANAGER };
/** Namespaced resources, in the order their content is deleted. */
export const NAMESPACED_RESOURCES: readonly StoredResource[] = ['services', 'pods', 'endpointslices', 'endpoints', 'events', 'leases'];
const RECHECK_MS = 500;

type NamespaceCondition = NonNullable<NonNullable<Namespace['status']>['conditions']>[number];

export function remainingSummary(counts: ReadonlyMap<string, number>): string {
  const parts = [...counts.entries()].filter(([, n]) => n > 0).map(([r, n]) => `${r}. has ${n} resource instances`);
  return parts.length ? `Some resources are remaining: ${parts.join(', ')}` : '';
}

function deletionConditions(remaining: string, now: string): NamespaceCondition[] {
  return [
    { type: 'NamespaceDeletionDiscoveryFailure', status: 'False', lastTransitionTime: now, reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
    { type: 'NamespaceDeletionGroupVersionParsingFailure', status: 'False', lastTransitionTime: now, reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
    { type: 'NamespaceDeletionContentFailure', status: 'False', lastTransitionTime: now, reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
    remaining
      ? { type: 'NamespaceContentRemaining', status: 'True', lastTransitionTime: now, reason: 'SomeResourcesRemain', message: remaining }
      : { type: 'NamespaceContentRemaining', status: 'False', lastTransitionTime: now, reason: 'ContentRemoved', message: 'All content successfully removed' },
    { type: 'NamespaceFinalizersRemaining', status: 'False', lastTransitionTime: now, reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
  ];
}

export function startNamespaceController(ctx: ControllerContext): RunningController {
  const { api, informers } = ctx;

  function deleteContent(ns: string): Map<string, number> {
    const remaining = new Map<string, number>();
    for (const resource of NAMESPACED_RESOURCES) {
      for (const obj of api.list<KubeObject>(resource, ns)) {
        if (obj.metadata.deletionTimestamp) continue;
        try {
          api.delete(resource, ns, obj.metadata.name ?? '', OPTS);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      const left = api.list<KubeObject>(resource, ns).length;
      if (left > 0) remaining.set(resource, left);
    }
    return remaining;
  }

  function setStatus(ns: Namespace, remaining: string): void {
    const now = rfc3339(ctx.now());
    const wanted = deletionConditions(remaining, now);
    const strip = (c: NamespaceCondition[] | undefined) => JSON.stringify((c ?? []).map(({ lastTransitionTime: _t, ...rest }) => rest));
    if (ns.status?.phase === 'Terminating' && strip(ns.status.conditions) === strip(wanted)) return;
    const next = structuredClone(ns);
    next.status = { phase: 'Terminating', conditions: wanted };
    api.updateStatus<Namespace>('namespaces', next, OPTS);
  }

  function finalize(ns: Namespace): void {
    const name = ns.metadata.name ?? '';
    const fresh = api.get<Namespace>('namespaces', undefined, name);
    if (!fresh) return;
    if ((fresh.spec?.finalizers ?? []).includes('kubernetes')) {
      const next = structuredClone(fresh);
      next.spec = { ...(next.spec ?? {}), finalizers: (fresh.spec?.finalizers ?? []).filter((f) => f !== 'kubernetes') };
      api.update<Namespace>('namespaces', next, OPTS);
    }
    const after = api.get<Namespace>('namespaces', undefined, name);
    if (after && (after.spec?.finalizers ?? []).length === 0 && (after.metadata.finalizers ?? []).length === 0) {
      try {
        api.delete('namespaces', undefined, name, OPTS);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
  }

  function sync(name: string): void {
    const ns = informers.namespaces.get(undefined, name);
    if (!ns) {
      // Gone without passing Terminating: still nothing may outlive it.
      deleteContent(name);
      return;
    }
    if (!ns.metadata.deletionTimestamp) return;
    const remaining = deleteContent(name);
    const summary = remainingSummary(remaining);
    setStatus(ns, summary);
    if (remaining.size > 0) {
      queue.addAfter(name, RECHECK_MS);
      return;
    }
    finalize(ns);
  }

  const queue = createWorkQueue(sync, { retryable: (err) => !isPermanent(err), onError: (key, err) => ctx.onError(err, `namespace-controller ${key}`) });
  informers.namespaces.onEvent((e, ns, prev) => {
    if (e.type === 'DELETED' || ns.metadata.deletionTimestamp || prev?.metadata.deletionTimestamp) queue.add(ns.metadata.name ?? '');
  });

  return {
    start() {
      for (const ns of informers.namespaces.list()) if (ns.metadata.deletionTimestamp) queue.add(ns.metadata.name ?? '');
    },
    idle: () => queue.idle(),
    busy: () => queue.busy(),
    stop: () => queue.stop(),
  };
}
