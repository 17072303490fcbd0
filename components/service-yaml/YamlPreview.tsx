/**
 * The editor's text as coloured read-only text, shown where Monaco will be until it is ready (the YAML
 * editor's first paint does not wait for Monaco's download and start). Same box, font and line height
 * as the editor, so nothing moves when Monaco takes its place.
 */
import { highlightYamlLine } from '../../lib/service-yaml/highlight';

export function YamlPreview({ text, label }: { text: string; label: string }) {
  return (
    <pre className="sy-preview" aria-label={`${label} (read-only until the editor has loaded)`} aria-busy="true" data-testid="yaml-preview">
      {text.split('\n').map((line, i) => (
        <span key={i} className="sy-line">
          {highlightYamlLine(line).map((t, j) =>
            t.kind === 'text' ? (
              t.text
            ) : (
              <span key={j} className={`sy-t-${t.kind}`}>
                {t.text}
              </span>
            ),
          )}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}
