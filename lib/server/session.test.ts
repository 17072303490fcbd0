import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authConfigFromEnv, parseDuration, parseSessionKey } from './auth-mode';
import { addressTrusted, proxyUser, PEER_HEADER, PEER_PROOF_HEADER } from './auth-mode-proxy';
import { safeNext } from './auth-mode-gate';
import { crossOriginProblem } from './request-guard';
import { sessionCookie, sessionState } from './session';
import { noteRevoked } from './session-revocation';
import { MAX_SEALED_LENGTH, seal, sealForCookie, unseal, type Session } from './session-seal';

const key = randomBytes(32);
const session: Session = { sid: 'sid-1', token: 'tok-123', user: 'viewer', groups: ['porthole:viewers'], issuedAt: 1_000_000, lastSeen: 1_000_000 };

describe('session seal', () => {
  it('opens with the key it was sealed with, or any key of a rotation list', () => {
    const sealed = seal(session, key);
    expect(sealed).not.toContain('tok-123');
    expect(unseal(sealed, [key])).toEqual(session);
    expect(unseal(sealed, [randomBytes(32), key])).toEqual(session);
  });

  it('does not open with another key, or when one character changed', () => {
    const sealed = seal(session, key);
    expect(unseal(sealed, [randomBytes(32)])).toBeUndefined();
    const flipped = sealed.slice(0, 20) + (sealed[20] === 'A' ? 'B' : 'A') + sealed.slice(21);
    expect(unseal(flipped, [key])).toBeUndefined();
    expect(unseal('garbage!', [key])).toBeUndefined();
  });

  it('leaves the groups out when they do not fit a cookie, and refuses a token that does not', () => {
    const groups = Array.from({ length: 400 }, (_, i) => `group-${i}`);
    const lean = sealForCookie({ ...session, groups }, key)!;
    expect(lean.length).toBeLessThanOrEqual(MAX_SEALED_LENGTH);
    expect(unseal(lean, [key])?.groups).toEqual([]);
    expect(sealForCookie({ ...session, token: 'x'.repeat(4000) }, key)).toBeUndefined();
  });
});

describe('session state', () => {
  const config = { ...authConfigFromEnv({ PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_KEY: key.toString('base64') }), idleSeconds: 60, maxSeconds: 600 };
  const headers = (s: Session) => new Headers({ cookie: `other=1; porthole-session=${seal(s, key)}` });
  it('is active, refreshed after a while, idle-expired and absolutely expired', () => {
    const t = session.issuedAt;
    expect(sessionState(headers(session), config, t + 1000)).toEqual({ kind: 'active', session });
    const later = sessionState(headers(session), config, t + 20_000);
    expect(later.kind === 'active' && later.refresh && unseal(later.refresh, [key])?.lastSeen).toBe(t + 20_000);
    expect(sessionState(headers(session), config, t + 61_000)).toEqual({ kind: 'expired', why: 'idle' });
    expect(sessionState(headers({ ...session, lastSeen: t + 599_000 }), config, t + 600_000)).toEqual({ kind: 'expired', why: 'absolute' });
    expect(sessionState(new Headers(), config)).toEqual({ kind: 'none' });
    expect(sessionState(new Headers({ cookie: 'porthole-session=abc' }), config)).toEqual({ kind: 'invalid' });
  });

  it('a signed-out session id is refused until the session would have ended anyway', () => {
    const t = session.issuedAt;
    const revokedSession = { ...session, sid: 'sid-signed-out' };
    noteRevoked(revokedSession.sid, t + 600_000);
    expect(sessionState(headers(revokedSession), config, t + 1000)).toEqual({ kind: 'expired', why: 'signed-out' });
    expect(sessionState(headers(session), config, t + 1000).kind).toBe('active');
  });

  it('over https (--secure-cookies or a trusted proxy saying so) only __Host-porthole-session is read', () => {
    const t = session.issuedAt;
    const secure = { ...config, secureCookies: true };
    const sealed = seal(session, key);
    expect(sessionState(new Headers({ cookie: `porthole-session=${sealed}` }), secure, t + 1000)).toEqual({ kind: 'none' });
    expect(sessionState(new Headers({ cookie: `__Host-porthole-session=${sealed}` }), secure, t + 1000).kind).toBe('active');
    const behind = { ...config, trustedProxies: ['10.0.0.0/8'] };
    const via = (peer: string) => new Headers({ cookie: `__Host-porthole-session=${sealed}`, 'x-forwarded-proto': 'https', [PEER_HEADER]: peer });
    expect(sessionState(via('10.1.2.3'), behind, t + 1000).kind).toBe('active');
    expect(sessionState(via('203.0.113.9'), behind, t + 1000)).toEqual({ kind: 'none' });
    expect(sessionCookie(sealed, session, secure, true, t)).toMatch(/^__Host-porthole-session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
  });
});

describe('auth settings', () => {
  it('parses durations and keys', () => {
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('12h')).toBe(43200);
    expect(parseDuration('2')).toBe(2);
    expect(() => parseDuration('soon')).toThrow(/not a duration/);
    expect(() => parseSessionKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });

  it('only sends to paths of this site after sign-in', () => {
    expect(safeNext('/services?namespace=demo')).toBe('/services?namespace=demo');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', '/signin', undefined]) expect(safeNext(bad)).toBeUndefined();
  });
});

describe('proxy mode', () => {
  const config = authConfigFromEnv({ PORTHOLE_AUTH: 'proxy', PORTHOLE_TRUSTED_PROXIES: '10.0.0.0/8,::1/128', PORTHOLE_PEER_SECRET: 's3cret' });
  const stamped = (peer: string, extra: Record<string, string>) => new Headers({ [PEER_HEADER]: peer, [PEER_PROOF_HEADER]: 's3cret', ...extra });
  it('matches addresses against CIDRs (IPv4-mapped too)', () => {
    expect(addressTrusted('10.1.2.3', config.trustedProxies)).toBe(true);
    expect(addressTrusted('::ffff:10.1.2.3', config.trustedProxies)).toBe(true);
    expect(addressTrusted('::1', config.trustedProxies)).toBe(true);
    expect(addressTrusted('11.0.0.1', config.trustedProxies)).toBe(false);
  });

  it('trusts the user headers only from a trusted address stamped by the front', () => {
    expect(proxyUser(stamped('10.0.0.5', { 'x-remote-user': 'alice', 'x-remote-group': 'dev, ops' }), config)).toEqual({
      kind: 'user',
      user: 'alice',
      groups: ['dev', 'ops'],
      peer: '10.0.0.5',
    });
    expect(proxyUser(stamped('192.168.0.5', { 'x-remote-user': 'alice' }), config)).toEqual({ kind: 'untrusted', peer: '192.168.0.5' });
    const forged = new Headers({ [PEER_HEADER]: '10.0.0.5', [PEER_PROOF_HEADER]: 'guess', 'x-remote-user': 'alice' });
    expect(proxyUser(forged, config).kind).toBe('untrusted');
    expect(proxyUser(stamped('10.0.0.5', {}), config)).toEqual({ kind: 'none' });
  });
});

describe('sign-in and sign-out forms', () => {
  it('a same-origin form POST under Referrer-Policy no-referrer (Origin: null, Sec-Fetch-Site: same-origin) is same-origin', () => {
    const h = (extra: Record<string, string>) => new Headers({ host: '127.0.0.1:3000', origin: 'null', ...extra });
    expect(crossOriginProblem(h({ 'sec-fetch-site': 'same-origin' }))).toBeUndefined();
    expect(crossOriginProblem(h({}))).toMatch(/opaque origin/);
    expect(crossOriginProblem(h({ 'sec-fetch-site': 'cross-site' }))).toMatch(/cross-site/);
  });
});
