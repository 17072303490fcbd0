/**
 * Issue 16, sign-in hardening, over HTTP against `next start`:
 *  - redirects stay on Porthole's origin however `next` is written (TAB, CR, LF, backslash, encoded);
 *  - the sign-in rate limit counts the socket's address: X-Forwarded-For counts only from a trusted proxy;
 *  - over https (X-Forwarded-Proto from a trusted proxy) the session cookie is `__Host-porthole-session`
 *    (Secure, Path=/, no Domain), and a plain `porthole-session` tossed in by another origin is not read;
 *  - an anonymous /signin and 404 page (token and proxy mode) carry no context name, cluster name or API
 *    server URL; a signed-in user's /api/identity does not list Porthole's own kubeconfig contexts.
 * The client's own address is chosen per request (127.0.0.1, or 127.0.0.2 as the trusted proxy).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { raw, type RawResponse } from './raw-http';

const CLUSTER = 'cluster-name-q7x2';
const CONTEXT = 'context-name-k9w4';
const PROXY = '127.0.0.2';

let cluster: TestCluster;
let work: string;
let server: string;
let kubeconfig: PortholeServer;
let token: PortholeServer;
let proxy: PortholeServer;

interface Kubeconfig {
  clusters: { name: string; cluster: { server: string } }[];
  contexts: { name: string; context: { cluster: string } }[];
  'current-context': string;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'porthole-signin-hardening-it-'));
  cluster = await startTestCluster({ empty: true });
  // Names found nowhere else in a page, to look for in the answers.
  const doc = parse(readFileSync(cluster.kubeconfigPath, 'utf8')) as Kubeconfig;
  server = doc.clusters[0].cluster.server;
  doc.clusters[0].name = CLUSTER;
  for (const c of doc.contexts) c.context.cluster = CLUSTER;
  const current = doc.contexts.find((c) => c.name === doc['current-context'])!;
  current.name = CONTEXT;
  doc['current-context'] = CONTEXT;
  const kubeconfigPath = join(work, 'kubeconfig');
  writeFileSync(kubeconfigPath, stringify(doc), { mode: 0o600 });
  [kubeconfig, token, proxy] = await Promise.all([
    startPorthole({ kubeconfigPath }),
    startPorthole({ kubeconfigPath, env: { PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_KEY: randomBytes(32).toString('base64'), PORTHOLE_TRUSTED_PROXIES: `${PROXY}/32` } }),
    startPorthole({ kubeconfigPath, env: { PORTHOLE_AUTH: 'proxy', PORTHOLE_TRUSTED_PROXIES: `${PROXY}/32`, PORTHOLE_PEER_SECRET: randomBytes(16).toString('hex') } }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([kubeconfig?.stop(), token?.stop(), proxy?.stop()]);
  await cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const origin = (p: PortholeServer) => `http://127.0.0.1:${p.port}`;

/** A sign-in (JSON, or a form with `next`) from a chosen local address with extra headers. */
function signIn(p: PortholeServer, tokenText: string, opts: { from?: string; headers?: Record<string, string>; next?: string } = {}): Promise<RawResponse> {
  const form = opts.next !== undefined;
  return raw({
    port: p.port,
    method: 'POST',
    path: '/api/session',
    localAddress: opts.from ?? '127.0.0.1',
    headers: {
      'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      Origin: origin(p),
      ...opts.headers,
    },
    body: form ? new URLSearchParams({ token: tokenText, next: opts.next! }).toString() : JSON.stringify({ token: tokenText }),
  });
}

const setCookies = (res: RawResponse): string[] => res.headers['set-cookie'] ?? [];

/** Where the browser goes: the Location resolved as a browser does (the URL parser drops TAB/CR/LF, reads `\` as `/`). */
const followed = (res: RawResponse, p: PortholeServer): URL => new URL(String(res.headers.location), origin(p));

const HOSTILE_NEXT = [
  '/\t/evil.example/x',
  '/\r/evil.example/x',
  '/\n/evil.example/x',
  '/\\evil.example/x',
  '/\t\\evil.example/x',
  '//evil.example/x',
  '/.//evil.example/x',
  'https://evil.example/x',
  'javascript:alert(1)',
];

describe('redirects stay on Porthole', () => {
  it('kubeconfig mode: /signin?next=… never sends the browser to another origin', async () => {
    for (const next of [...HOSTILE_NEXT, '/%09/evil.example/x', '/%5Cevil.example/x']) {
      const res = await raw({ port: kubeconfig.port, path: `/signin?next=${encodeURIComponent(next)}` });
      expect(res.status, JSON.stringify(next)).toBeGreaterThanOrEqual(300);
      expect(res.status).toBeLessThan(400);
      const to = followed(res, kubeconfig);
      expect(to.origin, `${JSON.stringify(next)} → ${String(res.headers.location)}`).toBe(origin(kubeconfig));
      expect(to.pathname.startsWith('//')).toBe(false);
    }
    // The raw issue: the TAB was sent back as is.
    const tab = await raw({ port: kubeconfig.port, path: '/signin?next=/%09/evil.example/x' });
    expect(String(tab.headers.location)).not.toMatch(/[\t\r\n\\]/);
  });

  it('a same-origin next is kept', async () => {
    const res = await raw({ port: kubeconfig.port, path: `/signin?next=${encodeURIComponent('/services?namespace=demo')}` });
    expect(followed(res, kubeconfig).href).toBe(`${origin(kubeconfig)}/services?namespace=demo`);
  });

  it('token mode: the form sign-in goes to next only when it stays on Porthole', async () => {
    for (const next of HOSTILE_NEXT) {
      const res = await signIn(token, cluster.tokens.viewer, { next, from: PROXY, headers: { 'X-Forwarded-For': `203.0.113.${HOSTILE_NEXT.indexOf(next) + 1}` } });
      expect(res.status, JSON.stringify(next)).toBe(303);
      expect(followed(res, token).origin, `${JSON.stringify(next)} → ${String(res.headers.location)}`).toBe(origin(token));
    }
  });
});

describe('the sign-in rate limit counts the socket address', () => {
  it('X-Forwarded-For from a peer that is not a trusted proxy is ignored: rotating it does not escape the limit', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await signIn(token, `wrong-${i}`, { headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` } });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await signIn(token, cluster.tokens.viewer, { headers: { 'X-Forwarded-For': '198.51.100.200' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('naming someone else’s address does not lock them out', async () => {
    // The trusted proxy's client 192.0.2.50 is not limited, though an untrusted client named it in ten refused sign-ins.
    for (let i = 0; i < 10; i++) await signIn(token, `wrong-again-${i}`, { from: '127.0.0.6', headers: { 'X-Forwarded-For': '192.0.2.50' } });
    const victim = await signIn(token, cluster.tokens.viewer, { from: PROXY, headers: { 'X-Forwarded-For': '192.0.2.50' } });
    expect(victim.status).toBe(200);
  });

  it('from a trusted proxy, the address it appended is the client: each of its clients is counted on its own', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(token, `proxied-wrong-${i}`, { from: PROXY, headers: { 'X-Forwarded-For': '192.0.2.60' } })).status).toBe(401);
    expect((await signIn(token, cluster.tokens.viewer, { from: PROXY, headers: { 'X-Forwarded-For': '192.0.2.60' } })).status).toBe(429);
    expect((await signIn(token, cluster.tokens.viewer, { from: PROXY, headers: { 'X-Forwarded-For': '192.0.2.61' } })).status).toBe(200);
  });
});

/** The name=value pair of a Set-Cookie line, and its attributes. */
function cookieParts(line: string): { pair: string; name: string; attributes: string[] } {
  const [pair, ...attributes] = line.split(';').map((s) => s.trim());
  return { pair, name: pair.slice(0, pair.indexOf('=')), attributes: attributes.map((a) => a.toLowerCase()) };
}

describe('the session cookie over https', () => {
  const https = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '192.0.2.70' };

  it('behind a trusted proxy saying https: __Host-porthole-session, Secure, Path=/, no Domain', async () => {
    const res = await signIn(token, cluster.tokens.viewer, { from: PROXY, headers: { ...https, Origin: origin(token).replace('http:', 'https:') } });
    expect(res.status).toBe(200);
    const lines = setCookies(res).map(cookieParts).filter((c) => c.name.includes('porthole-session'));
    expect(lines.map((c) => c.name)).toEqual(['__Host-porthole-session']);
    const { attributes } = lines[0];
    expect(attributes).toContain('secure');
    expect(attributes).toContain('path=/');
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
  });

  it('over https only the __Host- cookie is read: a plain porthole-session tossed in by another origin is ignored', async () => {
    const first = await signIn(token, cluster.tokens.viewer, { from: '127.0.0.5' });
    expect(first.status, first.body).toBe(200);
    expect(setCookies(first).map((c) => cookieParts(c).name)).toEqual(['porthole-session']);
    const plain = cookieParts(setCookies(first)[0]);
    // Over http the plain cookie is the session...
    const overHttp = await raw({ port: token.port, path: '/api/session', headers: { cookie: plain.pair } });
    expect(overHttp.status).toBe(200);
    // ...over https it is not: the attacker's session does not replace the victim's.
    const overHttps = await raw({ port: token.port, path: '/api/session', localAddress: PROXY, headers: { cookie: plain.pair, ...https } });
    expect(overHttps.status).toBe(401);
    const secure = cookieParts(setCookies(await signIn(token, cluster.tokens.viewer, { from: PROXY, headers: { ...https, Origin: origin(token).replace('http:', 'https:') } })).find((c) => c.startsWith('__Host-'))!);
    const both = await raw({ port: token.port, path: '/api/session', localAddress: PROXY, headers: { cookie: `${plain.pair}; ${secure.pair}`, ...https } });
    expect(both.status).toBe(200);
  });

  it('X-Forwarded-Proto from a peer that is not a trusted proxy changes nothing', async () => {
    const res = await signIn(token, cluster.tokens.editor, { from: '127.0.0.3', headers: { 'X-Forwarded-Proto': 'https', Origin: origin(token).replace('http:', 'https:') } });
    expect(res.status).toBe(200);
    expect(setCookies(res).map((c) => cookieParts(c).name)).toEqual(['porthole-session']);
  });
});

describe('nothing about the cluster before sign-in', () => {
  const secrets = (): string[] => [CLUSTER, CONTEXT, server, new URL(server).host];

  for (const mode of ['token', 'proxy'] as const) {
    it(`${mode} mode: the sign-in page and a 404 page name no context, cluster or API server`, async () => {
      const p = mode === 'token' ? token : proxy;
      // Without a user every other page goes to /signin; the open paths' 404 is the anonymous 404 page.
      const pages = [
        await raw({ port: p.port, path: '/signin' }),
        await raw({ port: p.port, path: '/no-such-file.txt' }),
        await raw({ port: p.port, path: '/no-such-icon.png' }),
      ];
      expect(pages.map((page) => page.status)).toEqual([200, 404, 404]);
      for (const page of pages) {
        expect(page.body.length).toBeGreaterThan(100);
        for (const secret of secrets()) expect(page.body, `${page.status} page names ${secret}`).not.toContain(secret);
      }
    });
  }

  it('control: the same page in kubeconfig mode does name them (the check can see them)', async () => {
    const page = await raw({ port: kubeconfig.port, path: '/no-such-file.txt' });
    expect(page.status).toBe(404);
    expect(page.body).toContain(CONTEXT);
    expect(page.body).toContain(CLUSTER);
  });

  it('token mode, signed in: /api/identity shows the user, not Porthole’s own kubeconfig contexts', async () => {
    const pair = cookieParts(setCookies(await signIn(token, cluster.tokens.viewer, { from: '127.0.0.4' })).find((c) => c.startsWith('porthole-session='))!).pair;
    const res = await raw({ port: token.port, path: '/api/identity', headers: { cookie: pair } });
    expect(res.status).toBe(200);
    const info = JSON.parse(res.body) as { user?: { name: string }; identities: string[]; contextName: string };
    expect(info.user?.name).toBe('viewer');
    expect(info.identities).toEqual([]);
    expect(res.body).not.toContain(CONTEXT);
    expect(res.body).not.toContain('porthole-admin');
  });
});
