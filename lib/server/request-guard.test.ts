import { describe, expect, it } from 'vitest';
import { crossOriginProblem, hostAllowed, pageCsp, pathDecodes, type HostPolicy } from './request-guard';

const policy = (over: Partial<HostPolicy> = {}): HostPolicy => ({ port: '3000', bindHost: '127.0.0.1', allowedHosts: [], ...over });

describe('hostAllowed', () => {
  it('loopback names on the serving port only', () => {
    for (const h of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LocalHost:3000']) expect(hostAllowed(h, policy()), h).toBe(true);
    for (const h of ['localhost:3001', 'localhost', 'evil.example:3000', 'localhost.:3000', '127.0.0.1.nip.io:3000', '', 'a b:3000']) {
      expect(hostAllowed(h, policy()), h).toBe(false);
    }
    expect(hostAllowed(null, policy())).toBe(false);
  });

  it('the --host address, IPs when bound to every interface, and --allowed-hosts names', () => {
    expect(hostAllowed('192.168.1.5:3000', policy({ bindHost: '192.168.1.5' }))).toBe(true);
    expect(hostAllowed('192.168.1.6:3000', policy({ bindHost: '192.168.1.5' }))).toBe(false);
    expect(hostAllowed('10.0.0.7:3000', policy({ bindHost: '0.0.0.0' }))).toBe(true);
    expect(hostAllowed('box.lan:3000', policy({ bindHost: '0.0.0.0' }))).toBe(false);
    const named = policy({ allowedHosts: ['porthole.example.com', 'proxy.example.com:8443'] });
    expect(hostAllowed('porthole.example.com', named)).toBe(true);
    expect(hostAllowed('porthole.example.com:443', named)).toBe(true);
    expect(hostAllowed('proxy.example.com:8443', named)).toBe(true);
    expect(hostAllowed('proxy.example.com:3000', named)).toBe(false);
    expect(hostAllowed('sub.porthole.example.com', named)).toBe(false);
  });
});

describe('crossOriginProblem', () => {
  const h = (headers: Record<string, string>) => new Headers({ host: '127.0.0.1:3000', ...headers });
  it('allows same-origin and header-less clients', () => {
    expect(crossOriginProblem(h({}))).toBeUndefined();
    expect(crossOriginProblem(h({ origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' }))).toBeUndefined();
    expect(crossOriginProblem(h({ 'sec-fetch-site': 'none' }))).toBeUndefined();
    expect(crossOriginProblem(new Headers({ host: 'p.example.com', origin: 'https://p.example.com', 'x-forwarded-proto': 'https' }))).toBeUndefined();
  });
  it('refuses cross-site, same-site, Origin null, another scheme or port', () => {
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { origin: 'https://127.0.0.1:3000' },
      { origin: 'http://127.0.0.1:3001' },
      { origin: 'http://evil.example' },
      { origin: 'not a url' },
    ];
    for (const headers of cases) {
      expect(crossOriginProblem(h(headers)), JSON.stringify(headers)).toBeTruthy();
    }
  });
});

describe('pageCsp and paths', () => {
  it('scripts need the nonce; no inline scripts; no framing; Monaco workers allowed', () => {
    const csp = pageCsp('abc', false);
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("worker-src 'self' blob:");
  });
  it('spots malformed percent-encoding', () => {
    expect(pathDecodes('/api/namespaces/%E0%A4%A/services')).toBe(false);
    expect(pathDecodes('/api/namespaces/default/services/a%20b')).toBe(true);
  });
});
