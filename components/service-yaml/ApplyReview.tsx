'use client';
/**
 * Before anything is written: the diff of the live object against the result, the write method
 * (replace with the loaded resourceVersion, or server-side apply as field manager `porthole`), and
 * after an apply conflict the fields with their managers and an explicit "force" step.
 */
import dynamic from 'next/dynamic';
import type { KubectlCommand as Command } from '../../lib/kubectl-command/command';
import type { ApplyConflict } from '../../lib/service-yaml/apply-payload';
import { KubectlCommand } from '../text/KubectlCommand';

const YamlDiffEditor = dynamic(() => import('./YamlDiffEditor'), {
  ssr: false,
  loading: () => (
    <p className="sy-loading" role="status">
      Loading the diff…
    </p>
  ),
});

export type ApplyMethod = 'replace' | 'apply';

export interface ApplyReviewProps {
  original: string;
  modified: string;
  mode: 'create' | 'edit';
  method: ApplyMethod;
  onMethod(m: ApplyMethod): void;
  baseResourceVersion?: string;
  busy: boolean;
  error?: string;
  conflicts: readonly ApplyConflict[];
  /** The kubectl command doing what Apply (or, after conflicts, Force apply) sends. */
  command: Command;
  onApply(force: boolean): void;
  onCancel(): void;
}

export function ApplyReview(p: ApplyReviewProps) {
  return (
    <section className="sy-panel" aria-label="Review and apply" data-testid="yaml-review">
      <h2>{p.mode === 'edit' ? 'Review the change' : 'Review the new Service'}</h2>
      <p className="sy-muted">{p.mode === 'edit' ? 'Left: live in the cluster now. Right: what will be applied.' : 'What will be created.'}</p>
      <YamlDiffEditor original={p.original} modified={p.modified} ariaLabel="Differences between the live Service and the result" />
      {p.mode === 'edit' && (
        <fieldset className="sy-actions">
          <legend>How to write it</legend>
          <label className="sy-check">
            <input type="radio" name="apply-method" checked={p.method === 'replace'} onChange={() => p.onMethod('replace')} />
            Replace (PUT) with resourceVersion {p.baseResourceVersion ?? '—'}: refused if the Service changed since
          </label>
          <label className="sy-check">
            <input type="radio" name="apply-method" checked={p.method === 'apply'} onChange={() => p.onMethod('apply')} />
            Server-side apply as field manager &quot;porthole&quot;
          </label>
        </fieldset>
      )}
      <KubectlCommand command={p.command} />
      {p.error && (
        <p className="banner bad" role="alert" data-testid="yaml-apply-error">
          {p.error}
        </p>
      )}
      {p.conflicts.length > 0 && (
        <div role="alert" data-testid="yaml-apply-conflicts">
          <p>These fields are owned by other field managers; applying would take them over:</p>
          <ul>
            {p.conflicts.map((c) => (
              <li key={`${c.manager}-${c.field}`}>
                <code>{c.field}</code> — owned by <strong>{c.manager}</strong>
              </li>
            ))}
          </ul>
          <button type="button" className="button" disabled={p.busy} onClick={() => p.onApply(true)}>
            Force apply (take ownership of these fields)
          </button>
        </div>
      )}
      <div className="sy-actions">
        <button type="button" className="button primary" disabled={p.busy} onClick={() => p.onApply(false)}>
          {p.busy ? 'Applying…' : p.mode === 'edit' ? 'Apply' : 'Create'}
        </button>
        <button type="button" className="button" onClick={p.onCancel}>
          Back to editing
        </button>
      </div>
    </section>
  );
}
