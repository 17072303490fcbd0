import { beforeEach, describe, expect, it } from 'vitest';
import { claimProbe, DOWN_RECENT_MS, isConnectFailure, markDown, markUp, probeDone, recentlyDown, REPROBE_EVERY_MS, resetKnownDown } from './known-down';

const S = 'https://10.0.0.1:6443';

beforeEach(() => resetKnownDown());

describe('known-down: which API servers a request need not wait for', () => {
  it('a server marked down is answered from the record while the evidence is recent, and any answer clears it', () => {
    expect(recentlyDown(S, 1000)).toBeUndefined();
    markDown(S, 'connect ECONNREFUSED 10.0.0.1:6443', 1000);
    expect(recentlyDown(S, 1000 + DOWN_RECENT_MS - 1)).toMatchObject({ reason: 'connect ECONNREFUSED 10.0.0.1:6443', since: 1000 });
    // Old evidence: requests go through again (and a probe refreshes the record).
    expect(recentlyDown(S, 1000 + DOWN_RECENT_MS)).toBeUndefined();
    markDown(S, 'no response within 10s', 5000);
    expect(recentlyDown(S, 6000)).toMatchObject({ since: 1000, at: 5000 });
    markUp(S);
    expect(recentlyDown(S, 6000)).toBeUndefined();
    expect(recentlyDown('https://other:6443', 6000)).toBeUndefined();
  });

  it('background probes: only of a server marked down, one at a time, at most one a second', () => {
    expect(claimProbe(S, 1000)).toBe(false);
    markDown(S, 'x', 1000);
    expect(claimProbe(S, 1000)).toBe(true);
    expect(claimProbe(S, 1000 + 5 * REPROBE_EVERY_MS)).toBe(false); // still in flight
    probeDone(S);
    expect(claimProbe(S, 1000 + REPROBE_EVERY_MS - 1)).toBe(false);
    expect(claimProbe(S, 1000 + REPROBE_EVERY_MS)).toBe(true);
  });

  it('only errors that say the server is not there count as evidence (a reset or a slow answer does not)', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']) expect(isConnectFailure(Object.assign(new Error(code), { code }))).toBe(true);
    for (const code of ['ECONNRESET', 'EPIPE', undefined]) expect(isConnectFailure(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isConnectFailure(undefined)).toBe(false);
  });
});
