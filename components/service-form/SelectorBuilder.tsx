'use client';
/**
 * The selector builder: label key/value rows with suggestions (and pod counts) from the pods of the
 * namespace, the live "N pods match" with names and readiness, the near misses, and — when editing
 * a live Service (`original`) — the pods the change gains and loses before it is saved.
 */
import { useId, useMemo, useState } from 'react';
import type { Pod } from '../../lib/k8s/types';
import { usePods } from '../../lib/client/pods';
import {
  labelSuggestions,
  sameSelector,
  selectorChange,
  selectorMatch,
  selectorNearMisses,
  valueSuggestions,
  type Selector,
} from '../../lib/service-draft/selector-suggestions';
import './pickers.css';

/** "1 pod", "3 pods". */
const podCount = (n: number): string => `${n} pod${n === 1 ? '' : 's'}`;

interface Row {
  key: string;
  value: string;
}

export interface SelectorBuilderProps {
  namespace: string;
  selector: Selector;
  onChange: (next: Record<string, string>) => void;
  /** The stored selector of the live Service being edited: shows what a change gains and loses. */
  original?: Selector;
  /** How many key suggestions to show (the rest are in the key field's list). */
  maxSuggestions?: number;
  /** Names the rows: "Label 1 key", "Add label", "Remove label 1" (default "Label"). */
  noun?: string;
  /** Ids of the messages and help that describe every row's inputs (the form's field messages). */
  describedBy?: string;
}

/** The selector's rows; an empty selector shows one empty row to type into. */
function rowsOf(selector: Selector): Row[] {
  const rows = Object.entries(selector).map(([key, value]) => ({ key, value }));
  return rows.length ? rows : [{ key: '', value: '' }];
}

function selectorOf(rows: readonly Row[]): Record<string, string> {
  const out: Record<string, string> = {};
  // As typed (no trimming): a bad key or value reaches the checks and is reported, not silently fixed.
  for (const r of rows) if (r.key) out[r.key] = r.value;
  return out;
}

export function SelectorBuilder({ namespace, selector, onChange, original, maxSuggestions = 6, noun = 'Label', describedBy }: SelectorBuilderProps) {
  const lower = noun.toLowerCase();
  const id = useId();
  const { items, query } = usePods(namespace);
  const pods: readonly Pod[] = useMemo(() => items ?? [], [items]);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(selector));
  // A selector changed from outside (type switch, undo, "use this pod's labels") replaces the rows.
  const [seen, setSeen] = useState<Selector>(selector);
  if (!sameSelector(seen, selector)) {
    setSeen(selector);
    if (!sameSelector(selectorOf(rows), selector)) setRows(rowsOf(selector));
  }

  const update = (next: Row[]) => {
    setRows(next);
    const sel = selectorOf(next);
    setSeen(sel);
    onChange(sel);
  };
  const setPair = (key: string, value: string) => {
    const i = rows.findIndex((r) => r.key === key);
    if (i >= 0) update(rows.map((r, j) => (j === i ? { key, value } : r)));
    else update([...rows.filter((r) => r.key || r.value), { key, value }]);
  };

  const suggestions = useMemo(() => labelSuggestions(pods), [pods]);
  const match = useMemo(() => selectorMatch(selector, pods), [selector, pods]);
  const misses = useMemo(() => selectorNearMisses(selector, namespace, pods), [selector, namespace, pods]);
  const change = useMemo(() => (original && !sameSelector(original, selector) ? selectorChange(original, selector, pods) : undefined), [original, selector, pods]);
  const duplicate = rows.find((r, i) => r.key && rows.findIndex((o) => o.key === r.key) !== i);
  const empty = Object.keys(selector).length === 0;

  return (
    <div className="sb" role="group" aria-label="Pod selector">
      <datalist id={`${id}-keys`}>
        {suggestions.map((s) => (
          <option key={s.key} value={s.key}>{podCount(s.pods)}</option>
        ))}
      </datalist>
      <ul className="sb-rows">
        {rows.map((row, i) => (
          <li key={i} className="sb-row">
            <input
              className="input mono"
              aria-label={`${noun} ${i + 1} key`}
              aria-describedby={describedBy}
              list={`${id}-keys`}
              value={row.key}
              placeholder="key, e.g. app"
              onChange={(e) => update(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
            />
            <span aria-hidden="true">=</span>
            <datalist id={`${id}-values-${i}`}>
              {valueSuggestions(pods, selector, row.key).map((v) => (
                <option key={v.value} value={v.value}>{podCount(v.pods)}</option>
              ))}
            </datalist>
            <input
              className="input mono"
              aria-label={`${noun} ${i + 1} value`}
              aria-describedby={describedBy}
              list={`${id}-values-${i}`}
              value={row.value}
              placeholder="value"
              onChange={(e) => update(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
            />
            <button type="button" className="button" aria-label={`Remove ${lower} ${i + 1}`} onClick={() => update(rows.filter((_, j) => j !== i))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      {duplicate && <p className="sb-error" role="alert">{`The key "${duplicate.key}" is used twice; a selector holds one value per key (the last one wins).`}</p>}
      <button type="button" className="button" onClick={() => setRows([...rows, { key: '', value: '' }])}>
        Add {lower}
      </button>

      {suggestions.length > 0 && (
        <div className="sb-suggest">
          <h4>Labels on the pods in {namespace}</h4>
          <ul>
            {suggestions.slice(0, maxSuggestions).map((s) => (
              <li key={s.key}>
                <span className="mono sb-key">{s.key}</span>
                {s.values.slice(0, 6).map((v) => {
                  const active = selector[s.key] === v.value;
                  return (
                    <button
                      key={v.value}
                      type="button"
                      className="chip"
                      aria-pressed={active}
                      aria-label={`Select ${s.key}=${v.value} (${podCount(v.pods)})`}
                      onClick={() => setPair(s.key, v.value)}
                    >
                      <span className="mono">{v.value}</span> <span className="chip-count">{v.pods}</span>
                    </button>
                  );
                })}
              </li>
            ))}
          </ul>
        </div>
      )}

      <MatchSummary loading={query.isPending} error={query.error?.message} empty={empty} match={match} podsInNamespace={pods.length} namespace={namespace} />

      {misses.length > 0 && (
        <div className="sb-misses">
          <h4>Near misses (pods missing by one label)</h4>
          <ul aria-label="Near misses">
            {misses.map((m) => (
              <li key={m.pod}>
                <span className="mono">{m.pod}</span>{' '}
                {m.actual === undefined ? `has no label ${m.key} (wanted ${m.key}=${m.wanted})` : `has ${m.key}=${m.actual} (wanted ${m.wanted})`}
              </li>
            ))}
          </ul>
        </div>
      )}

      {change && (
        <div className="sb-change" role="region" aria-label="What this selector change does">
          <h4>Compared with the saved selector</h4>
          <p>{`Gains ${podCount(change.gains.length)}, loses ${change.loses.length}, keeps ${change.keeps}.`}</p>
          {change.gains.length > 0 && <p className="sb-gain">Gains: {change.gains.join(', ')}</p>}
          {change.loses.length > 0 && <p className="sb-lose">Loses: {change.loses.join(', ')} (they stop receiving traffic when you save)</p>}
        </div>
      )}
    </div>
  );
}

interface MatchSummaryProps {
  loading: boolean;
  error?: string;
  empty: boolean;
  match: ReturnType<typeof selectorMatch>;
  podsInNamespace: number;
  namespace: string;
}

function MatchSummary({ loading, error, empty, match, podsInNamespace, namespace }: MatchSummaryProps) {
  let text: string;
  if (error) text = `The pods cannot be loaded: ${error}`;
  else if (loading) text = 'Loading the pods…';
  else if (empty) text = `No label chosen: a Service without a selector matches no pods (${podsInNamespace} in ${namespace}).`;
  else text = `${match.pods.length} ${match.pods.length === 1 ? 'pod matches' : 'pods match'} (${match.ready} ready)`;
  return (
    <div className="sb-match">
      <p role="status" aria-live="polite" className={!loading && !empty && match.pods.length === 0 ? 'sb-none' : undefined}>
        {text}
      </p>
      {match.pods.length > 0 && (
        <ul aria-label="Matching pods" className="sb-pods">
          {match.pods.map((p) => (
            <li key={p.name}>
              <span className={`sb-dot ${p.terminal ? 'off' : p.ready ? 'ok' : 'warn'}`} aria-hidden="true" />
              <span className="mono">{p.name}</span> <span className="sb-state">{p.terminal ? 'finished (never an endpoint)' : p.ready ? 'ready' : 'not ready'}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
