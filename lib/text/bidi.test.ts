import { describe, expect, it } from 'vitest';
import { bidiSegments, hasBidiControls, neutraliseBidi } from './bidi';

describe('bidi controls', () => {
  it('finds every control the trick uses, and nothing in plain text', () => {
    for (const ch of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']) {
      expect(hasBidiControls(`a${ch}b`)).toBe(true);
    }
    expect(hasBidiControls('plain ascii, ümlaut, שלום')).toBe(false);
  });

  it('shows the "gnp.exe" trick as written, with a marker', () => {
    expect(neutraliseBidi('invoice\u202Egnp.exe')).toBe('invoice⟪U+202E⟫gnp.exe');
    expect(bidiSegments('a\u2066b\u2069')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'control', char: '\u2066' },
      { kind: 'text', text: 'b' },
      { kind: 'control', char: '\u2069' },
    ]);
    expect(bidiSegments('plain')).toEqual([{ kind: 'text', text: 'plain' }]);
  });
});
