/**
 * `--auth token`: each user signs in with their own bearer token (the embedded cluster's built-in
 * viewer/editor/admin tokens); the browser gets only a sealed HttpOnly cookie; every API request
 * runs with that user's token (RBAC per user); no session → the sign-in page or a 401, never a
 * fallback identity; sign-out; idle and absolute expiry; the upstream's 401 ends the session; two
 * replicas with one key share sessions.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceList, Status } from '../../../lib/k8s/types';
import { seal } from '../../../lib/server/session-seal';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';

const KEY = randomBytes(32);
let cluster: TestCluster;
let work: string;
let a: PortholeServer;
let b: PortholeServer;
let short: PortholeServer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'porthole-signin-it-'));
  cluster = await startTestCluster();
  const kubeconfigPath = join(work, 'kubeconfig');
  copyFileSync(cluster.kubeconfigPath, kubeconfigPath);
  const env = { PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_KEY: KEY.toString('base64') };
  [a, b, short] = await Promise.all([
    startPorthole({ kubeconfigPath, env }),
    startPorthole({ kubeconfigPath, env }),
    // Another key, and tiny expiries: 3 s idle, 7 s in all.
    startPorthole({
      kubeconfigPath,
      env: { PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_KEY: randomBytes(32).toString('base64'), PORTHOLE_SESSION_IDLE_SECONDS: '3', PORTHOLE_SESSION_MAX_SECONDS: '7' },
    }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), short?.stop()]);
  await cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The `porthole-session=...` pair of a Set-Cookie answer (what a browser would send back). */
function sessionPair(res: Response): string | undefined {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('porthole-session='));
  return cookie?.split(';')[0];
}

async function signIn(server: PortholeServer, token: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/api/session`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, ...extra },
    body: new URLSearchParams({ token, next: '/services?namespace=demo' }).toString(),
  });
}

async function sessionOf(server: PortholeServer, token: string): Promise<string> {
  const res = await signIn(server, token);
  expect(res.status).toBe(303);
  const pair = sessionPair(res);
  expect(pair).toBeDefined();
  return pair!;
}

const api = (server: PortholeServer, path: string, cookie?: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, redirect: 'manual', headers: { ...(cookie ? { cookie } : {}), Origin: server.url, ...(init.headers as Record<string, string>) } });

/** Where a redirect goes, as a path (Next makes some Locations absolute). */
const where = (res: Response, server: PortholeServer): string => {
  const url = new URL(res.headers.get('location') ?? '', server.url);
  return url.pathname + url.search;
};

const newService = (name: string) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80 }] } });

describe('--auth token: nobody signed in', () => {
  it('the API answers 401 Status and pages go to the sign-in page; the admin token in Authorization is no way in', async () => {
    const list = await api(a, '/api/services');
    expect(list.status).toBe(401);
    expect(((await list.json()) as Status).reason).toBe('Unauthorized');
    const withHeader = await api(a, '/api/services', undefined, { headers: { Authorization: `Bearer ${cluster.tokens.admin}` } });
    expect(withHeader.status).toBe(401);
    const page = await api(a, '/services?namespace=demo');
    expect(page.status).toBe(303);
    expect(where(page, a)).toBe('/signin?next=%2Fservices%3Fnamespace%3Ddemo');
    const signin = await api(a, '/signin');
    expect(signin.status).toBe(200);
    expect(await signin.text()).toContain('Bearer token');
  });

  it('the probes and the sign-in page stay reachable without a session', async () => {
    for (const path of ['/healthz', '/readyz', '/signin', '/logo.svg']) expect((await api(a, path)).status, path).toBe(200);
  });

  it('a bad token is refused with a clear error and no cookie', async () => {
    const form = await signIn(a, 'not-a-token');
    expect(form.status).toBe(303);
    expect(where(form, a)).toBe('/signin?error=rejected&next=%2Fservices%3Fnamespace%3Ddemo');
    expect(sessionPair(form)).toBeUndefined();
    const json = await fetch(`${a.url}/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: a.url }, body: JSON.stringify({ token: 'not-a-token' }) });
    expect(json.status).toBe(401);
    expect(((await json.json()) as Status).message).toBe('the API server does not accept this token');
    const empty = await signIn(a, '');
    expect(empty.headers.get('location')).toContain('error=empty');
  });

  it('a sign-in from another site is refused', async () => {
    const res = await signIn(a, cluster.tokens.viewer, { Origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    expect(sessionPair(res)).toBeUndefined();
  });
});

describe('--auth token: signed in', () => {
  it('gives the browser an opaque HttpOnly SameSite=Strict cookie, never the token', async () => {
    const res = await signIn(a, cluster.tokens.viewer);
    expect(res.status).toBe(303);
    expect(where(res, a)).toBe('/services?namespace=demo');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('porthole-session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/; Secure/);
    const value = cookie.split(';')[0].slice('porthole-session='.length);
    expect(value).not.toContain(cluster.tokens.viewer);
    expect(Buffer.from(value, 'base64url').toString('latin1')).not.toContain(cluster.tokens.viewer);
    const pair = cookie.split(';')[0];
    const session = await api(a, '/api/session', pair);
    const body = await session.text();
    expect(JSON.parse(body)).toMatchObject({ auth: 'token', user: 'viewer' });
    expect(body).not.toContain(cluster.tokens.viewer);
    const page = await api(a, '/services', pair);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain(cluster.tokens.viewer);
    expect(html).toContain('Sign out');
  });

  // The cookie over https (`__Host-porthole-session`, Secure; X-Forwarded-Proto only from a trusted
  // proxy): signin-hardening.test.ts.

  it('every request runs as that user: the viewer reads but may not create (403 passed through), the editor may', async () => {
    const viewer = await sessionOf(a, cluster.tokens.viewer);
    const list = await api(a, '/api/namespaces/demo/services', viewer);
    expect(list.status).toBe(200);
    expect(((await list.json()) as ServiceList).items.length).toBeGreaterThan(0);
    // Impersonate-* and X-Remote-* the browser sends are ignored: still the viewer.
    const refused = await api(a, '/api/namespaces/demo/services', viewer, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Impersonate-User': 'admin', 'Impersonate-Group': 'system:masters', 'X-Remote-User': 'admin' },
      body: newService('by-viewer'),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Status).message).toContain('User "viewer" cannot create resource "services"');
    // A bearer token in the request is refused with a Status that says how to change user.
    const bearer = await api(a, '/api/namespaces/demo/services', viewer, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${cluster.tokens.admin}` },
      body: newService('by-viewer'),
    });
    expect(bearer.status).toBe(400);
    expect(((await bearer.json()) as Status).message).toMatch(/^Porthole does not take credentials from requests .*sign in with your token/);

    const editor = await sessionOf(a, cluster.tokens.editor);
    const created = await api(a, '/api/namespaces/demo/services', editor, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: newService('by-editor') });
    expect(created.status).toBe(201);
    const elsewhere = await api(a, '/api/namespaces/default/services', editor, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: newService('by-editor') });
    expect(elsewhere.status).toBe(403);
    const gone = await api(a, '/api/namespaces/demo/services/by-editor', editor, { method: 'DELETE' });
    expect(gone.status).toBe(200);
  });

  it('a session from one replica works on another with the same key; another key does not open it', async () => {
    const cookie = await sessionOf(a, cluster.tokens.editor);
    const onB = await api(b, '/api/session', cookie);
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ user: 'editor' });
    expect((await api(b, '/api/namespaces/demo/services', cookie)).status).toBe(200);
    const other = await api(short, '/api/services', cookie);
    expect(other.status).toBe(401);
    expect(sessionPair(other)).toBe('porthole-session=');
  });

  it('sign-out clears the cookie (same-site POST only)', async () => {
    const cookie = await sessionOf(a, cluster.tokens.viewer);
    const cross = await fetch(`${a.url}/api/session/sign-out`, { method: 'POST', headers: { cookie, Origin: 'http://evil.example' }, redirect: 'manual' });
    expect(cross.status).toBe(403);
    const out = await fetch(`${a.url}/api/session/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, Origin: a.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(out.status).toBe(303);
    expect(where(out, a)).toBe('/signin?reason=signed-out');
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('porthole-session='))!;
    expect(cleared).toMatch(/^porthole-session=;.*Max-Age=0/);
    // The browser now sends no session: nothing is reachable.
    expect((await api(a, '/api/services')).status).toBe(401);
    // And the old cookie, sent again, is refused: sign-out ended the session on the server (both
    // replicas: signin-revocation.test.ts, on a cluster that serves the shared list).
    const replayed = await api(a, '/api/namespaces/demo/services', cookie);
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as Status).message).toMatch(/signing out/);
    expect(where(await api(a, '/services?namespace=demo', cookie), a)).toBe('/signin?next=%2Fservices%3Fnamespace%3Ddemo&reason=signed-out');
  });

  it("the API server's 401 ends the session: the cookie is cleared and the answer is a 401 Status", async () => {
    const now = Date.now();
    const forged = seal({ sid: 'revoked-token-session', token: 'revoked-token', user: 'viewer', groups: [], issuedAt: now, lastSeen: now }, KEY);
    const res = await api(a, '/api/namespaces/demo/services', `porthole-session=${forged}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as Status).reason).toBe('Unauthorized');
    expect(sessionPair(res)).toBe('porthole-session=');
    const check = await api(a, '/api/session', `porthole-session=${forged}`);
    expect(check.status).toBe(401);
    expect(((await check.json()) as Status).message).toContain('no longer accepts this token');
  });
});

describe('--auth token: expiry', () => {
  it('an idle session expires; pages then go to the sign-in page saying so', async () => {
    const cookie = await sessionOf(short, cluster.tokens.viewer);
    expect((await api(short, '/api/services', cookie)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3500));
    const res = await api(short, '/api/services', cookie);
    expect(res.status).toBe(401);
    expect(((await res.json()) as Status).message).toContain('expired');
    expect(sessionPair(res)).toBe('porthole-session=');
    const page = await api(short, '/services', cookie);
    expect(page.status).toBe(303);
    expect(where(page, short)).toBe('/signin?next=%2Fservices&reason=expired');
  });

  it("the watch stream ends with the session's absolute expiry, and cannot be reopened", async () => {
    const cookie = await sessionOf(short, cluster.tokens.viewer);
    const started = Date.now();
    const res = await api(short, '/api/watch?watch=services:all', cookie);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
    }
    expect(text).toContain('event: resync');
    // It ended by itself (an endless stream would hold this test until its timeout), and not before the
    // absolute expiry: a busy machine can only make it later, so no upper bound here (timing is bench work).
    expect(Date.now() - started).toBeGreaterThan(5000);
    expect((await api(short, '/api/watch?watch=services:all', cookie)).status).toBe(401);
  });

  it('activity keeps it alive past the idle time (the cookie is re-sealed), until the absolute expiry', async () => {
    let cookie = await sessionOf(short, cluster.tokens.viewer);
    const started = Date.now();
    let refreshed = 0;
    while (Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 1000));
      const res = await api(short, '/api/services', cookie);
      expect(res.status).toBe(200);
      const next = sessionPair(res);
      if (next) {
        refreshed++;
        cookie = next;
      }
    }
    expect(refreshed).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, Math.max(0, started + 7200 - Date.now())));
    const res = await api(short, '/api/services', cookie);
    expect(res.status).toBe(401);
    expect(((await res.json()) as Status).message).toContain('expired');
  });
});
