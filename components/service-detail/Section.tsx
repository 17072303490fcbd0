import type { ReactNode } from 'react';

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
