import type { ReactNode } from 'react';
import type { Status } from '../../lib/k8s/types';

/** One section of the detail page: a heading (with an optional count/summary) and its body. */
export function Section({ id, title, summary, children }: { id: string; title: string; summary?: ReactNode; children: ReactNode }) {
  return (
    <section className="sd-section" id={id} aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <header className="sd-section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {summary !== undefined ? <span className="sd-summary">{summary}</span> : null}
      </header>
      <div className="sd-section-body">{children}</div>
    </section>
  );
}

/** A line that says there is nothing to show, and why. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="sd-empty">{children}</p>;
}

/**
 * This section's data cannot be read (e.g. 403 for a namespace-scoped identity): said here, quietly,
 * instead of a page-wide error. `need` names the permission, e.g. "list nodes".
 */
export function Unavailable({ status, what, need, testId }: { status: Status; what: string; need: string; testId?: string }) {
  const forbidden = status.code === 403;
  return (
    <p className="sd-empty sd-unavailable" data-testid={testId ?? 'section-unavailable'} data-code={status.code} title={status.message}>
      {forbidden
        ? `Not shown: the identity Porthole uses may not ${need} (403 Forbidden). `
        : `Could not load ${what} (${status.code ?? ''} ${status.reason ?? ''}): ${status.message ?? ''} `}
      {forbidden ? <span className="muted">Everything else on this page is unaffected.</span> : null}
    </p>
  );
}
