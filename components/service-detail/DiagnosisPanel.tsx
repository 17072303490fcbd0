'use client';
import { useState } from 'react';
import type { Status } from '../../lib/k8s/types';
import type { Finding } from '../../lib/service-insight/diagnosis';
import type { Headline } from '../../lib/service-insight/headline';
import { SafeText } from '../text/SafeText';
import { SeverityIcon } from './SeverityIcon';

/** Supporting lines shown before "show all" (a 300-pod Service would list 300 not-ready pods). */
const ITEMS_SHOWN = 8;

function FindingItems({ items }: { items: string[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, ITEMS_SHOWN);
  return (
    <ul className="sd-finding-items">
      {shown.map((it) => (
        <li key={it}>
          <code>
            <SafeText text={it} />
          </code>
        </li>
      ))}
      {items.length > shown.length ? (
        <li>
          <button type="button" className="sd-link-button" onClick={() => setAll(true)}>
            show all {items.length}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

function NearMisses({ finding }: { finding: Finding }) {
  if (!finding.nearMisses?.length) return null;
  return (
    <div className="sd-nearmiss" data-testid="near-misses">
      <strong>Near misses (pods that miss by one label):</strong>
      <table className="sd-table compact">
        <thead>
          <tr>
            <th>Pod</th>
            <th>Label</th>
            <th>Selector wants</th>
            <th>Pod has</th>
          </tr>
        </thead>
        <tbody>
          {finding.nearMisses.map((m) => (
            <tr key={`${m.pod}/${m.key}`} data-testid="near-miss">
              <td>
                <code>{m.pod}</code>
              </td>
              <td>
                <code>{m.key}</code>
              </td>
              <td>
                <code>{m.wanted}</code>
              </td>
              <td>{m.actual === undefined ? <em className="muted">no such label</em> : <code className="sd-bad-text">{m.actual}</code>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Why is there no traffic?": every finding with its severity, explanation and fix. At the top of the page. */
export function DiagnosisPanel({
  findings,
  headline,
  ready,
  blocked,
  asOf,
}: {
  findings: Finding[];
  headline?: Headline;
  ready: boolean;
  /** An input the diagnosis needs cannot be read (e.g. 403 on pods). */
  blocked?: { what: string; status: Status };
  /** Set while the live stream is down: the time of the data the diagnosis is based on. */
  asOf?: string;
}) {
  if (blocked && !ready) {
    return (
      <section className="sd-diagnosis" data-severity="info" data-testid="diagnosis" data-blocked="true" aria-label="Diagnosis">
        <h2>
          <SeverityIcon severity="info" /> No diagnosis: Porthole cannot read the {blocked.what} of this namespace
        </h2>
        <p>
          The diagnosis compares the selector, pods and EndpointSlices. The API server answered {blocked.status.code} {blocked.status.reason}:{' '}
          <code>{blocked.status.message}</code>
        </p>
      </section>
    );
  }
  if (!ready || !headline) {
    return (
      <section className="sd-diagnosis" data-testid="diagnosis" aria-busy="true" aria-label="Diagnosis">
        <p className="sd-empty">Checking selector, pods, endpoints and events…</p>
      </section>
    );
  }
  return (
    <section className="sd-diagnosis" data-severity={headline.severity} data-stale={asOf ? 'true' : undefined} data-testid="diagnosis" aria-labelledby="diagnosis-title">
      <h2 id="diagnosis-title" data-testid="diagnosis-headline">
        <SeverityIcon severity={headline.severity} /> <span>{headline.text}</span>
      </h2>
      {asOf ? (
        <p className="sd-asof" data-testid="diagnosis-as-of">
          As of {asOf}, when the live stream was interrupted: it may have changed since.
        </p>
      ) : null}
      <ul className="sd-findings">
        {findings.map((f, i) => (
          <li key={`${f.id}-${i}`} className="sd-finding" data-severity={f.severity} data-rule={f.id} data-testid="finding">
            <div className="sd-finding-title">
              <span className="sd-sev" data-severity={f.severity}>
                {f.severity}
              </span>
              <strong>
                <SafeText text={f.title} />
              </strong>
            </div>
            <p>
              <SafeText text={f.explanation} />
            </p>
            {f.items?.length ? <FindingItems items={f.items} /> : null}
            <NearMisses finding={f} />
            {f.fix ? (
              <p className="sd-fix">
                <span className="sd-fix-label">Fix:</span> <SafeText text={f.fix} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
