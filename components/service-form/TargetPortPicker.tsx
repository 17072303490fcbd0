'use client';
/**
 * The targetPort picker: a field for a number or a container port name, offering the container
 * ports (name, number, protocol) declared by the pods the selector matches, with a warning when a
 * named targetPort is declared by none of them or only by some.
 */
import { useId, useMemo, useState } from 'react';
import type { IntOrString, Pod, Protocol } from '../../lib/k8s/types';
import { offeredPorts, parseTargetPort, targetPortOf, targetPortWarnings } from '../../lib/service-draft/target-ports';
import './pickers.css';

export interface TargetPortPickerProps {
  /** The Service port's targetPort (undefined: the same as the port). */
  value: IntOrString | undefined;
  onChange: (next: IntOrString | undefined) => void;
  /** The Service port number and protocol the targetPort belongs to. */
  port: number | null | undefined;
  protocol?: Protocol;
  /** The pods the selector matches. */
  pods: readonly Pod[];
  /** Accessible name of the field, e.g. "Target port of port 1". */
  label: string;
}

const text = (v: IntOrString | undefined): string => (v === undefined ? '' : String(v));

export function TargetPortPicker({ value, onChange, port, protocol = 'TCP', pods, label }: TargetPortPickerProps) {
  const id = useId();
  const [typed, setTyped] = useState(text(value));
  // Keep what was typed ("08" stays "08") unless the value changed from outside.
  const shown = parseTargetPort(typed) === value || (typed.trim() === '' && value === undefined) ? typed : text(value);
  const offered = useMemo(() => offeredPorts(pods), [pods]);
  const warnings = useMemo(
    () => targetPortWarnings({ port: port ?? 0, protocol, ...(value !== undefined ? { targetPort: value } : {}) }, pods),
    [port, protocol, value, pods],
  );
  const set = (t: string) => {
    setTyped(t);
    onChange(parseTargetPort(t));
  };

  return (
    <div className="tp">
      <input
        className="input mono tp-input"
        aria-label={label}
        aria-describedby={warnings.length ? `${id}-warn` : undefined}
        list={`${id}-ports`}
        value={shown}
        placeholder={port ? `${port} (same as port)` : 'number or name'}
        onChange={(e) => set(e.target.value)}
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
            const active = value === v;
            return (
              <button
                key={`${o.name ?? ''}/${o.containerPort}/${o.protocol}`}
                type="button"
                className="chip"
                aria-pressed={active}
                title={`${o.pods} of ${pods.length} matching pods declare it`}
                onClick={() => set(String(v))}
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
