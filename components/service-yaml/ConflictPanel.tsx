'use client';
/**
 * The three-way view after a 409 or a stale draft: what was loaded, what is live now, and the
 * user's edit, for every field both sides changed; how many of the cluster's changes were merged.
 */
import type { MergeConflict } from '../../lib/service-draft/three-way';

const show = (v: unknown) => (v === undefined ? '(absent)' : typeof v === 'string' ? v : JSON.stringify(v));

export function ConflictPanel({ conflicts, merged, reason, onDismiss }: { conflicts: readonly MergeConflict[]; merged: readonly string[]; reason: string; onDismiss(): void }) {
  return (
    <section className="sy-panel" aria-label="Three-way merge" data-testid="yaml-three-way">
      <h2>Three-way merge</h2>
      <p>{reason}</p>
      <p data-testid="yaml-merged-count">
        {merged.length === 0 ? 'No change from the cluster needed merging.' : `Merged from the cluster into your text: ${merged.join(', ')}.`}{' '}
        {conflicts.length === 0 ? 'No field was changed on both sides: review and apply again.' : `${conflicts.length} field(s) were changed on both sides; your value is kept and marked in the editor.`}
      </p>
      {conflicts.length > 0 && (
        <table className="sy-conflicts">
          <caption className="sy-muted">Fields changed both in the cluster and by you</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">When you loaded it</th>
              <th scope="col">Live now</th>
              <th scope="col">Yours (kept)</th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map((c) => (
              <tr key={c.path}>
                <th scope="row">
                  <code>{c.path}</code>
                </th>
                <td><code>{show(c.base)}</code></td>
                <td><code>{show(c.live)}</code></td>
                <td><code>{show(c.mine)}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="sy-actions">
        <button type="button" className="button" onClick={onDismiss}>
          Close the three-way view
        </button>
      </div>
    </section>
  );
}
