/**
 * `--auth token`: sign-in is rate limited per client address — 10 refused tokens a minute, then every
 * sign-in from that address is a 429 Status with Retry-After (a form gets the sign-in page saying so),
 * before the API server is asked; other addresses are not affected. Porthole runs here as behind a
 * reverse proxy on 127.0.0.1 (`--trusted-proxies 127.0.0.1/32`): the client address is the last
 * X-Forwarded-For entry that proxy sends. From a peer that is not a trusted proxy the header is
 * ignored: signin-hardening.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';

let cluster: TestCluster;
let work: string;
let porthole: PortholeServer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'porthole-signin-limit-it-'));
  cluster = await startTestCluster({ empty: true });
  const kubeconfigPath = join(work, 'kubeconfig');
  copyFileSync(cluster.kubeconfigPath, kubeconfigPath);
  porthole = await startPorthole({ kubeconfigPath, env: { PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_KEY: randomBytes(32).toString('base64'), PORTHOLE_TRUSTED_PROXIES: '127.0.0.1/32' } });
}, 180_000);

afterAll(async () => {
  await porthole?.stop();
  await cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const signIn = (token: string, from: string | undefined, form = false) =>
  fetch(`${porthole.url}/api/session`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      Origin: porthole.url,
      ...(from ? { 'X-Forwarded-For': from } : {}),
    },
    body: form ? new URLSearchParams({ token }).toString() : JSON.stringify({ token }),
  });

const LIMITED = '198.51.100.7';
const OTHER = '198.51.100.8';

describe('--auth token: the sign-in rate limit', () => {
  it('after 10 refused tokens from one address, every sign-in from it is a 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(`wrong-token-${i}`, LIMITED)).status, `attempt ${i + 1}`).toBe(401);
    const refused = await signIn(cluster.tokens.viewer, LIMITED);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const status = (await refused.json()) as Status;
    expect(status).toMatchObject({ kind: 'Status', code: 429, reason: 'TooManyRequests', details: { retryAfterSeconds: wait } });
    expect(status.message).toMatch(/^too many refused sign-ins from this address \(10 a minute\): try again in \d+ s$/);
    expect(refused.headers.getSetCookie().some((c) => c.startsWith('porthole-session='))).toBe(false);
  });

  it('a form sign-in from that address goes back to the sign-in page, which says why', async () => {
    const res = await signIn(cluster.tokens.viewer, LIMITED, true);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '', porthole.url);
    expect(location.pathname + location.search).toBe('/signin?error=too-many');
    const page = await (await fetch(location)).text();
    expect(page).toContain('Too many refused sign-ins from your address. Wait a minute, then try again.');
  });

  it('another address signs in as usual, and a good token does not count', async () => {
    const ok = await signIn(cluster.tokens.viewer, OTHER);
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().some((c) => c.startsWith('porthole-session='))).toBe(true);
    for (let i = 0; i < 9; i++) expect((await signIn(`wrong-${i}`, OTHER)).status).toBe(401);
    // 9 refusals (the good sign-in did not count): one more try is still allowed.
    expect((await signIn(cluster.tokens.editor, OTHER)).status).toBe(200);
  });

  it('a request of the proxy itself (no X-Forwarded-For) counts against the proxy’s own address', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(`direct-wrong-${i}`, undefined)).status).toBe(401);
    expect((await signIn(cluster.tokens.viewer, undefined)).status).toBe(429);
    // The same address named by the proxy is the same client; another one is not.
    expect((await signIn(cluster.tokens.viewer, '127.0.0.1')).status).toBe(429);
    expect((await signIn(cluster.tokens.viewer, '198.51.100.9')).status).toBe(200);
  });
});
