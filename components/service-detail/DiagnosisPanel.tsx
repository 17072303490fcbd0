'use client';
import type { Finding, Severity } from '../../lib/service-insight/diagnosis';
import { worstSeverity } from '../../lib/service-insight/diagnosis';

const ICON: Record<Severity, string> = { error: '⛔', warning: '⚠️', info: 'ℹ️', ok: '✅' };
const HEADLINE: Record<Severity, string> = {
  error: 'Traffic to this Service has nowhere to go',
  warning: 'This Service works, with caveats',
  info: 'This Service works',
  ok: 'This Service works',
};

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
export function DiagnosisPanel({ findings, ready }: { findings: Finding[]; ready: boolean }) {
  if (!ready) {
    return (
      <section className="sd-diagnosis" data-testid="diagnosis" aria-busy="true" aria-label="Diagnosis">
        <p className="sd-empty">Checking selector, pods, endpoints and events…</p>
      </section>
    );
  }
  const worst = worstSeverity(findings);
  return (
    <section className="sd-diagnosis" data-severity={worst} data-testid="diagnosis" aria-labelledby="diagnosis-title">
      <h2 id="diagnosis-title">
        <span aria-hidden>{ICON[worst]}</span> {HEADLINE[worst]}
      </h2>
      <ul className="sd-findings">
        {findings.map((f, i) => (
          <li key={`${f.id}-${i}`} className="sd-finding" data-severity={f.severity} data-rule={f.id} data-testid="finding">
            <div className="sd-finding-title">
              <span className="sd-sev" data-severity={f.severity}>
                {f.severity}
              </span>
              <strong>{f.title}</strong>
            </div>
            <p>{f.explanation}</p>
            {f.items?.length ? (
              <ul className="sd-finding-items">
                {f.items.map((it) => (
                  <li key={it}>
                    <code>{it}</code>
                  </li>
                ))}
              </ul>
            ) : null}
            <NearMisses finding={f} />
            {f.fix ? (
              <p className="sd-fix">
                <span className="sd-fix-label">Fix:</span> {f.fix}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
