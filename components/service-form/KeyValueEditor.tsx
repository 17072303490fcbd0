'use client';
/**
 * A key/value map editor (labels, annotations, selector): one row per entry, add and remove.
 * The API server checks the whole map at one path (`metadata.labels`), so its messages show under
 * the editor, naming the bad key or value.
 */
import type { ReactNode } from 'react';
import { newRowId, type KeyValueRow } from '../../lib/service-draft/form-model';
import { FieldMessages, Help, useFieldMessages } from './FieldShell';

export interface KeyValueEditorProps {
  id: string;
  /** Singular noun for the rows' accessible names ("Label" → "Label 1 key"). */
  noun: string;
  legend: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  keys: readonly string[];
  help?: ReactNode;
  disabled?: boolean;
  keyPlaceholder?: string;
  valuePlaceholder?: string;
}

export function KeyValueEditor({ id, noun, legend, rows, onChange, keys, help, disabled, keyPlaceholder, valuePlaceholder }: KeyValueEditorProps) {
  const messages = useFieldMessages(keys, true);
  const describedBy = help ? `${id}-msgs ${id}-help` : `${id}-msgs`;
  const set = (i: number, patch: Partial<KeyValueRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="sf-fieldset sf-kv" id={id} aria-describedby={describedBy}>
      <legend className="sf-label">{legend}</legend>
      {rows.length ? (
        <div className="sf-kv-rows">
          {rows.map((r, i) => (
            <div className="sf-kv-row" key={r.id}>
              <input
                className="input mono"
                aria-label={`${noun} ${i + 1} key`}
                aria-describedby={describedBy}
                placeholder={keyPlaceholder ?? 'key'}
                value={r.key}
                disabled={disabled}
                onChange={(e) => set(i, { key: e.target.value })}
              />
              <span aria-hidden>=</span>
              <input
                className="input mono"
                aria-label={`${noun} ${i + 1} value`}
                aria-describedby={describedBy}
                placeholder={valuePlaceholder ?? 'value'}
                value={r.value}
                disabled={disabled}
                onChange={(e) => set(i, { value: e.target.value })}
              />
              <button type="button" className="button" aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`} disabled={disabled} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                Remove
              </button>
            </div>
          ))}
        </div>
      ) : null}
      <button type="button" className="button" disabled={disabled} onClick={() => onChange([...rows, { id: newRowId(), key: '', value: '' }])}>
        Add {noun.toLowerCase()}
      </button>
      <FieldMessages id={`${id}-msgs`} messages={messages} />
      {help ? <Help id={`${id}-help`}>{help}</Help> : null}
    </fieldset>
  );
}

/** A list of strings (external IPs, source ranges): one input per entry. */
export function StringListEditor({
  id,
  noun,
  legend,
  values,
  onChange,
  keys,
  help,
  placeholder,
}: {
  id: string;
  noun: string;
  legend: string;
  values: string[];
  onChange: (v: string[]) => void;
  keys: readonly string[];
  help?: ReactNode;
  placeholder?: string;
}) {
  const messages = useFieldMessages(keys, true);
  const describedBy = help ? `${id}-msgs ${id}-help` : `${id}-msgs`;
  return (
    <fieldset className="sf-fieldset" id={id} aria-describedby={describedBy}>
      <legend className="sf-label">{legend}</legend>
      {values.map((v, i) => (
        <div className="sf-kv-row" key={i}>
          <input
            className="input mono"
            aria-label={`${noun} ${i + 1}`}
            aria-describedby={describedBy}
            placeholder={placeholder}
            value={v}
            onChange={(e) => onChange(values.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <button type="button" className="button" aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`} onClick={() => onChange(values.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="button" onClick={() => onChange([...values, ''])}>
        Add {noun.toLowerCase()}
      </button>
      <FieldMessages id={`${id}-msgs`} messages={messages} />
      {help ? <Help id={`${id}-help`}>{help}</Help> : null}
    </fieldset>
  );
}
