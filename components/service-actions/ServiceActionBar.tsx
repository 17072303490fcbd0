'use client';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { useServicePermission } from '../../lib/client/service-permissions';
import type { Service } from '../../lib/k8s/types';
import { DeleteServiceDialog } from './DeleteServiceDialog';
import { GatedAction } from './GatedAction';
import './service-actions.css';

/** Edit, Edit YAML and Delete on the detail page; disabled with the reason for an identity that may not. */
export function ServiceActionBar({ service }: { service: Service }) {
  const router = useRouter();
  const routes = usePageRoutes();
  const ns = service.metadata.namespace ?? 'default';
  const name = service.metadata.name ?? '';
  const update = useServicePermission('update', ns, name);
  const remove = useServicePermission('delete', ns, name);
  const updateReason = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="sa-bar" role="group" aria-label="Service actions" data-testid="service-actions">
      <GatedAction permission={update} href={routes.editService(ns, name)} reasonId={updateReason} testId="action-edit">
        Edit
      </GatedAction>
      <GatedAction permission={update} href={routes.serviceYaml(ns, name)} reasonId={updateReason} testId="action-edit-yaml">
        Edit YAML
      </GatedAction>
      <GatedAction permission={remove} className="button danger" onClick={() => setDeleting(true)} testId="action-delete">
        Delete
      </GatedAction>
      {!update.allowed && !update.pending && update.reason ? (
        <span id={updateReason} className="sa-reason" data-testid="action-edit-reason">
          {update.reason}
        </span>
      ) : null}
      {deleting ? (
        <DeleteServiceDialog service={service} onCancel={() => setDeleting(false)} onDeleted={() => router.push(routes.serviceList({ namespace: ns }))} />
      ) : null}
    </div>
  );
}
