'use client';
/** The editor's notices: the last type switch (with undo), a live change elsewhere, and each save outcome. */
import type { Service, Status } from '../../lib/k8s/types';
import type { SaveState } from '../../lib/client/use-service-save';
import { editableChanges } from '../../lib/service-draft/three-way';
import type { KindSwitch } from '../../lib/service-draft/type-switch';

export function SwitchBanner({ sw, onUndo, onDismiss }: { sw: KindSwitch; onUndo: () => void; onDismiss: () => void }) {
  return (
    <div className="banner sf-banner" role="status" data-testid="type-switch-summary">
      <span>{sw.summary}</span>
      <button type="button" className="button" onClick={onUndo}>
        Undo type change
      </button>
      <button type="button" className="button" aria-label="Dismiss the type change note" onClick={onDismiss}>
        OK
      </button>
    </div>
  );
}

const show = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));

function PathList({ paths, testId }: { paths: string[]; testId: string }) {
  if (paths.length === 0) return <p>No field you can edit changed (only what the server maintains).</p>;
  return (
    <ul className="sf-paths" data-testid={testId}>
      {paths.map((p) => (
        <li key={p}>
          <code>{p}</code>
        </li>
      ))}
    </ul>
  );
}

/** The Service changed on the server while the form is open. */
export function LiveChangeBanner({ base, live, onReapply }: { base: Service; live: Service; onReapply: () => void }) {
  const paths = editableChanges(base, live);
  return (
    <div className="banner warn sf-banner" role="alert" data-testid="live-change">
      <div>
        <strong>This Service was changed elsewhere since you opened it.</strong> Saving now would be refused with a conflict. Changed on the server:
        <PathList paths={paths} testId="live-changed-fields" />
      </div>
      <button type="button" className="button" onClick={onReapply}>
        Re-apply my edits on top of the current object
      </button>
    </div>
  );
}

function statusText(s: Status): string {
  return s.message ?? `${s.code ?? ''} ${s.reason ?? ''}`;
}

export function SaveOutcome({ state, onReapply, onRecreate, onRetry, onDismiss }: {
  state: SaveState;
  onReapply: () => void;
  onRecreate: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  switch (state.phase) {
    case 'conflict':
      return (
        <div className="banner bad sf-banner" role="alert" data-testid="save-conflict">
          <div>
            <strong>Not saved: the Service changed on the server since you loaded it (409 Conflict).</strong> Your edits are kept. Changed on the server meanwhile:
            <PathList paths={state.merge.serverChanged} testId="conflict-changed-fields" />
            {state.merge.conflicts.length ? (
              <>
                <p>You and the server both changed (re-applying keeps your value there):</p>
                <ul className="sf-paths" data-testid="conflict-both-changed">
                  {state.merge.conflicts.map((c) => (
                    <li key={c.path}>
                      <code>{c.path}</code>: when loaded <code>{show(c.base)}</code>, on the server now <code>{show(c.live)}</code>, yours <code>{show(c.mine)}</code>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <button type="button" className="button primary" onClick={onReapply}>
            Re-apply my edits on top of the current object
          </button>
        </div>
      );
    case 'gone':
      return (
        <div className="banner bad sf-banner" role="alert" data-testid="save-gone">
          <div>
            <strong>Not saved: this Service was deleted meanwhile (404).</strong> Your edits are kept. Re-creating it makes a new Service from them (the cluster allocates its addresses anew).
          </div>
          <button type="button" className="button primary" onClick={onRecreate}>
            Re-create the Service
          </button>
        </div>
      );
    case 'network':
      return (
        <div className="banner bad sf-banner" role="alert" data-testid="save-network">
          <div>
            <strong>Not saved: Porthole&apos;s server could not be reached.</strong> {state.message}. Your edits are kept.
          </div>
          <button type="button" className="button primary" onClick={onRetry}>
            Retry
          </button>
        </div>
      );
    case 'refused':
      return (
        <div className="banner bad sf-banner" role="alert" data-testid="save-refused">
          <div>
            <strong>
              Not saved: the API server answered {state.status.code} {state.status.reason}.
            </strong>{' '}
            <code>{statusText(state.status)}</code> Your edits are kept.
          </div>
          <button type="button" className="button" onClick={onDismiss}>
            OK
          </button>
        </div>
      );
    default:
      return null;
  }
}
