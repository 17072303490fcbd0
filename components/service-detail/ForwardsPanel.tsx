'use client';
import { useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import type { ServicePermission } from '../../lib/client/service-permissions';
import { useForwards, useOpenForward, useStopForward } from '../../lib/client/reach';
import { portForwardCommand } from '../../lib/kubectl-command/service-commands';
import { useKubectlTarget } from '../../lib/client/kubectl-target';
import { KubectlCommand } from '../text/KubectlCommand';
import { Empty } from './Section';

const kib = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`);

/** Forward to localhost (issue 20) and the identity's "Port forwards", with the equivalent kubectl command. */
export function ForwardsPanel({ service, port, permission }: { service: Service; port: number | undefined; permission: ServicePermission }) {
  const namespace = service.metadata.namespace ?? 'default';
  const name = service.metadata.name ?? '';
  const forwards = useForwards();
  const open = useOpenForward(namespace, name);
  const stop = useStopForward();
  const [localPort, setLocalPort] = useState('');
  const servicePort = port ?? service.spec?.ports?.[0]?.port ?? 80;
  const chosen = localPort.trim() ? Number(localPort) : undefined;
  const target = useKubectlTarget(namespace);
  const command = portForwardCommand(name, chosen ?? servicePort, servicePort, target);
  const offered = forwards.data?.allowed !== false;
  return (
    <>
      <h3>Forward to localhost</h3>
      {!offered ? (
        <p className="sd-callout" role="note" data-testid="forward-off">
          {forwards.data?.reason}
        </p>
      ) : !permission.allowed && !permission.pending ? null : (
        <form
          className="sd-reach-form"
          aria-label="Forward to localhost"
          onSubmit={(e) => {
            e.preventDefault();
            open.mutate({ port: servicePort, ...(chosen ? { localPort: chosen } : {}) });
          }}
        >
          <label>
            Local port (free one when empty)
            <input inputMode="numeric" value={localPort} onChange={(e) => setLocalPort(e.target.value.replace(/\D/g, ''))} placeholder="any" />
          </label>
          <button type="submit" className="button" disabled={permission.pending || open.isPending}>
            Forward to localhost
          </button>
        </form>
      )}
      {open.error ? (
        <p className="banner bad" role="alert" data-testid="forward-error">
          {open.error.message}
        </p>
      ) : null}
      <KubectlCommand command={command} />
      <h3>Port forwards</h3>
      {!forwards.data?.items.length ? (
        <Empty>No port forwards open.</Empty>
      ) : (
        <table className="sd-table" aria-label="Port forwards">
          <thead>
            <tr>
              <th>URL</th>
              <th>Service</th>
              <th>Pod</th>
              <th>Bytes in / out</th>
              <th>Connections</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {forwards.data.items.map((f) => (
              <tr key={f.id} data-testid="forward-row">
                <td>
                  <code data-testid="forward-url">{f.url}</code>
                </td>
                <td>
                  {f.namespace}/{f.service}:{f.servicePort}
                </td>
                <td>
                  <code>{f.pod}</code>
                  {f.targetPort !== undefined ? `:${f.targetPort}` : ''}
                  {f.lastError ? (
                    <span className="sd-note" title={f.lastError}>
                      last error: {f.lastError}
                    </span>
                  ) : null}
                </td>
                <td>
                  {kib(f.bytesIn)} / {kib(f.bytesOut)}
                </td>
                <td>
                  {f.connections} ({f.activeConnections} open)
                </td>
                <td>
                  <button type="button" className="button" aria-label={`Stop forward ${f.url}`} disabled={stop.isPending} onClick={() => stop.mutate(f.id)}>
                    Stop
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
