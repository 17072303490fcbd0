/** The NamespaceLifecycle admission plugin: no new content in a missing or terminating namespace. */
import { failure, qualifiedResource, statusError } from '../../k8s/status';
import type { Namespace } from '../../k8s/types/cluster';
import type { ResourceDefinition } from '../registry/types';
import type { Transaction } from '../storage/types';
import { ApiError } from '../errors/api-error';

export function checkNamespaceForCreate(tx: Transaction, def: ResourceDefinition, namespace: string, name: string): void {
  if (!def.namespaced) return;
  const ns = tx.get('namespaces', undefined, namespace) as Namespace | undefined;
  if (!ns) throw new ApiError(statusError.notFound({ group: '', resource: 'namespaces' }, namespace));
  if (ns.metadata.deletionTimestamp || ns.status?.phase === 'Terminating') {
    const gr = { group: def.group, resource: def.resource };
    const subject = name ? `${qualifiedResource(gr)} "${name}"` : qualifiedResource(gr);
    const details: NonNullable<ReturnType<typeof failure>['details']> = {
      kind: def.resource,
      causes: [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }],
    };
    if (name) details.name = name;
    if (def.group) details.group = def.group;
    throw new ApiError(
      failure(403, 'Forbidden', `${subject} is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`, details),
    );
  }
}
