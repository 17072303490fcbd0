/**
 * Service history across Porthole processes (issue 21): a restart on the same history dir goes on
 * with the same story (what changed while it was down is one entry per Service), two replicas on
 * one cluster and one history dir record one story (one Lease holder; no duplicates; the other
 * takes over when the holder stops), and the size bound holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Lease } from '../../../lib/k8s/types';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { historyReader, kindsOf } from './history-client';

const NS = 'it-history-replicas';
let cluster: TestCluster;
let work: string;
const running = new Set<PortholeServer>();

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'porthole-history-replicas-'));
  cluster = await startTestCluster({ empty: true });
  const r = await cluster.kubectl(['create', 'namespace', NS]);
  expect(r.code, r.stderr).toBe(0);
}, 180_000);

// A story that failed midway leaves no replica holding the Lease for the next one.
afterEach(async () => {
  for (const p of [...running]) await stop(p);
});

afterAll(async () => {
  await cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function porthole(historyDir: string, env: Record<string, string> = {}): Promise<PortholeServer> {
  const p = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath, env: { PORTHOLE_HISTORY_DIR: historyDir, PORTHOLE_NAMESPACE: NS, ...env } });
  running.add(p);
  return p;
}

async function stop(p: PortholeServer): Promise<void> {
  await p.stop();
  running.delete(p);
}

async function kubectl(args: string[], input?: string): Promise<void> {
  const r = await cluster.kubectl(args, { input });
  expect(r.code, r.stderr).toBe(0);
}

const create = (name: string, extra = '') =>
  kubectl(['apply', '-f', '-'], `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\n  namespace: ${NS}\n${extra}spec:\n  ports:\n  - port: 80\n`);
const annotate = (name: string, value: string) => kubectl(['annotate', '--overwrite', 'service', name, '-n', NS, `step=${value}`]);

async function lease(): Promise<Lease | undefined> {
  const res = await fetch(`${cluster.url}/apis/coordination.k8s.io/v1/namespaces/${NS}/leases/porthole-history-recorder`, {
    headers: { Authorization: `Bearer ${cluster.tokens.admin}` },
  });
  return res.status === 200 ? ((await res.json()) as Lease) : undefined;
}

describe('a restart on the same history dir', () => {
  it('records what changed while Porthole was down as one entry per Service, deletions included, and keeps "recorded since"', async () => {
    const dir = join(work, 'restart');
    let p = await porthole(dir);
    const h = historyReader(() => p.url);
    await create('steady');
    await create('edited');
    await create('removed');
    await h.entriesUntil(NS, 'removed', (e) => e.length === 1);
    const since = (await h.history(NS, 'steady')).body.recordedSince;
    await stop(p);

    await annotate('edited', 'one');
    await annotate('edited', 'two');
    await kubectl(['delete', 'service', 'removed', '-n', NS]);
    await create('newcomer');

    p = await porthole(dir);
    const edited = await h.entriesUntil(NS, 'edited', (e) => e.length >= 2, 90_000);
    expect(kindsOf(edited)).toEqual(['created', 'changed-while-not-watched']);
    expect(edited[0].summary).toBe('while not watched: metadata.annotations.step (none) → two');
    expect(edited[0].actor.manager).toBe('kubectl-annotate');
    expect(kindsOf(await h.entriesUntil(NS, 'removed', (e) => e.length >= 2))).toEqual(['created', 'deleted']);
    expect(kindsOf(await h.entriesUntil(NS, 'newcomer', (e) => e.length >= 1))).toEqual(['changed-while-not-watched']);
    const steady = await h.history(NS, 'steady');
    expect(kindsOf(steady.body.entries)).toEqual(['created']);
    expect(steady.body.recordedSince).toBe(since);
    await stop(p);
  }, 300_000);
});

describe('two replicas on one cluster and one history dir', () => {
  it('record one story: one Lease holder, each change once, and the other replica takes over when the holder stops', async () => {
    const dir = join(work, 'replicas');
    const a = await porthole(dir);
    const b = await porthole(dir);
    const ha = historyReader(() => a.url);
    const hb = historyReader(() => b.url);
    await create('shared');
    // Recording is on (one of them holds the Lease) before the changes start.
    await ha.entriesUntil(NS, 'shared', (e) => e.length === 1, 120_000);
    for (const step of ['1', '2', '3']) {
      await annotate('shared', step);
      // Each step seen before the next: every version is its own entry.
      await ha.entriesUntil(NS, 'shared', (e) => e[0]?.summary.endsWith(`→ ${step}`));
    }
    const fromA = await ha.entriesUntil(NS, 'shared', (e) => e.length >= 4);
    const fromB = (await hb.history(NS, 'shared')).body.entries;
    expect(fromB).toEqual(fromA);
    expect(kindsOf(fromA)).toEqual(['created', 'modified', 'modified', 'modified']);
    expect(new Set(fromA.map((e) => e.resourceVersion)).size).toBe(4);
    const holder = (await lease())?.spec?.holderIdentity;
    expect(holder).toBeTruthy();

    // Stop one replica (the holder or not): the story goes on through the other, still once per change.
    await stop(a);
    await annotate('shared', '4');
    const after = await hb.entriesUntil(NS, 'shared', (e) => e[0]?.summary.endsWith('→ 4'), 120_000);
    expect(kindsOf(after)).toEqual(['created', 'modified', 'modified', 'modified', after[0].kind]);
    expect(['modified', 'changed-while-not-watched']).toContain(after[0].kind);
    expect(new Set(after.map((e) => e.resourceVersion)).size).toBe(after.length);
    await stop(b);
  }, 300_000);
});

describe('the size bound', () => {
  it('keeps the stored versions under --history-max-bytes, dropping the oldest', async () => {
    const dir = join(work, 'size');
    const maxBytes = 40_000;
    const p = await porthole(dir, { PORTHOLE_HISTORY_MAX_BYTES: String(maxBytes) });
    const h = historyReader(() => p.url);
    await create('first');
    await h.entriesUntil(NS, 'first', (e) => e.length >= 1, 120_000);
    await create('bulky', `  annotations:\n    pad: "${'x'.repeat(6000)}"\n`);
    for (let i = 1; i <= 10; i++) await annotate('bulky', String(i));
    const entries = await h.entriesUntil(NS, 'bulky', (e) => e[0]?.summary.endsWith('→ 10'));
    expect(entries.length).toBeLessThan(11);
    expect(entries.length).toBeGreaterThan(0);
    const db = new Database(join(dir, 'history.db'), { readonly: true, fileMustExist: true });
    try {
      const { total } = db.prepare('SELECT SUM(bytes) AS total FROM versions').get() as { total: number };
      expect(total).toBeLessThanOrEqual(maxBytes);
    } finally {
      db.close();
    }
    await stop(p);
  }, 300_000);
});
