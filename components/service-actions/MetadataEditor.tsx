'use client';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { StatusError } from '../../lib/client/fetch-json';
import { useKubectlTarget } from '../../lib/client/kubectl-target';
import { patchServiceMetadata, writeErrorStatus } from '../../lib/client/service-writes';
import type { KubectlCommand as Command } from '../../lib/kubectl-command/command';
import { metadataCommand } from '../../lib/kubectl-command/service-commands';
import type { Service, Status } from '../../lib/k8s/types';
import {
  changedKeys,
  checkMetaRows,
  isBlankRow,
  mapFromRows,
  metadataMergePatch,
  newRow,
  type MetaMapName,
  type MetaRow,
  type StringMap,
} from '../../lib/service-actions/metadata-edit';
import { KubectlCommand } from '../text/KubectlCommand';

const SINGULAR: Record<MetaMapName, string> = { labels: 'Label', annotations: 'Annotation' };

interface Props {
  /** The live Service (changes while editing are announced). */
  service: Service;
  which: MetaMapName;
  /** The map and resourceVersion the edit started from. */
  base: StringMap;
  baseResourceVersion: string;
  initialRows: MetaRow[];
  /** Closes the editor; after a save, with the kubectl command that does the same. */
  onDone: (saved?: Command) => void;
}

function Messages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="sa-field-error" data-testid="field-error">
      {messages.map((m) => (
        <div key={m}>{m}</div>
      ))}
    </div>
  );
}

/** Key/value rows with the API server's rules checked on every keystroke; saved as one merge patch. */
export function MetadataEditor({ service, which, base, baseResourceVersion, initialRows, onDone }: Props) {
  const noun = SINGULAR[which];
  const [rows, setRows] = useState<MetaRow[]>(initialRows);
  const focusRow = useRef<number | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const check = useMemo(() => checkMetaRows(which, rows, service), [which, rows, service]);
  const edited = mapFromRows(rows);
  const dirty = changedKeys(base, edited).length > 0;
  const liveMap = service.metadata[which] ?? {};
  const serverChanged = changedKeys(base, liveMap);
  const liveRv = service.metadata.resourceVersion ?? '';
  const [conflict, setConflict] = useState(false);
  const target = useKubectlTarget(service.metadata.namespace ?? 'default');
  const commandOnTopOf = (rv: string): Command | undefined => {
    const patch = metadataMergePatch(which, base, edited, rv);
    return patch ? metadataCommand(service.metadata.name ?? '', which, patch.metadata[which] ?? {}, rv, target) : undefined;
  };
  const command = commandOnTopOf(baseResourceVersion);
  const save = useMutation({
    mutationFn: async (onTopOf: 'base' | 'current') => {
      const rv = onTopOf === 'base' ? baseResourceVersion : liveRv;
      await patchServiceMetadata({ ...service, metadata: { ...service.metadata, resourceVersion: rv } }, which, base, edited);
      return commandOnTopOf(rv);
    },
    onSuccess: (saved) => onDone(saved),
    onError: (err) => setConflict(err instanceof StatusError && err.code === 409),
  });
  const error: Status | undefined = save.error ? writeErrorStatus(save.error) : undefined;

  useEffect(() => {
    const id = focusRow.current;
    if (id === undefined) return;
    focusRow.current = undefined;
    rootRef.current?.querySelector<HTMLInputElement>(`[data-row="${id}"] input`)?.focus();
  }, [rows]);

  const update = (id: number, patch: Partial<MetaRow>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const canSave = check.valid && dirty && !save.isPending;
  return (
    <div className="sa-meta-editor" ref={rootRef} role="group" aria-label={`Edit ${which}`} data-testid={`edit-${which}`}>
      {rows.length === 0 ? <p className="muted">No {which}. Add one below.</p> : null}
      <ol className="sa-meta-rows">
        {rows.map((r, i) => {
          const p = check.rows.get(r.id) ?? { key: [], value: [] };
          const n = i + 1;
          const keyErr = `${which}-${r.id}-key-error`;
          const valueErr = `${which}-${r.id}-value-error`;
          return (
            <li key={r.id} className="sa-meta-row" data-row={r.id} data-testid="meta-row">
              <MetaCell
                label={`${noun} ${n} key`}
                placeholder="key (e.g. app or example.com/team)"
                value={r.key}
                errorId={keyErr}
                messages={p.key}
                onChange={(key) => update(r.id, { key })}
              />
              <span className="sd-kv-eq" aria-hidden>
                =
              </span>
              <MetaCell label={`${noun} ${n} value`} placeholder="value" value={r.value} errorId={valueErr} messages={p.value} onChange={(value) => update(r.id, { value })} />
              <button
                type="button"
                className="button icon-button"
                aria-label={`Remove ${noun.toLowerCase()} ${n}${r.key ? ` (${r.key})` : ''}`}
                title="Remove"
                onClick={() => setRows((rs) => rs.filter((x) => x.id !== r.id))}
              >
                ×
              </button>
            </li>
          );
        })}
      </ol>
      {check.map.length ? (
        <div className="sa-field-error" role="alert" data-testid="map-error">
          {check.map.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </div>
      ) : null}
      <div className="sa-meta-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            const row = newRow();
            focusRow.current = row.id;
            setRows((rs) => [...rs, row]);
          }}
        >
          Add {noun.toLowerCase()}
        </button>
        <span className="topbar-spacer" />
        <button type="button" className="button" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="button" className="button primary" aria-disabled={canSave ? undefined : 'true'} onClick={canSave ? () => save.mutate('base') : undefined}>
          {save.isPending ? 'Saving…' : `Save ${which}`}
        </button>
      </div>
      {command ? <KubectlCommand command={command} /> : null}
      {serverChanged.length && !conflict ? (
        <p className="banner warn" role="status" data-testid="changed-meanwhile">
          Changed on the server since you started editing: {serverChanged.join(', ')}. Saving now answers 409 Conflict; your edits stay here either way.
        </p>
      ) : null}
      {error ? (
        <div className="banner bad sa-error" role="alert" data-testid="save-error">
          <div>
            {conflict ? (
              <>
                <strong>409 Conflict: this Service changed on the server since you started editing.</strong>
                {serverChanged.length ? (
                  <>
                    Changed {which}: {serverChanged.join(', ')}.{' '}
                  </>
                ) : (
                  <>Its {which} are the same; other fields changed. </>
                )}
                Your edits are kept.{' '}
                <button type="button" className="button" onClick={() => save.mutate('current')}>
                  Apply my changes to the current version
                </button>
              </>
            ) : (
              <>
                <strong>{error.code ? `${error.code} ${error.reason ?? ''}` : 'Network error'}: nothing was saved; your edits are kept.</strong>
                <code>{error.message}</code>{' '}
                <button type="button" className="button" onClick={() => save.mutate('base')}>
                  Retry
                </button>
              </>
            )}
          </div>
        </div>
      ) : null}
      {rows.some(isBlankRow) ? <p className="muted">Empty rows are ignored.</p> : null}
    </div>
  );
}

/** One key or value input of a row, with its messages (the API server's texts) tied to it. */
function MetaCell(props: { label: string; placeholder: string; value: string; errorId: string; messages: string[]; onChange: (v: string) => void }) {
  const invalid = props.messages.length > 0;
  return (
    <div className="sa-meta-cell">
      <input
        className="input mono"
        aria-label={props.label}
        placeholder={props.placeholder}
        spellCheck={false}
        autoComplete="off"
        value={props.value}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={invalid ? props.errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <Messages id={props.errorId} messages={props.messages} />
    </div>
  );
}
