'use client';
/** Step 3, "ports": which ports the Service listens on and which container port each one forwards to. */
import type { FieldError } from '../../lib/k8s/field-errors';
import type { Pod, Protocol } from '../../lib/k8s/types';
import { offeredPorts } from '../../lib/service-draft/target-ports';
import { portsFromOffered, type GuidedPort, type GuidedState } from '../../lib/service-guided/guided-draft';
import { TargetPortPicker } from '../service-form/TargetPortPicker';
import { FieldErrors } from './FieldErrors';

interface Props {
  state: GuidedState;
  update: (patch: Partial<GuidedState>) => void;
  /** The pods the selector matches. */
  pods: readonly Pod[];
  errors: readonly FieldError[];
}

const PROTOCOLS: Protocol[] = ['TCP', 'UDP', 'SCTP'];

export function StepPorts({ state, update, pods, errors }: Props) {
  if (state.kind === 'ExternalName') {
    return (
      <p className="gd-explain">
        An ExternalName Service is only a DNS alias: clients connect straight to <code>{state.externalName || 'the external host'}</code> on
        whatever port they use, so it needs no ports. Continue to the review.
      </p>
    );
  }
  const offered = offeredPorts(pods);
  const setPort = (i: number, patch: Partial<GuidedPort>) => update({ ports: state.ports.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  return (
    <>
      <p className="gd-explain">
        Each Service port is the port clients connect to; its <strong>target port</strong> is the container port that receives the traffic. A
        target port given by <em>name</em> (such as <code>http</code>) follows the pods even if the number changes.
      </p>
      <p className="gd-recommend">
        {offered.length
          ? `Recommended: one Service port per container port the pods declare (${offered.map((o) => (o.name ? `${o.name} ${o.containerPort}` : o.containerPort)).join(', ')}), target port by name.`
          : pods.length === 0
            ? 'No pod matches the selector, so there are no container ports to offer: type the port your application listens on as the target port.'
            : 'The matching pods declare no container ports: type the port your application listens on as the target port.'}
      </p>
      {offered.length > 0 && (
        <button type="button" className="button" onClick={() => update({ ports: portsFromOffered(offered) })}>
          Use the pods’ container ports
        </button>
      )}
      <ol className="gd-ports">
        {state.ports.map((p, i) => (
          <li key={i} className="gd-port" aria-label={`Port ${i + 1}`}>
            <div className="gd-port-fields">
              <label>
                Name
                <input className="input mono" aria-label={`Name of port ${i + 1}`} value={p.name} placeholder={state.ports.length > 1 ? 'required' : 'optional'} onChange={(e) => setPort(i, { name: e.target.value })} />
              </label>
              <label>
                Port
                <input
                  className="input mono"
                  aria-label={`Port ${i + 1} number`}
                  inputMode="numeric"
                  value={p.port ?? ''}
                  onChange={(e) => setPort(i, { port: e.target.value.trim() === '' ? null : Number(e.target.value) })}
                />
              </label>
              <label>
                Protocol
                <select className="select" aria-label={`Protocol of port ${i + 1}`} value={p.protocol} onChange={(e) => setPort(i, { protocol: e.target.value as Protocol })}>
                  {PROTOCOLS.map((x) => (
                    <option key={x}>{x}</option>
                  ))}
                </select>
              </label>
              <button type="button" className="button" aria-label={`Remove port ${i + 1}`} onClick={() => update({ ports: state.ports.filter((_, j) => j !== i) })}>
                Remove
              </button>
            </div>
            <div className="gd-port-target">
              <span className="gd-hint">Target port</span>
              <TargetPortPicker
                label={`Target port of port ${i + 1}`}
                value={p.targetPort}
                onChange={(targetPort) => setPort(i, { targetPort })}
                port={p.port}
                protocol={p.protocol}
                pods={pods}
              />
            </div>
            <FieldErrors errors={errors} prefix={`spec.ports[${i}]`} />
          </li>
        ))}
      </ol>
      {state.ports.length > 1 && <p className="gd-hint">With more than one port, every port needs a unique name (for example http and metrics).</p>}
      <button type="button" className="button" onClick={() => update({ ports: [...state.ports, { name: '', port: null, targetPort: '', protocol: 'TCP' }] })}>
        Add port
      </button>
      <FieldErrors errors={errors.filter((e) => e.field === 'spec.ports')} prefix="spec.ports" />
    </>
  );
}
