'use client';
/**
 * The targetPort picker: a field for a number or a container port name, offering the container
 * ports (name, number, protocol) declared by the pods the selector matches, with a warning when a
 * named targetPort is declared by none of them or only by some.
 */
import { useId, useMemo } from 'react';
import type { Pod, Protocol } from '../../lib/k8s/types';
import { offeredPorts, parseTargetPort, targetPortOf, targetPortWarnings } from '../../lib/service-draft/target-ports';
import './pickers.css';

export interface TargetPortPickerProps {
  /** The targetPort as typed: a number, a container port name, or "" (the same as the port). */
  value: string;
  onChange: (text: string) => void;
  /** The Service port number and protocol the targetPort belongs to. */
  port: number | string | null | undefined;
  protocol?: Protocol;
  /** The pods the selector matches. */
  pods: readonly Pod[];
  /** Accessible name of the field, e.g. "Target port of port 1". */
  label: string;
  /** The input's id (for an outside <label htmlFor>). */
  id?: string;
  /** Ids of messages/help describing the field; the picker's warnings are added after them. */
  describedBy?: string;
  invalid?: boolean;
}

export function TargetPortPicker({ value, onChange, port, protocol = 'TCP', pods, label, id: inputId, describedBy, invalid }: TargetPortPickerProps) {
  const id = useId();
  const target = parseTargetPort(value);
  const portNumber = typeof port === 'number' ? port : Number(port) || 0;
  const offered = useMemo(() => offeredPorts(pods), [pods]);
  const warnings = useMemo(
    () => targetPortWarnings({ port: portNumber, protocol, ...(target !== undefined ? { targetPort: target } : {}) }, pods),
    [portNumber, protocol, target, pods],
  );
  const describers = [describedBy, warnings.length ? `${id}-warn` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="tp">
      <input
        id={inputId}
        className="input mono tp-input"
        aria-label={label}
        aria-describedby={describers}
        aria-invalid={invalid || undefined}
        list={`${id}-ports`}
        value={value}
        placeholder={portNumber ? `${portNumber} (same as port)` : 'number or name'}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={`${id}-ports`}>
        {offered.flatMap((o) => {
          const note = `${o.containerPort}/${o.protocol} in ${o.containers.join(', ')}, ${o.pods} of ${pods.length} pods`;
          return o.name
            ? [<option key={`${o.name}-n`} value={o.name}>{note}</option>, <option key={`${o.name}-p`} value={String(o.containerPort)}>{`${o.name}: ${note}`}</option>]
            : [<option key={`${o.containerPort}/${o.protocol}`} value={String(o.containerPort)}>{note}</option>];
        })}
      </datalist>
      {offered.length > 0 && (
        <span className="tp-offers" role="group" aria-label="Container ports the pods declare">
          {offered.slice(0, 6).map((o) => {
            const v = targetPortOf(o);
            const active = target === v;
            return (
              <button
                key={`${o.name ?? ''}/${o.containerPort}/${o.protocol}`}
                type="button"
                className="chip"
                aria-pressed={active}
                title={`${o.pods} of ${pods.length} matching pods declare it`}
                onClick={() => onChange(String(v))}
              >
                <span className="mono">{o.name ? `${o.name} (${o.containerPort}/${o.protocol})` : `${o.containerPort}/${o.protocol}`}</span>
              </button>
            );
          })}
        </span>
      )}
      {warnings.length > 0 && (
        <ul id={`${id}-warn`} className="tp-warnings">
          {warnings.map((w) => (
            <li key={w.kind} role="alert" className={w.kind === 'no-pods' ? 'tp-note' : 'tp-warn'}>
              {w.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
