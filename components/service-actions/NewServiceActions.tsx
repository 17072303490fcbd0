'use client';
import { useId } from 'react';
import { useCurrentIdentity } from '../../lib/client/identity';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { useServicePermission } from '../../lib/client/service-permissions';
import { GatedAction } from './GatedAction';
import './service-actions.css';

/**
 * "New Service" (the form) and "Guided" (the newcomer flow), enabled when the identity may create
 * Services in the namespace shown (all namespaces: its context's namespace, where the form starts).
 */
export function NewServiceActions({ namespace, primary = true }: { namespace?: string; primary?: boolean }) {
  const me = useCurrentIdentity();
  const routes = usePageRoutes();
  const target = namespace ?? me.data?.namespace ?? 'default';
  const create = useServicePermission('create', target, undefined, namespace !== undefined || me.isFetched);
  const reasonId = useId();
  return (
    <span className="sa-new" role="group" aria-label="Create a Service">
      <GatedAction permission={create} href={routes.newService({ namespace })} className={primary ? 'button primary' : 'button'} testId="new-service" reasonId={reasonId}>
        New Service
      </GatedAction>
      <GatedAction permission={create} href={routes.newServiceGuided({ namespace })} testId="new-service-guided" reasonId={reasonId}>
        Guided
      </GatedAction>
      {!create.allowed && !create.pending && create.reason ? (
        <span id={reasonId} className="sa-reason" data-testid="new-service-reason">
          {create.reason}
        </span>
      ) : null}
    </span>
  );
}
