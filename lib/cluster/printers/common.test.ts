import { describe, it, expect } from 'vitest';
import { translateTimestampSince } from './common';

describe('translateTimestampSince', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it.each([
    ['2026-11-21T11:55:00Z', '5m'],
    ['2026-11-21T08:58:00Z', '3h2m'],
    ['2026-11-21T12:00:00Z', '0s'],
    ['2026-11-21T12:00:10Z', '<invalid>'],
    [undefined, '<unknown>'],
    ['', '<unknown>'],
    ['0001-01-01T00:00:00Z', '<unknown>'],
    ['garbage', '<unknown>'],
  ])('%s → %s', (ts, text) => {
    expect(translateTimestampSince(ts, now)).toBe(text);
  });
});
