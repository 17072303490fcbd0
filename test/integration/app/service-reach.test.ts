/**
 * Reaching a Service (issue 20) over HTTP against a running Porthole and cluster: Try it sends a
 * request through pods/portforward to each endpoint as the user and streams one NDJSON result per
 * endpoint; a wrong targetPort is named as the likely cause; the viewer gets 403, read-only mode
 * refuses, the bounds answer 429 with Retry-After; a local forward answers plain HTTP with a pod's
 * name and stops when deleted. The real lane has no kubelet: Try it reports every endpoint's
 * failure and RBAC still holds; forwards that need a pod to answer are skipped there.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { READ_ONLY_REASON } from '../../../lib/read-only';
import type { ForwardList, ForwardView, TryLine, TryResult } from '../../../lib/reach/wire';
import { realCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { auditLines } from './audit-lines';
import { asContext, startAppStack, type AppStack } from './stack';

let stack: AppStack;
let readOnly: PortholeServer;
let tokenMode: PortholeServer;

beforeAll(async () => {
  stack = await startAppStack({ env: { PORTHOLE_MAX_TRY_PER_IDENTITY: '1', PORTHOLE_MAX_FORWARDS_PER_IDENTITY: '1' } });
  [readOnly, tokenMode] = await Promise.all([
    startPorthole({ kubeconfigPath: stack.kubeconfigPath, env: { PORTHOLE_READ_ONLY: '1' } }),
    startPorthole({ kubeconfigPath: stack.kubeconfigPath, env: { PORTHOLE_AUTH: 'token', PORTHOLE_SESSION_KEY: randomBytes(32).toString('base64') } }),
  ]);
}, 240_000);

afterAll(async () => {
  await tokenMode?.stop();
  await readOnly?.stop();
  await stack?.stop();
});

function tryIt(base: string, ns: string, name: string, body: object = { method: 'GET', path: '/' }, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/api/namespaces/${ns}/services/${name}/try`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function lines(res: Response): Promise<TryLine[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/x-ndjson');
  const text = await res.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as TryLine);
}

const results = (all: TryLine[]): TryResult[] => all.flatMap((l) => (l.type === 'result' ? [l.result] : []));

describe('Try it', () => {
  it.skipIf(realCluster)('sends the request to each ready endpoint of demo/web: both answer with their own pod name', async () => {
    const all = await lines(await tryIt(stack.url, 'demo', 'web', { method: 'GET', path: '/hello', headers: [{ name: 'X-Probe', value: 'porthole' }] }));
    expect(all[0].type).toBe('endpoints');
    expect(all.at(-1)).toEqual({ type: 'done' });
    const answered = results(all);
    expect(answered).toHaveLength(2);
    for (const r of answered) {
      expect(r.connected, r.error).toBe(true);
      expect(r.status).toBe(200);
      expect(r.statusLine).toMatch(/^HTTP\/1\.[01] 200/);
      expect(r.firstByteMs).toBeGreaterThanOrEqual(0);
      expect(r.body).toContain(r.pod!);
      expect(r.body).toContain('/hello');
    }
    expect(new Set(answered.map((r) => r.pod)).size).toBe(2);
    // One audit line per port-forward (written once the API server said who the user is).
    const audited = () => auditLines(stack.porthole.output()).filter((l) => l.resource === 'pods/portforward' && l.service === 'web' && l.user === 'admin');
    await expect
      .poll(
        () =>
          audited()
            .map((l) => l.name)
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual(answered.map((r) => r.pod).sort());
  });

  it('shop/inventory: every endpoint fails to connect and the targetPort is named as the likely cause', async () => {
    const all = await lines(await tryIt(stack.url, 'shop', 'inventory'));
    const head = all[0];
    expect(head.type === 'endpoints' && head.targetPort).toBe('grpc');
    const answered = results(all);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    for (const r of answered) {
      expect(r.connected).toBe(false);
      expect(r.error).toContain('targetPort "grpc"');
    }
    const done = all.at(-1);
    expect(done?.type === 'done' && done.hint).toContain('the targetPort is the likely cause');
  });

  it.runIf(realCluster)('on a cluster without kubelets, reports each endpoint of demo/web failing with the reason', async () => {
    const answered = results(await lines(await tryIt(stack.url, 'demo', 'web')));
    expect(answered).toHaveLength(2);
    for (const r of answered) {
      expect(r.connected).toBe(false);
      expect(r.error?.length).toBeGreaterThan(0);
    }
  });

  it('refuses the viewer with a 403 Status naming pods/portforward', async () => {
    const res = await tryIt(stack.url, 'demo', 'web', { method: 'GET', path: '/' }, asContext('porthole-viewer'));
    expect(res.status).toBe(403);
    const status = (await res.json()) as Status;
    expect(status.reason).toBe('Forbidden');
    expect(status.message).toContain('pods/portforward');
  });

  it('is refused in read-only mode, whatever the identity may do', async () => {
    const res = await tryIt(readOnly.url, 'demo', 'web');
    expect(res.status).toBe(403);
    expect(((await res.json()) as Status).message).toBe(READ_ONLY_REASON);
  });

  it('validates the request: an unknown method or a header Porthole sets is a 400', async () => {
    expect((await tryIt(stack.url, 'demo', 'web', { method: 'TRACE', path: '/' })).status).toBe(400);
    expect((await tryIt(stack.url, 'demo', 'web', { method: 'GET', path: '/', headers: [{ name: 'Host', value: 'x' }] })).status).toBe(400);
    expect((await tryIt(stack.url, 'demo', 'web', { method: 'GET', path: 'no-slash' })).status).toBe(400);
  });

  it('answers 429 with Retry-After past the concurrent Try-it bound per user', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => tryIt(stack.url, 'demo', 'web')));
    const codes = answers.map((r) => r.status);
    expect(codes).toContain(200);
    expect(codes).toContain(429);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as Status).reason).toBe('TooManyRequests');
    await Promise.all(answers.filter((r) => r.status === 200).map((r) => r.text()));
  });
});

describe('token mode', () => {
  /** The session cookie a sign-in with `token` sets. */
  async function session(token: string): Promise<string> {
    const res = await fetch(`${tokenMode.url}/api/session`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: tokenMode.url },
      body: new URLSearchParams({ token, next: '/services' }).toString(),
    });
    expect(res.status).toBe(303);
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith('porthole-session='))!
      .split(';')[0];
  }

  it('acts only as the signed-in user: nobody without a session, the viewer refused, the admin served', async () => {
    expect((await tryIt(tokenMode.url, 'demo', 'web')).status).toBe(401);
    const viewer = await tryIt(tokenMode.url, 'demo', 'web', { method: 'GET', path: '/' }, { cookie: await session(stack.cluster.tokens.viewer), Origin: tokenMode.url });
    expect(viewer.status).toBe(403);
    expect(((await viewer.json()) as Status).message).toContain('User "viewer"');
    const admin = await lines(
      await tryIt(tokenMode.url, 'demo', 'web', { method: 'GET', path: '/' }, { cookie: await session(stack.cluster.tokens.admin), Origin: tokenMode.url }),
    );
    const answered = results(admin);
    expect(answered).toHaveLength(2);
    // Embedded: the pods answer through the admin's own port-forwards; real lane: no kubelet, each fails with the reason.
    for (const r of answered) expect(r.connected).toBe(!realCluster);
  });

  it.skipIf(realCluster)('ends a forward with the session it was opened in: after sign-out its port no longer answers', async () => {
    const headers = { cookie: await session(stack.cluster.tokens.admin), Origin: tokenMode.url, 'Content-Type': 'application/json' };
    const res = await fetch(`${tokenMode.url}/api/namespaces/demo/services/web/forwards`, { method: 'POST', headers, body: '{}' });
    expect(res.status).toBe(201);
    const forward = (await res.json()) as ForwardView;
    expect(await (await fetch(forward.url)).text()).toContain(forward.pod!);
    expect((await fetch(`${tokenMode.url}/api/session/sign-out`, { method: 'POST', headers })).status).toBe(200);
    // The signed-out session's credentials are no longer used: the next connection is refused and the forward ends.
    await expect
      .poll(
        async () =>
          fetch(forward.url).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 30_000 },
      )
      .toBe('refused');
  });
});

describe('local forwards', () => {
  const open = (base: string, body: object = {}, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/namespaces/demo/services/web/forwards`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const list = async (base: string): Promise<ForwardList> => (await (await fetch(`${base}/api/forwards`)).json()) as ForwardList;

  it('refuses the viewer and read-only mode', async () => {
    expect((await open(stack.url, {}, asContext('porthole-viewer'))).status).toBe(403);
    const ro = await open(readOnly.url);
    expect(ro.status).toBe(403);
    expect(((await ro.json()) as Status).message).toBe(READ_ONLY_REASON);
  });

  it.skipIf(realCluster)(
    'opens 127.0.0.1:PORT to a ready pod of demo/web, answers plain HTTP with the pod name, moves to another pod when it goes away, and stops when deleted',
    async () => {
      const res = await open(stack.url);
      expect(res.status).toBe(201);
      const forward = (await res.json()) as ForwardView;
      expect(forward.url).toBe(`http://127.0.0.1:${forward.localPort}/`);
      expect(forward.pod).toMatch(/^web-/);
      const text = await (await fetch(forward.url)).text();
      expect(text).toContain(forward.pod!);
      const listed = await list(stack.url);
      expect(listed.allowed).toBe(true);
      const row = listed.items.find((f) => f.id === forward.id)!;
      expect(row.connections).toBeGreaterThanOrEqual(1);
      expect(row.bytesIn).toBeGreaterThan(0);
      // The bound: one forward per user in this Porthole.
      const second = await open(stack.url);
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBeTruthy();
      // Its pod goes away: new connections reach the other ready pod, as kubectl port-forward svc/NAME would after a restart.
      expect((await stack.kube('DELETE', `/api/v1/namespaces/demo/pods/${forward.pod}`)).status).toBe(200);
      await expect.poll(async () => (await (await fetch(forward.url)).text()).match(/web-[a-z0-9]+-[a-z0-9]+/)?.[0], { timeout: 30_000 }).not.toBe(forward.pod);
      expect((await list(stack.url)).items.find((f) => f.id === forward.id)?.pod).not.toBe(forward.pod);
      expect((await fetch(`${stack.url}/api/forwards/${forward.id}`, { method: 'DELETE' })).status).toBe(200);
      await expect(fetch(forward.url)).rejects.toThrow();
      expect((await list(stack.url)).items.find((f) => f.id === forward.id)).toBeUndefined();
      expect((await fetch(`${stack.url}/api/forwards/${forward.id}`, { method: 'DELETE' })).status).toBe(404);
    },
  );

  it('are listed per user: the viewer does not see the admin forwards', async () => {
    const viewer = (await (await fetch(`${stack.url}/api/forwards`, { headers: asContext('porthole-viewer') })).json()) as ForwardList;
    expect(viewer.items).toEqual([]);
  });
});
