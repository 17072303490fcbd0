import { bidiControlName, bidiMarker, bidiSegments, hasBidiControls } from '../../lib/text/bidi';

/**
 * Text from the cluster (names, labels, annotations, event messages) as the user must read it: every
 * Unicode bidi control is shown as a marked token (⟪U+202E⟫) and has no effect on the order of the text.
 */
export function SafeText({ text }: { text: string | undefined }) {
  if (!text) return text ?? null;
  if (!hasBidiControls(text)) return text;
  return (
    <>
      {bidiSegments(text).map((s, i) =>
        s.kind === 'text' ? (
          s.text
        ) : (
          <span key={i} className="bidi-marker" data-testid="bidi-marker" title={`${bidiControlName(s.char)}: shown, not applied`}>
            {bidiMarker(s.char)}
          </span>
        ),
      )}
    </>
  );
}
