'use client';
import { useId } from 'react';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { useServiceCreateAnywhere, useServicePermission } from '../../lib/client/service-permissions';
import { GatedAction } from './GatedAction';
import './service-actions.css';

/**
 * "New Service" (the form) and "Guided" (the newcomer flow), enabled when the identity may create
 * Services in the namespace shown (all namespaces: in any namespace; the flows open in one where it may).
 */
export function NewServiceActions({ namespace, primary = true }: { namespace?: string; primary?: boolean }) {
  const routes = usePageRoutes();
  // One namespace: may it create there? All namespaces: may it create anywhere (the form opens there)?
  const inNamespace = useServicePermission('create', namespace, undefined, namespace !== undefined);
  const anywhere = useServiceCreateAnywhere(namespace === undefined);
  const create = namespace !== undefined ? inNamespace : anywhere;
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
