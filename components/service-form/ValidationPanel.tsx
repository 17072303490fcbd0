'use client';
/**
 * The whole check at a glance: every problem of the shared rules (with its field path, so none is
 * hidden even when no field shows it), the warnings, and the server dry run — pending, accepted or
 * refused, and where it disagrees with the local rules. A dry run's addresses are placeholders and
 * are never shown.
 */
import { formatFieldError } from '../../lib/k8s/field-errors';
import type { DraftValidation } from '../../lib/client/use-draft-validation';

/** `refused`: the identity may not save (the page says why at its top): no dry run is sent. */
export function ValidationPanel({ validation, creating, refused = false }: { validation: DraftValidation; creating: boolean; refused?: boolean }) {
  const { local, server, pending, waiting, disagreements } = validation;
  const serverGeneral = server?.errorsAt.get('') ?? [];
  return (
    <section className="sf-section sf-validation" aria-labelledby="sf-check-h">
      <h2 id="sf-check-h">Check</h2>
      {local.errors.length ? (
        <div role="group" aria-label="Problems">
          <p>
            <strong>{local.errors.length} problem{local.errors.length === 1 ? '' : 's'}</strong> (the API server would refuse the Service with these messages):
          </p>
          <ul className="sf-problems" data-testid="problems">
            {local.errors.map((e, i) => (
              <li key={i}>
                <code>{formatFieldError(e)}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p data-testid="no-problems">No problems found by the Service rules.</p>
      )}
      {local.warnings.length ? (
        <ul className="sf-warnings" aria-label="Warnings">
          {local.warnings.map((w) => (
            <li key={w}>Warning: {w}</li>
          ))}
        </ul>
      ) : null}
      <p data-testid="dry-run" data-state={pending ? 'pending' : server?.ok ? 'ok' : 'refused'} aria-live="polite">
        {refused
          ? 'Server dry run: not sent, as nothing can be saved here (see the note at the top).'
          : waiting
          ? 'Server dry run: starts with your first change.'
          : pending
          ? 'Server dry run: waiting for you to stop typing…'
          : server?.ok
            ? `Server dry run: accepted.${creating ? ' The cluster allocates the real addresses and node ports when you create it; a dry run only shows placeholders, so none are shown here.' : ''}`
            : `Server dry run: refused${server?.status ? ` (${server.status.code} ${server.status.reason})` : ''}.`}
      </p>
      {serverGeneral.length ? (
        <p className="banner bad" data-testid="dry-run-message">
          {serverGeneral.join(' ')}
        </p>
      ) : null}
      {server?.warnings.length ? (
        <ul className="sf-warnings" aria-label="Server warnings">
          {server.warnings.map((w) => (
            <li key={w}>Server warning: {w}</li>
          ))}
        </ul>
      ) : null}
      {disagreements.length ? (
        <div className="banner warn" role="note" data-testid="disagreements">
          <strong>The server&apos;s dry run and the local rules disagree:</strong>
          <ul>
            {disagreements.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
