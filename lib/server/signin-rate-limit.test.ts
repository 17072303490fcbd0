import { describe, expect, it } from 'vitest';
import { clientAddress, FailureLimiter } from './signin-rate-limit';

describe('FailureLimiter', () => {
  it('allows up to the limit of failures per window, then says how long to wait', () => {
    const l = new FailureLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) {
      expect(l.retryAfter('a', 1000 + i)).toBeUndefined();
      l.recordFailure('a', 1000 + i);
    }
    expect(l.retryAfter('a', 1003)).toBe(60);
    expect(l.retryAfter('a', 31_000)).toBe(30);
    // Another address is not affected.
    expect(l.retryAfter('b', 1003)).toBeUndefined();
    // Once the oldest failure leaves the window, one more try is allowed.
    expect(l.retryAfter('a', 61_000)).toBeUndefined();
  });
});

describe('clientAddress', () => {
  it('is the last X-Forwarded-For entry (the socket, or what the nearest proxy appended)', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': '203.0.113.9, 10.0.0.7' }))).toBe('10.0.0.7');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '::ffff:127.0.0.1' }))).toBe('127.0.0.1');
    expect(clientAddress(new Headers())).toBe('unknown');
  });
});
