/**
 * Several clusters: a cluster known to be down answers at once. Porthole knows two clusters that are
 * one embedded cluster reached two ways: `direct`, and `relayed` through a TCP relay the test can
 * stall (accepts connections, never answers) or slow down. Before the fix every request to a cluster
 * that hangs waited the whole upstream timeout before its 503, even right after the picker's probe
 * had found it silent. Now:
 * - once a probe got no answer within the upstream timeout, requests to that cluster get their 503 at
 *   once (and the other cluster is untouched);
 * - a watch stream open on it says so (state `stale`) instead of staying "live" on a silent connection;
 * - when it answers again, requests go through again within a few seconds, with nobody reloading;
 * - a cluster that is merely slow (slower than the picker's probe timeout, well within the upstream
 *   timeout) is never refused.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { openSse, type ReceivedEvent } from '../../support/sse-client';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { startCuttableProxy, type CuttableProxy } from './cuttable-proxy';

const UPSTREAM_TIMEOUT_MS = 4000;
const PROBE_TIMEOUT_MS = 1000;
/** The picker's answers are kept this long (cluster-reachability.ts). */
const PROBE_CACHE_MS = 5000;

let cluster: TestCluster;
let relay: CuttableProxy;
let porthole: PortholeServer;
let work: string;

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
  relay = await startCuttableProxy(cluster.port);
  work = mkdtempSync(join(tmpdir(), 'porthole-known-down-'));
  const kubeconfig = join(work, 'kubeconfig');
  const ca = cluster.url.startsWith('https:') ? `, certificate-authority-data: "${cluster.caData}"` : '';
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      // Plain http on the embedded cluster; a real one speaks TLS only (the relay passes it through).
      `- {name: direct, cluster: {server: "${cluster.url}"${ca}}}`,
      `- {name: relayed, cluster: {server: "${new URL(cluster.url).protocol}//127.0.0.1:${relay.port}"${ca}}}`,
      `users: [{name: admin, user: {token: "${cluster.tokens.admin}"}}]`,
      'contexts:',
      '- {name: direct, context: {cluster: direct, user: admin}}',
      '- {name: relayed, context: {cluster: relayed, user: admin}}',
      'current-context: direct',
    ].join('\n'),
    { mode: 0o600 },
  );
  porthole = await startPorthole({
    kubeconfigPath: kubeconfig,
    source: 'kubeconfig',
    env: { PORTHOLE_UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS), PORTHOLE_CLUSTER_PROBE_TIMEOUT_MS: String(PROBE_TIMEOUT_MS) },
  });
}, 180_000);

afterAll(async () => {
  await porthole?.stop();
  await relay?.close();
  await cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  message?: string;
}

/** What the known-down answer says and a request that waited for the API server does not ("no response within"). */
const KNOWN_DOWN = 'Porthole checks again in the background';

async function answerOf(path: string): Promise<Answer> {
  const res = await fetch(`${porthole.url}${path}`);
  const body = (await res.json()) as Partial<Status>;
  return { status: res.status, message: body.message };
}

const list = (name: string): Promise<Answer> => answerOf(`/api/services?cluster=${name}`);

async function reachabilityOf(name: string): Promise<{ state: string; reason?: string }> {
  const res = await fetch(`${porthole.url}/api/clusters`);
  const { clusters } = (await res.json()) as { clusters: { name: string; reachability: { state: string; reason?: string } }[] };
  return clusters.find((c) => c.name === name)!.reachability;
}

describe('a cluster known to be down answers at once', () => {
  it('a merely slow cluster is never refused, even when the picker calls it unreachable', async () => {
    relay.slow(1500); // each new connection answers after 1.5 s: slower than the probe timeout, within the upstream timeout
    expect(await reachabilityOf('relayed')).toEqual(expect.objectContaining({ state: 'unreachable', reason: 'no answer within 1 s' }));
    await sleep(1000); // the probe's answer arrives meanwhile
    for (let i = 0; i < 3; i++) {
      const r = await list('relayed');
      expect(r.status, r.message).toBe(200);
    }
    relay.restore();
  }, 60_000);

  it('a cluster that stopped answering: its requests get their 503 at once, the other cluster answers, and it comes back by itself', async () => {
    await sleep(PROBE_CACHE_MS); // the slow test's probe answer is no longer used
    const stream = await openSse(`${porthole.url}/api/watch?watch=services:all&cluster=relayed`);
    const states = (events: ReceivedEvent[]) => events.filter((e) => e.event === 'state').map((e) => (e.data as { state: string }).state);
    await stream.waitFor((events) => states(events).includes('live'));
    relay.freeze(); // open connections (the watch's) stay open and go silent; new ones are never answered
    expect(await reachabilityOf('relayed')).toEqual(expect.objectContaining({ state: 'unreachable', reason: 'no answer within 1 s' }));
    // The probe goes on waiting for the whole upstream timeout: only then is the cluster known to be down.
    await sleep(UPSTREAM_TIMEOUT_MS);

    // "At once": the answer is the known-down one (the probe's verdict, with when it was reached), not
    // the one a request gets after waiting for the upstream timeout itself. No clock is read: the timing
    // is the bench's.
    const fast = await list('relayed');
    expect(fast.status).toBe(503);
    expect(fast.message).toContain(`the Kubernetes API server at ${new URL(cluster.url).protocol}//127.0.0.1:${relay.port} is unreachable: no response within ${UPSTREAM_TIMEOUT_MS / 1000}s`);
    expect(fast.message).toContain(KNOWN_DOWN);
    // The watch stream's upstream side, and the page data, get the same answer.
    const rows = await answerOf('/api/service-rows?cluster=relayed');
    expect(rows.status).toBe(503);
    expect(rows.message).toContain(KNOWN_DOWN);
    expect((await list('direct')).status).toBe(200);
    // The open watch no longer says "live": it went stale within a second or two of the probe's verdict.
    await stream.waitFor((events) => states(events).at(-1) === 'stale' || states(events).at(-1) === 'reconnecting', 3000);

    // It answers again: requests go through within a few seconds (background probes), nobody waits 4 s each time.
    relay.restore();
    let last = await list('relayed');
    for (let tries = 0; last.status !== 200 && tries < 50; tries++) {
      // Until the background probe sees it again, every answer is the known-down one: no request waits.
      expect(last.message).toContain(KNOWN_DOWN);
      await sleep(300);
      last = await list('relayed');
    }
    // Back by itself, with no request waiting for the upstream timeout on the way.
    expect(last.status, last.message).toBe(200);
    await stream.waitFor((events) => states(events).at(-1) === 'live', 20_000);
    stream.close();
  }, 60_000);
});
