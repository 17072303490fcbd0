'use client';
/**
 * The Service's ports: name, protocol, port, targetPort (number or name), nodePort (empty =
 * allocated, only where the type has node ports) and appProtocol; add, remove, reorder.
 * The multi-port naming rule is explained as soon as it applies.
 */
import { FIELD_TEXT } from '../../lib/service';
import { usePods } from '../../lib/client/pods';
import { selectorSelectsPods } from '../../lib/service/ignored-fields';
import { matchingPods } from '../../lib/service-draft/selector-suggestions';
import { emptyPortRow, mapOf, type PortRow } from '../../lib/service-draft/form-model';
import { FORM_TEXT } from '../../lib/service-draft/form-text';
import type { Pod, Protocol } from '../../lib/k8s/types';
import { FieldMessages, Help, SelectField, TextField, useFieldMessages } from './FieldShell';
import type { SectionProps } from './MetadataFields';
import { TargetPortPicker } from './TargetPortPicker';

const PROTOCOLS: readonly { value: Protocol; label: string }[] = [
  { value: 'TCP', label: 'TCP' },
  { value: 'UDP', label: 'UDP' },
  { value: 'SCTP', label: 'SCTP' },
];

const LEGEND = [
  ['portName', 'name'],
  ['protocol', 'protocol'],
  ['port', 'port'],
  ['targetPort', 'target port'],
  ['nodePort', 'node port'],
  ['appProtocol', 'app protocol'],
] as const;

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

/** targetPort with the container ports of the matching pods offered, and warnings (TargetPortPicker). */
function TargetPortField({ i, row, pods, onChange }: { i: number; row: PortRow; pods: readonly Pod[]; onChange: (text: string) => void }) {
  const id = `f-port-${i}-target`;
  const label = `Port ${i + 1}: target port`;
  const messages = useFieldMessages([`spec.ports[${i}].targetPort`]);
  return (
    <div className="sf-field" data-invalid={messages.errors.length + messages.serverOnly.length > 0 ? 'true' : undefined}>
      <label htmlFor={id} className="sf-label">
        {label}
      </label>
      <TargetPortPicker
        id={id}
        label={label}
        value={row.targetPort}
        onChange={onChange}
        port={row.port}
        protocol={row.protocol}
        pods={pods}
        describedBy={`${id}-msgs ${id}-help`}
        invalid={messages.errors.length > 0}
      />
      <FieldMessages id={`${id}-msgs`} messages={messages} />
      <Help id={`${id}-help`}>{FORM_TEXT.targetPort}</Help>
    </div>
  );
}

function PortRowFields({ row, i, count, showNodePort, pods, onChange, onMove, onRemove }: {
  row: PortRow;
  /** The pods the selector matches (their container ports are offered as target ports). */
  pods: readonly Pod[];
  i: number;
  count: number;
  showNodePort: boolean;
  onChange: (patch: Partial<PortRow>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const n = i + 1;
  const at = (f: string) => [`spec.ports[${i}].${f}`];
  const rowMessages = useFieldMessages([`spec.ports[${i}]`]);
  return (
    <fieldset className="sf-fieldset sf-port" aria-label={`Port ${n}`} aria-describedby={`f-port-${i}-msgs`}>
      <legend className="sf-label">Port {n}</legend>
      <div className="sf-port-grid">
        <TextField id={`f-port-${i}-name`} label={`Port ${n}: name`} value={row.name} onChange={(name) => onChange({ name })} keys={at('name')} placeholder="http" help={FORM_TEXT.portName} />
        <SelectField id={`f-port-${i}-protocol`} label={`Port ${n}: protocol`} value={row.protocol} onChange={(protocol) => onChange({ protocol })} options={PROTOCOLS} keys={at('protocol')} help={FORM_TEXT.protocol} />
        <TextField id={`f-port-${i}-port`} label={`Port ${n}: port`} value={row.port} onChange={(port) => onChange({ port })} keys={at('port')} numeric placeholder="80" help={FORM_TEXT.port} />
        <TargetPortField i={i} row={row} pods={pods} onChange={(targetPort) => onChange({ targetPort })} />
        {showNodePort ? (
          <TextField
            id={`f-port-${i}-nodeport`}
            label={`Port ${n}: node port`}
            value={row.nodePort}
            onChange={(nodePort) => onChange({ nodePort })}
            keys={at('nodePort')}
            numeric
            placeholder="allocated"
            help={FORM_TEXT.nodePort}
          />
        ) : null}
        <TextField id={`f-port-${i}-appprotocol`} label={`Port ${n}: app protocol`} value={row.appProtocol} onChange={(appProtocol) => onChange({ appProtocol })} keys={at('appProtocol')} placeholder="http" help={FORM_TEXT.appProtocol} />
      </div>
      <FieldMessages id={`f-port-${i}-msgs`} messages={rowMessages} />
      <div className="sf-row-actions">
        <button type="button" className="button" aria-label={`Move port ${n} up`} disabled={i === 0} onClick={() => onMove(i - 1)}>
          Up
        </button>
        <button type="button" className="button" aria-label={`Move port ${n} down`} disabled={i === count - 1} onClick={() => onMove(i + 1)}>
          Down
        </button>
        <button type="button" className="button" aria-label={`Remove port ${n}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}

export function PortsEditor({ form, update, showNodePort, required }: SectionProps & { showNodePort: boolean; required: boolean }) {
  const sectionMessages = useFieldMessages(['spec.ports']);
  const ports = form.ports;
  const { items } = usePods(form.namespace || 'default');
  // An ExternalName's selector picks no pods: it offers none of their ports.
  const selector = form.selectorMode === 'selector' && selectorSelectsPods(form.kind) ? mapOf(form.selector) : undefined;
  const pods = matchingPods(selector, items ?? []);
  const unnamed = ports.length > 1 && ports.some((p) => p.name.trim() === '');
  const set = (next: PortRow[]) => update({ ports: next });
  return (
    <section className="sf-section" aria-labelledby="sf-ports-h" aria-describedby="f-ports-msgs f-ports-help">
      <h2 id="sf-ports-h">Ports{required ? '' : ' (optional)'}</h2>
      <Help id="f-ports-help">{FIELD_TEXT.ports.summary}</Help>
      <details className="sf-port-legend">
        <summary>What each port field means</summary>
        <dl>
          {LEGEND.filter(([key]) => showNodePort || key !== 'nodePort').map(([key, term]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{term}</dt>
              <dd>{FORM_TEXT[key]}</dd>
            </div>
          ))}
        </dl>
      </details>
      {unnamed ? (
        <p className="banner warn sf-rule" role="note" data-testid="multi-port-rule">
          {FORM_TEXT.multiPortRule} Give each port a name (e.g. http, https, metrics).
        </p>
      ) : null}
      {ports.map((row, i) => (
        <PortRowFields
          key={row.id}
          row={row}
          i={i}
          count={ports.length}
          showNodePort={showNodePort}
          pods={pods}
          onChange={(patch) => set(ports.map((r, j) => (j === i ? { ...r, ...patch } : r)))}
          onMove={(to) => set(move(ports, i, to))}
          onRemove={() => set(ports.filter((_, j) => j !== i))}
        />
      ))}
      <FieldMessages id="f-ports-msgs" messages={sectionMessages} />
      <button type="button" className="button" onClick={() => set([...ports, emptyPortRow()])}>
        Add port
      </button>
    </section>
  );
}
