import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authConfigFromEnv } from './auth-mode';
import { PEER_HEADER } from './auth-mode-proxy';
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
  const direct = authConfigFromEnv({ PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_KEY: randomBytes(32).toString('base64') });
  const behind = { ...direct, trustedProxies: ['10.0.0.0/8'] };
  const from = (peer: string, forwarded?: string) => new Headers({ [PEER_HEADER]: peer, ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) });

  it('is the socket address; X-Forwarded-For from a peer that is not a trusted proxy is ignored', () => {
    expect(clientAddress(from('203.0.113.9', '198.51.100.1'), direct)).toBe('203.0.113.9');
    expect(clientAddress(from('::ffff:127.0.0.1', '198.51.100.1'), direct)).toBe('127.0.0.1');
    expect(clientAddress(from('203.0.113.9', '198.51.100.1'), behind)).toBe('203.0.113.9');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '198.51.100.1' }), direct)).toBe('unknown');
  });

  it('behind a trusted proxy, the last X-Forwarded-For entry (what that proxy appended)', () => {
    expect(clientAddress(from('10.0.0.7', '192.0.2.1, 203.0.113.9'), behind)).toBe('203.0.113.9');
    expect(clientAddress(from('10.0.0.7'), behind)).toBe('10.0.0.7');
  });
});
