import { describe, expect, it } from 'vitest';
import { humanDuration } from './duration';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('humanDuration (apimachinery duration.HumanDuration)', () => {
  it.each([
    [-3 * S, '<invalid>'],
    [-1 * S, '0s'],
    [-500, '0s'],
    // Truncated toward zero like Go's int(d.Seconds()): a browser clock 1-2 s behind the server is 0s, not <invalid>.
    [-1500, '0s'],
    [-1999, '0s'],
    [-2 * S, '<invalid>'],
    [0, '0s'],
    [999, '0s'],
    [45 * S, '45s'],
    [119 * S, '119s'],
    [2 * M, '2m'],
    [5 * M + 3 * S, '5m3s'],
    [9 * M + 59 * S, '9m59s'],
    [10 * M + 30 * S, '10m'],
    [179 * M, '179m'],
    [3 * H, '3h'],
    [3 * H + 2 * M, '3h2m'],
    [7 * H + 59 * M, '7h59m'],
    [8 * H + 30 * M, '8h'],
    [47 * H, '47h'],
    [30 * H, '30h'],
    [2 * D, '2d'],
    [6 * D + 4 * H, '6d4h'],
    [8 * D + 5 * H, '8d'],
    [729 * D, '729d'],
    [730 * D, '2y'],
    [740 * D, '2y10d'],
    [3 * 365 * D + 10 * D, '3y10d'],
    [8 * 365 * D + 20 * D, '8y'],
  ])('%d ms → %s', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});
