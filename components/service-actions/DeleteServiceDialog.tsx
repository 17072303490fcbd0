'use client';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useKubectlTarget } from '../../lib/client/kubectl-target';
import { deleteService, writeErrorStatus } from '../../lib/client/service-writes';
import { deleteCommand } from '../../lib/kubectl-command/service-commands';
import type { Service, Status } from '../../lib/k8s/types';
import { deleteImpact, needsTypedConfirmation } from '../../lib/service-actions/delete-impact';
import { KubectlCommand } from '../text/KubectlCommand';
import { ModalDialog } from './ModalDialog';

/** What went wrong, in words, for the codes a delete meets. */
function explainError(status: Status): string {
  switch (status.code) {
    case 403:
      return 'The cluster refused: your identity may not delete this Service.';
    case 404:
      return 'The Service no longer exists: it was deleted elsewhere.';
    case 409:
      return 'The Service was replaced by a new object of the same name since this page loaded it. What is shown above is the new one: delete again to delete it.';
    case 503:
    case 0:
      return 'The request did not get through: Porthole’s server or the cluster cannot be reached. Nothing was deleted; try again.';
    default:
      return 'Nothing was deleted.';
  }
}

interface Props {
  /** The Service as loaded (kept live by the caller). */
  service: Service;
  onCancel: () => void;
  /** After the server accepted the delete (or the Service was already gone). */
  onDeleted: () => void;
}

/** Confirms a delete, saying what stops working; typing the name confirms in default and kube-system. */
export function DeleteServiceDialog({ service, onCancel, onDeleted }: Props) {
  const ids = { title: useId(), desc: useId(), confirm: useId() };
  const ns = service.metadata.namespace ?? 'default';
  const name = service.metadata.name ?? '';
  const impact = deleteImpact(service);
  const typed = needsTypedConfirmation(service);
  const [confirmText, setConfirmText] = useState('');
  const target = useKubectlTarget(ns);
  // onDeleted runs in the request's own chain: the live page may unmount this dialog (the watch
  // reports the deletion) before the DELETE response arrives.
  const remove = useMutation({
    mutationFn: async () => {
      const result = await deleteService(service);
      onDeleted();
      return result;
    },
  });
  const error = remove.isError ? writeErrorStatus(remove.error) : undefined;
  const gone = error?.code === 404;
  const ready = (!typed || confirmText === name) && !remove.isPending;
  return (
    <ModalDialog role="alertdialog" labelledBy={ids.title} describedBy={ids.desc} onCancel={onCancel} initialFocus={typed ? 'input' : '[data-autofocus]'} testId="delete-dialog">
      <h2 id={ids.title} className="sa-dialog-title">
        Delete Service {ns}/{name}?
      </h2>
      <div id={ids.desc}>
        <p>
          Deleting <strong>{name}</strong> in namespace <strong>{ns}</strong> stops, for every client:
        </p>
        <ul className="sa-impact" data-testid="delete-impact">
          <li>
            the DNS name <code>{impact.dnsName}</code> (and <code>{name}</code>, <code>{`${name}.${ns}`}</code>), which answers {impact.dnsAnswer} now;
          </li>
          {impact.clusterIPs.length ? (
            <li>
              the cluster IP{impact.clusterIPs.length > 1 ? 's' : ''}{' '}
              {impact.clusterIPs.map((ip) => (
                <code key={ip}>{ip}</code>
              ))}
              : open connections to it break;
            </li>
          ) : null}
          {impact.nodePorts.length ? (
            <li data-testid="impact-node-ports">
              the node port{impact.nodePorts.length > 1 ? 's' : ''}{' '}
              {impact.nodePorts.map((p) => (
                <code key={p}>{p}</code>
              ))}{' '}
              on every node
              {impact.healthCheckNodePort ? (
                <>
                  {' '}
                  (and the health-check port <code>{impact.healthCheckNodePort}</code>)
                </>
              ) : null}
              ;
            </li>
          ) : null}
          {impact.loadBalancerAddresses.length ? (
            <li data-testid="impact-lb">
              the load-balancer address{impact.loadBalancerAddresses.length > 1 ? 'es' : ''}{' '}
              {impact.loadBalancerAddresses.map((a) => (
                <code key={a}>{a}</code>
              ))}
              : the cloud load balancer is released, and a new one may get another address;
            </li>
          ) : null}
          {impact.externalIPs.length ? (
            <li>
              routing of the external IPs{' '}
              {impact.externalIPs.map((a) => (
                <code key={a}>{a}</code>
              ))}
              ;
            </li>
          ) : null}
          <li>its Endpoints and EndpointSlices. The pods behind it keep running.</li>
        </ul>
        {impact.notes.map((n) => (
          <p key={n} className="sa-warning" data-testid="delete-note">
            {n}
          </p>
        ))}
      </div>
      <KubectlCommand command={deleteCommand(service, target)} caption="The same with kubectl (only this object: its uid is the precondition)" />
      {typed ? (
        <div className="sa-field">
          <label htmlFor={ids.confirm}>
            Type <code>{name}</code> to confirm
          </label>
          <input id={ids.confirm} className="input" autoComplete="off" spellCheck={false} value={confirmText} onChange={(e) => setConfirmText(e.target.value)} />
        </div>
      ) : null}
      {error ? (
        <div className="banner bad sa-error" role="alert" data-testid="delete-error">
          <div>
            <strong>
              {error.code ? `${error.code} ${error.reason ?? ''}` : 'Network error'}: {explainError(error)}
            </strong>
            <code>{error.message}</code>
          </div>
        </div>
      ) : null}
      <div className="sa-dialog-actions">
        <button type="button" className="button" data-autofocus onClick={onCancel}>
          Cancel
        </button>
        {gone ? (
          <button type="button" className="button primary" onClick={onDeleted}>
            Close
          </button>
        ) : (
          <button type="button" className="button danger" aria-disabled={ready ? undefined : 'true'} onClick={ready ? () => remove.mutate() : undefined}>
            {remove.isPending ? 'Deleting…' : error ? 'Retry delete' : 'Delete'}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
