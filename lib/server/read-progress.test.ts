import { describe, expect, it } from 'vitest';
import { readProgress } from './read-progress';

describe('readProgress', () => {
  it('a reader that never reads is stalled once unread bytes waited longer than the limit', () => {
    const p = readProgress(1000, 0);
    expect(p.stalled(14, 14, 500)).toBe(false);
    expect(p.stalled(14, 14, 1000)).toBe(false);
    expect(p.stalled(60, 60, 1001)).toBe(true);
  });

  it('a slow reader that reads something within every period is not', () => {
    const p = readProgress(1000, 0);
    let written = 0;
    for (let t = 0; t <= 10_000; t += 900) {
      written += 100_000;
      expect(p.stalled(written, written - t * 10, t)).toBe(false);
    }
  });

  it('nothing unread is never a stall, however long the stream is quiet', () => {
    const p = readProgress(1000, 0);
    expect(p.stalled(30, 0, 60_000)).toBe(false);
    expect(p.stalled(60, 30, 60_500)).toBe(false);
    expect(p.stalled(60, 30, 62_000)).toBe(true);
  });
});
