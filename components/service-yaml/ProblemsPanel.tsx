'use client';
/** Every marker of every layer as a list of buttons; choosing one moves the editor's cursor there. */
import { MARKER_SOURCE_LABEL, type YamlMarker } from '../../lib/service-yaml/markers';

export function ProblemsPanel({ markers, onSelect }: { markers: readonly YamlMarker[]; onSelect(m: YamlMarker): void }) {
  const errors = markers.filter((m) => m.severity === 'error').length;
  const warnings = markers.length - errors;
  return (
    <section className="sy-problems" aria-label="Problems" data-testid="yaml-problems">
      <h2 className="sy-problems-title">
        Problems <span data-testid="yaml-problem-count">{errors} errors, {warnings} warnings</span>
      </h2>
      {markers.length === 0 ? (
        <p className="sy-muted">No problems found.</p>
      ) : (
        <ul>
          {markers.map((m, i) => (
            <li key={`${m.source}-${m.startLine}-${m.startColumn}-${i}`}>
              <button
                type="button"
                className={`sy-problem sy-${m.severity}`}
                data-source={m.source}
                data-line={m.startLine}
                onClick={() => onSelect(m)}
              >
                <span className="sy-problem-where">
                  Line {m.startLine}:{m.startColumn}
                </span>
                <span className="sy-problem-source">{MARKER_SOURCE_LABEL[m.source]}</span>
                <span className="sy-problem-severity">{m.severity}</span>
                <span className="sy-problem-message">{m.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
