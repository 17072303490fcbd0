/**
 * Issue 9, several clusters: Porthole started on two kubeconfig files (a KUBECONFIG-style list)
 * describing two running embedded clusters (`alpha` with the demo data, `beta` with a Service of its
 * own) and one unreachable address (`dead`, a closed loopback port). Every request names its cluster
 * with `?cluster=`; nothing of one cluster is ever served for another; the dead one answers 503 at
 * once and never holds up the others; an unknown name is a 404 Status.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceList, Status } from '../../../lib/k8s/types';
import { ONLY_IN_BETA, startMultiClusterStack, type MultiClusterStack } from '../../support/multi-cluster';
import { openSse, type SseClient } from '../../support/sse-client';
import { freePort, startPorthole } from '../../support/start-porthole';
import { auditLines } from './audit-lines';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let stack: MultiClusterStack;

beforeAll(async () => {
  // Context switching allowed: the identity cookie must keep one choice per cluster.
  stack = await startMultiClusterStack({ env: { PORTHOLE_ALLOW_CONTEXT_SWITCH: '1', PORTHOLE_UPSTREAM_TIMEOUT_MS: '10000' } });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.url}${path}`, { headers });
const names = (list: ServiceList): string[] => list.items.map((s) => `${s.metadata.namespace}/${s.metadata.name}`);

interface ClusterSummaryJson {
  name: string;
  server: string;
  source: string;
  default: boolean;
  reachability: { state: string; reason?: string };
}

describe('several clusters (issue 9)', () => {
  it('/api/clusters lists every cluster a context reaches, first file winning, with reachability probed in parallel', async () => {
    const res = await get('/api/clusters');
    expect(res.status).toBe(200);
    const { clusters } = (await res.json()) as { clusters: ClusterSummaryJson[] };
    expect(clusters.map((c) => [c.name, c.source, c.default, c.reachability.state])).toEqual([
      ['alpha', 'kubeconfig', true, 'reachable'],
      ['beta', 'kubeconfig', false, 'reachable'],
      ['dead', 'kubeconfig', false, 'unreachable'],
    ]);
    // The first file's `alpha` won: its server is the running cluster, not the dead port.
    expect(clusters[0].server).toBe(`127.0.0.1:${stack.alpha.port}`);
    expect(clusters[2].server).toBe(`127.0.0.1:${stack.deadPort}`);
    // The why alone: before, "the Kubernetes API server at https://… is unreachable: connect ECONNREFUSED …" after "unreachable:" in the picker.
    expect(clusters[2].reachability.reason).toBe(`connect ECONNREFUSED 127.0.0.1:${stack.deadPort}`);
    // How long the picker takes is `npm run bench` material (the house rule: no timing in tests); here the
    // refused connection is what marks it unreachable, not an upstream timeout.
  });

  it('lists each cluster’s own Services; a URL without a cluster opens the default one', async () => {
    const alpha = (await (await get('/api/services?cluster=alpha')).json()) as ServiceList;
    const beta = (await (await get('/api/services?cluster=beta')).json()) as ServiceList;
    const plain = (await (await get('/api/services')).json()) as ServiceList;
    expect(names(alpha).some((n) => n.startsWith('demo/'))).toBe(true);
    expect(names(alpha)).not.toContain(`default/${ONLY_IN_BETA}`);
    expect(names(beta)).toContain(`default/${ONLY_IN_BETA}`);
    expect(names(beta).some((n) => n.startsWith('demo/'))).toBe(false);
    expect(names(plain).sort()).toEqual(names(alpha).sort());

    const one = await get(`/api/namespaces/default/services/${ONLY_IN_BETA}?cluster=beta`);
    expect(one.status).toBe(200);
    expect((await get(`/api/namespaces/default/services/${ONLY_IN_BETA}?cluster=alpha`)).status).toBe(404);
  });

  it('the list projection (/api/service-rows) and its server cache are per cluster', async () => {
    for (let i = 0; i < 2; i++) {
      // The second round is answered from each cluster's informer cache: still each its own.
      const beta = await (await get('/api/service-rows?cluster=beta')).text();
      const alpha = await (await get('/api/service-rows?cluster=alpha')).text();
      expect(beta).toContain(ONLY_IN_BETA);
      expect(alpha).not.toContain(ONLY_IN_BETA);
      expect(alpha).toContain('"demo"');
      expect(beta).not.toContain('"demo"');
    }
  });

  it('a request naming the unreachable cluster gets a 503 Status at once; an unknown name a 404 Status', async () => {
    const dead = await get('/api/services?cluster=dead');
    expect(dead.status).toBe(503);
    const status = (await dead.json()) as Status;
    expect(status).toMatchObject({ kind: 'Status', code: 503, reason: 'ServiceUnavailable' });
    expect(status.message).toContain(`127.0.0.1:${stack.deadPort}`);

    for (const path of ['/api/services?cluster=nope', '/api/service-rows?cluster=nope', '/api/identity?cluster=nope', '/api/watch?watch=services:all&cluster=nope']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const body = (await res.json()) as Status;
      expect(body, path).toMatchObject({ kind: 'Status', code: 404, reason: 'NotFound' });
      expect(body.message, path).toContain('unknown cluster "nope"');
      expect(body.message, path).toContain('"alpha", "beta", "dead"');
    }
  });

  it('watch streams are per cluster: a change on beta reaches beta’s stream only', async () => {
    const streams: SseClient[] = [];
    try {
      const alpha = await openSse(`${stack.url}/api/watch?watch=services:all&cluster=alpha`);
      const beta = await openSse(`${stack.url}/api/watch?watch=services:all&cluster=beta`);
      streams.push(alpha, beta);
      expect([alpha.status, beta.status]).toEqual([200, 200]);
      const live = (events: SseClient['events']) => events.some((e) => e.event === 'state' && (e.data as { state?: string }).state === 'live');
      await alpha.waitFor(live);
      await beta.waitFor(live);
      const created = await stack.betaKube('POST', '/api/v1/namespaces/default/services', {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'fresh-in-beta', namespace: 'default' },
        spec: { ports: [{ port: 8080 }] },
      });
      expect(created.status).toBe(201);
      const sawFresh = (events: SseClient['events']) =>
        events.some((e) => e.event === 'change' && (e.data as { object?: { metadata?: { name?: string } } }).object?.metadata?.name === 'fresh-in-beta');
      await beta.waitFor(sawFresh);
      // Alpha's stream stays live and never carries beta's Service (give it the time beta needed, twice).
      await new Promise((r) => setTimeout(r, 1000));
      expect(sawFresh(alpha.events)).toBe(false);
      expect(JSON.stringify(alpha.events.map((e) => e.data))).not.toContain(ONLY_IN_BETA);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('the dead cluster’s watch says it is unreachable while the other clusters stay live', async () => {
    const dead = await openSse(`${stack.url}/api/watch?watch=services:all&cluster=dead`);
    try {
      expect(dead.status).toBe(200);
      await dead.waitFor((events) => events.some((e) => e.event === 'state' && (e.data as { state?: string }).state !== 'live'));
      expect(dead.events.some((e) => e.event === 'resync' || e.event === 'change')).toBe(false);
      expect((await get('/api/services?cluster=beta')).status).toBe(200);
    } finally {
      dead.close();
    }
  });

  it('identity and the acting-as choice are per cluster', async () => {
    const alpha = (await (await get('/api/identity?cluster=alpha')).json()) as { clusterName: string; contextName: string; identities: string[]; clusters: string[]; defaultCluster: string };
    expect(alpha).toMatchObject({ clusterName: 'alpha', contextName: 'alpha-admin', clusters: ['alpha', 'beta', 'dead'], defaultCluster: 'alpha' });
    // Only the contexts reaching alpha.
    expect(alpha.identities).toEqual(expect.arrayContaining(['alpha-admin', 'alpha-viewer', 'alpha-editor']));
    expect(alpha.identities.every((c) => c.startsWith('alpha-'))).toBe(true);

    // Act as beta's viewer: alpha keeps its own choice (admin), beta uses the viewer.
    const chosen = await fetch(`${stack.url}/api/identity?cluster=beta`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: stack.url },
      body: JSON.stringify({ context: 'beta-viewer' }),
    });
    expect(chosen.status).toBe(200);
    const cookie = chosen.headers.get('set-cookie')!.split(';')[0];
    const as = async (cluster: string) => ((await (await get(`/api/identity?cluster=${cluster}`, { cookie })).json()) as { identity: string }).identity;
    expect(await as('beta')).toBe('beta-viewer');
    expect(await as('alpha')).toBe('alpha-admin');
    // The viewer may not delete on beta; a context of another cluster cannot be chosen there.
    const del = await fetch(`${stack.url}/api/namespaces/default/services/${ONLY_IN_BETA}?cluster=beta&dryRun=All`, { method: 'DELETE', headers: { cookie } });
    expect(del.status).toBe(403);
    // The audit line names the cluster written to.
    await expect.poll(() => auditLines(stack.porthole.output()).find((l) => l.name === ONLY_IN_BETA && l.verb === 'delete')).toMatchObject({
      cluster: 'beta',
      identity: 'beta-viewer',
      code: 403,
    });
    const wrong = await fetch(`${stack.url}/api/identity?cluster=beta`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: stack.url },
      body: JSON.stringify({ context: 'alpha-viewer' }),
    });
    expect(wrong.status).toBe(400);
  });

  it('pages: a URL naming an unknown cluster says so and links to the known ones; links on a page keep its cluster', async () => {
    const unknown = await get('/services?cluster=nope');
    expect(unknown.status).toBe(200);
    const html = await unknown.text();
    expect(html).toContain('Unknown cluster');
    for (const c of ['alpha', 'beta', 'dead']) expect(html).toContain(`/services?cluster=${c}`);

    const detail = await (await get(`/services/default/${ONLY_IN_BETA}?cluster=beta`)).text();
    expect(detail).toContain('href="/services?cluster=beta"');
    expect(detail).not.toContain('Unknown cluster');
    // Without a cluster the default one's URLs name it.
    expect(await (await get('/services')).text()).toContain('href="/services?cluster=alpha"');
    const home = await fetch(`${stack.url}/?cluster=beta`, { redirect: 'manual' });
    expect(home.headers.get('location')).toMatch(/\/services\?cluster=beta$/);
  });
});

describe('npm start with KUBECONFIG listing two files (bin/porthole.ts)', () => {
  it('--embedded adds the embedded cluster to the kubeconfig’s clusters and makes it the default', async () => {
    const work = mkdtempSync(join(tmpdir(), 'porthole-multi-start-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/porthole.ts', '--embedded', '--empty', '--data-dir', join(work, 'data'), '--port', String(port)], {
      cwd: ROOT,
      env: { ...process.env, KUBECONFIG: stack.kubeconfig, HOME: work },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      const deadline = Date.now() + 90_000;
      while (!output.includes('Porthole is ready')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`porthole did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(output).toContain('also using 3 clusters: alpha, beta, dead (from ');
      // Before: the same clusters twice, once as "alpha-admin, beta-admin, dead (3 cluster(s))".
      expect(output.match(/also using/g)).toHaveLength(1);
      expect(output).toContain('--embedded: started the embedded cluster');
      const { clusters } = (await (await fetch(`http://127.0.0.1:${port}/api/clusters`)).json()) as { clusters: ClusterSummaryJson[] };
      expect(clusters.map((c) => [c.name, c.source, c.default, c.reachability.state])).toEqual([
        ['alpha', 'kubeconfig', false, 'reachable'],
        ['beta', 'kubeconfig', false, 'reachable'],
        ['dead', 'kubeconfig', false, 'unreachable'],
        ['porthole-embedded', 'embedded', true, 'reachable'],
      ]);
      // The embedded cluster (empty) by default; beta by name.
      const plain = (await (await fetch(`http://127.0.0.1:${port}/api/services`)).json()) as ServiceList;
      expect(names(plain)).toEqual(['default/kubernetes']);
      const beta = (await (await fetch(`http://127.0.0.1:${port}/api/services?cluster=beta`)).json()) as ServiceList;
      expect(names(beta)).toContain(`default/${ONLY_IN_BETA}`);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a cluster that accepts connections and never answers', () => {
  it('holds up only its own requests: the others and /api/clusters answer meanwhile', async () => {
    // A "silent" API server: it accepts every connection and never sends a byte.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const work = mkdtempSync(join(tmpdir(), 'porthole-silent-'));
    const third = join(work, 'silent.kubeconfig');
    const port = (silent.address() as AddressInfo).port;
    writeFileSync(
      third,
      ['apiVersion: v1', 'kind: Config', `clusters: [{name: silent, cluster: {server: "http://127.0.0.1:${port}"}}]`, 'users: [{name: s, user: {token: t}}]', 'contexts: [{name: silent, context: {cluster: silent, user: s}}]'].join('\n'),
    );
    const porthole = await startPorthole({
      kubeconfigPath: [stack.kubeconfig, third].join(delimiter),
      source: 'kubeconfig',
      env: { PORTHOLE_UPSTREAM_TIMEOUT_MS: '6000', PORTHOLE_CLUSTER_PROBE_TIMEOUT_MS: '1000' },
    });
    try {
      let silentAnswered = false;
      const pending = fetch(`${porthole.url}/api/services?cluster=silent`).then((r) => ((silentAnswered = true), r));
      const stream = await openSse(`${porthole.url}/api/watch?watch=services:all&cluster=silent`);
      // Meanwhile: alpha and beta answer at once, and the picker's list within the probe timeout.
      const alpha = await fetch(`${porthole.url}/api/services?cluster=alpha`);
      expect(alpha.status).toBe(200);
      expect((await fetch(`${porthole.url}/api/service-rows?cluster=beta`)).status).toBe(200);
      const { clusters } = (await (await fetch(`${porthole.url}/api/clusters`)).json()) as { clusters: ClusterSummaryJson[] };
      expect(clusters.find((c) => c.name === 'silent')?.reachability).toMatchObject({ state: 'unreachable', reason: 'no answer within 1 s' });
      expect(clusters.find((c) => c.name === 'alpha')?.reachability.state).toBe('reachable');
      // All of that while the silent cluster's request was still waiting.
      expect(silentAnswered).toBe(false);
      // The silent cluster's own request ends with the upstream timeout's 503.
      const res = await pending;
      expect(res.status).toBe(503);
      expect(((await res.json()) as Status).message).toContain('no response within 6s');
      stream.close();
    } finally {
      await porthole.stop();
      for (const s of sockets) s.destroy();
      silent.close();
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
