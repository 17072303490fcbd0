/**
 * Unicode bidirectional controls (embeddings, overrides, isolates, marks) reorder the text around
 * them: "exe.pdf" can be made to read "fdp.exe", a label can hide what follows it. Porthole shows
 * every one of them as a visible token instead of applying it (names, labels, annotations, events).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS_ALL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const NAMES: Record<string, string> = {
  '\u061C': 'ARABIC LETTER MARK',
  '\u200E': 'LEFT-TO-RIGHT MARK',
  '\u200F': 'RIGHT-TO-LEFT MARK',
  '\u202A': 'LEFT-TO-RIGHT EMBEDDING',
  '\u202B': 'RIGHT-TO-LEFT EMBEDDING',
  '\u202C': 'POP DIRECTIONAL FORMATTING',
  '\u202D': 'LEFT-TO-RIGHT OVERRIDE',
  '\u202E': 'RIGHT-TO-LEFT OVERRIDE',
  '\u2066': 'LEFT-TO-RIGHT ISOLATE',
  '\u2067': 'RIGHT-TO-LEFT ISOLATE',
  '\u2068': 'FIRST STRONG ISOLATE',
  '\u2069': 'POP DIRECTIONAL ISOLATE',
};

export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/** `U+202E` for a control character. */
export function codePointLabel(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The visible token shown in place of a control: ⟪U+202E⟫. */
export function bidiMarker(ch: string): string {
  return `⟪${codePointLabel(ch)}⟫`;
}

export function bidiControlName(ch: string): string {
  return NAMES[ch] ?? 'bidirectional control';
}

export type BidiSegment = { kind: 'text'; text: string } | { kind: 'control'; char: string };

/** The text split into plain runs and the controls between them (none: one text segment). */
export function bidiSegments(text: string): BidiSegment[] {
  const out: BidiSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(BIDI_CONTROLS_ALL)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    out.push({ kind: 'control', char: m[0] });
    last = at + m[0].length;
  }
  if (last < text.length || out.length === 0) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** For attributes (title, aria-label): every control replaced by its marker. */
export function neutraliseBidi(text: string): string {
  return hasBidiControls(text) ? text.replace(BIDI_CONTROLS_ALL, bidiMarker) : text;
}
