/**
 * `--auth token`, issue 16 item 5: sign-out ends the session on the server, on every replica. Two
 * Porthole replicas (two `next start`, one sealing key) against a real kube-apiserver (whose
 * ConfigMaps hold the shared revocation list, written and watched with Porthole's own credentials):
 * sign in on A, sign out on A — the old cookie is refused on A at once, on B as soon as B's watch
 * sees the list, and on a replica C started afterwards; another session of the same user still works.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';

const REAL = process.env.REAL_APISERVER_DIR ?? '/work/shared/real-apiserver';
const KEY = randomBytes(32).toString('base64');
let work: string;
let kubeconfigPath: string;
let viewerToken: string;
let a: PortholeServer;
let b: PortholeServer;
let c: PortholeServer | undefined;

const start = () => startPorthole({ kubeconfigPath, source: 'kubeconfig', env: { PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_KEY: KEY } });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'porthole-revocation-it-'));
  const out = execFileSync(join(REAL, 'start-real-apiserver.sh'), [join(work, 'kas')], {
    encoding: 'utf8',
    env: { ...process.env, NO_CONTROLLER_MANAGER: '1' },
    timeout: 180_000,
  });
  kubeconfigPath = out.trim().split('\n').at(-1)!;
  viewerToken = /^VIEWER_TOKEN=['"]?([^'"\n]+)/m.exec(readFileSync(join(work, 'kas', 'env'), 'utf8'))![1];
  [a, b] = await Promise.all([start(), start()]);
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
  if (work) {
    try {
      execFileSync(join(REAL, 'stop-real-apiserver.sh'), [join(work, 'kas'), '--purge'], { timeout: 60_000 });
    } catch {
      // already gone
    }
    rmSync(work, { recursive: true, force: true });
  }
});

async function signIn(server: PortholeServer): Promise<string> {
  const res = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ token: viewerToken }),
  });
  expect(res.status).toBe(200);
  const pair = res.headers.getSetCookie().find((x) => x.startsWith('porthole-session='))?.split(';')[0];
  expect(pair).toBeDefined();
  return pair!;
}

/** The status of a request with this cookie that the session check alone decides (the API server is not asked to list anything). */
const identityStatus = async (server: PortholeServer, cookie: string): Promise<number> => {
  const res = await fetch(`${server.url}/api/identity`, { headers: { cookie, Origin: server.url }, redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
};

describe('--auth token: sign-out on one replica ends the session on all of them', () => {
  it('the old cookie is refused on A and on B (and on a replica started later); other sessions live on', async () => {
    const cookie = await signIn(a);
    const other = await signIn(b);
    // One key: both replicas accept both sessions.
    expect(await identityStatus(a, cookie)).toBe(200);
    expect(await identityStatus(b, cookie)).toBe(200);
    expect(await identityStatus(a, other)).toBe(200);

    const out = await fetch(`${a.url}/api/session/sign-out`, { method: 'POST', headers: { cookie, Origin: a.url } });
    expect(out.status).toBe(200);

    // A: at once.
    const onA = await fetch(`${a.url}/api/identity`, { headers: { cookie, Origin: a.url } });
    expect(onA.status).toBe(401);
    expect(((await onA.json()) as Status).message).toMatch(/signing out/);
    // B: as soon as its watch on the shared list delivers (no sleep: poll).
    await expect.poll(() => identityStatus(b, cookie), { timeout: 30_000, interval: 200 }).toBe(401);
    const onB = await fetch(`${b.url}/api/namespaces/default/services`, { headers: { cookie, Origin: b.url } });
    expect(onB.status).toBe(401);
    expect(((await onB.json()) as Status).message).toMatch(/signing out/);

    // A replica that was not running at sign-out reads the list when it starts.
    c = await start();
    await expect.poll(() => identityStatus(c!, cookie), { timeout: 30_000, interval: 200 }).toBe(401);

    // The same user's other session was not signed out.
    for (const server of [a, b, c]) expect(await identityStatus(server, other)).toBe(200);
  });

  it('the shared list is a ConfigMap in Porthole’s namespace, one key per revoked session with its expiry', () => {
    const json = execFileSync('kubectl', ['--kubeconfig', kubeconfigPath, 'get', 'configmap', 'porthole-revoked-sessions', '-n', 'default', '-o', 'json'], { encoding: 'utf8' });
    const data = (JSON.parse(json) as { data?: Record<string, string> }).data ?? {};
    const entries = Object.entries(data);
    expect(entries).toHaveLength(1);
    const [sid, until] = entries[0];
    expect(sid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The session's absolute expiry: 12 h after sign-in by default.
    expect(Number(until)).toBeGreaterThan(Date.now() + 11 * 3600_000);
  });
});
