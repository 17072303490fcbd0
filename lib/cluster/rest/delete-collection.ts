/** DELETE of a collection: every selected object, each deleted as a single DELETE would. */
import type { KubeObject } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import type { RestContext } from './context';
import { deleteInTransaction, type DeleteRequest } from './delete';
import { listObjects } from './read';
import type { Selection } from './selection';
import { translateStoreError } from './store-errors';
import { groupResourceOf } from './context';

export function deleteCollection(
  ctx: RestContext,
  def: ResourceDefinition,
  namespace: string | undefined,
  selection: Selection,
  req: DeleteRequest,
): { items: KubeObject[]; resourceVersion: number } {
  const { items } = listObjects(ctx, def, { namespace, selection });
  const deleted: KubeObject[] = [];
  for (const item of items) {
    try {
      const result = ctx.store.transact(
        (tx) => {
          const current = tx.get(def.resource, item.metadata.namespace, item.metadata.name ?? '');
          return current ? deleteInTransaction(ctx, def, tx, current, { ...req, preconditions: undefined }) : undefined;
        },
        { dryRun: req.dryRun },
      );
      if (result) deleted.push(result.object);
    } catch (err) {
      throw translateStoreError(err, groupResourceOf(def), item.metadata.name ?? '');
    }
  }
  return { items: deleted, resourceVersion: ctx.store.currentResourceVersion() };
}
