/**
 * Service history (issue 21): Porthole's server records every version of every Service from its own
 * watch, with who made it (the managedFields manager; the Porthole user for writes through Porthole),
 * keeps a count per Service, records what changed during a forced 410 as one entry per Service, and
 * shows history only to users the API server lets read that Service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service, Status } from '../../../lib/k8s/types';
import { realCluster, startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { startCuttableProxy, writeRelayedKubeconfig, type CuttableProxy } from './cuttable-proxy';
import { historyReader, kindsOf } from './history-client';

const NS = 'it-history';
const MAX_VERSIONS = 5;
let cluster: TestCluster;
let proxy: CuttableProxy;
let porthole: PortholeServer;
let work: string;
const h = historyReader(() => porthole.url);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'porthole-history-it-'));
  // Embedded: five events of watch history, so a short partition ends in 410 Gone.
  cluster = await startTestCluster({ args: realCluster ? [] : ['--history-size', '5'] });
  proxy = await startCuttableProxy(cluster.port);
  const kubeconfigPath = join(work, 'kubeconfig');
  writeRelayedKubeconfig(cluster.kubeconfigPath, kubeconfigPath, cluster.port, proxy.port);
  porthole = await startPorthole({
    kubeconfigPath,
    env: { PORTHOLE_HISTORY_DIR: join(work, 'history'), PORTHOLE_HISTORY_MAX_VERSIONS: String(MAX_VERSIONS) },
  });
  expect((await cluster.kubectl(['create', 'namespace', NS])).code).toBe(0);
}, 180_000);

afterAll(async () => {
  await porthole?.stop();
  await proxy?.close();
  await cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const manifest = (name: string, targetPort: number) => `apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: ${NS}
spec:
  selector: { app: ${name} }
  ports:
  - port: 80
    targetPort: ${targetPort}
`;

async function kubectl(args: string[], input?: string): Promise<void> {
  const r = await cluster.kubectl(args, { input });
  expect(r.code, r.stderr).toBe(0);
}

describe('recording kubectl changes', () => {
  it('records create, patch and label with kubectl’s managers, the field changes and the whole object', async () => {
    await kubectl(['apply', '-f', '-'], manifest('web', 8080));
    const created = await h.entriesUntil(NS, 'web', (e) => e.length === 1);
    expect(created[0]).toMatchObject({ kind: 'created', summary: 'created', changes: [], actor: { manager: 'kubectl-client-side-apply', operation: 'Update' } });

    await kubectl(['patch', 'service', 'web', '-n', NS, '--type=merge', '-p', '{"spec":{"ports":[{"port":80,"targetPort":8081}]}}']);
    const patched = await h.entriesUntil(NS, 'web', (e) => e.length === 2);
    expect(patched[0]).toMatchObject({ kind: 'modified', actor: { manager: 'kubectl-patch', operation: 'Update' } });
    expect(patched[0].summary).toBe('spec.ports[0].targetPort 8080 → 8081');
    expect(patched[0].changes).toEqual([{ path: 'spec.ports[0].targetPort', old: 8080, new: 8081 }]);

    await kubectl(['label', 'service', 'web', '-n', NS, 'tier=front']);
    const labelled = await h.entriesUntil(NS, 'web', (e) => e.length === 3);
    expect(labelled[0]).toMatchObject({ kind: 'modified', actor: { manager: 'kubectl-label' }, summary: 'metadata.labels.tier (none) → front' });

    const version = await h.version(NS, 'web', patched[0].id);
    expect(version.entry.id).toBe(patched[0].id);
    expect(version.object.spec?.ports?.[0].targetPort).toBe(8081);
    expect(version.object.metadata.managedFields?.some((m) => m.manager === 'kubectl-patch')).toBe(true);
    expect(version.object.metadata.resourceVersion).toBe(patched[0].resourceVersion);

    const all = await h.history(NS, 'web');
    expect(all.body.cluster).toBeTruthy();
    expect(Date.parse(all.body.recordedSince)).toBeLessThanOrEqual(Date.parse(created[0].observedAt));
  });

  it('keeps the newest versions up to the count per Service', async () => {
    await kubectl(['apply', '-f', '-'], manifest('busy', 9000));
    for (let i = 1; i <= MAX_VERSIONS + 2; i++) await kubectl(['annotate', '--overwrite', 'service', 'busy', '-n', NS, `step=${i}`]);
    const entries = await h.entriesUntil(NS, 'busy', (e) => e[0]?.summary === `metadata.annotations.step ${MAX_VERSIONS + 1} → ${MAX_VERSIONS + 2}`);
    expect(entries).toHaveLength(MAX_VERSIONS);
    expect(kindsOf(entries)).toEqual(Array(MAX_VERSIONS).fill('modified'));
    // Paging: `before` gives the older ones, `limit` bounds the page.
    const page = await h.history(NS, 'busy', { query: `limit=2&before=${entries[1].id}` });
    expect(page.body.entries.map((e) => e.id)).toEqual([entries[2].id, entries[3].id]);
  });
});

describe('writes through Porthole', () => {
  it('name the Porthole user on the version they made, and on the deletion', async () => {
    await kubectl(['apply', '-f', '-'], manifest('via-porthole', 7000));
    await h.entriesUntil(NS, 'via-porthole', (e) => e.length === 1);
    const identity = (await (await fetch(`${porthole.url}/api/identity`)).json()) as { user?: string };
    const patch = await fetch(`${porthole.url}/api/namespaces/${NS}/services/via-porthole`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ metadata: { labels: { owner: 'porthole' } } }),
    });
    expect(patch.status).toBe(200);
    const patched = await h.entriesUntil(NS, 'via-porthole', (e) => e.length === 2);
    expect(patched[0].actor.portholeUser).toBeTruthy();
    if (identity.user) expect(patched[0].actor.portholeUser).toBe(identity.user);
    expect(patched[0].summary).toBe('metadata.labels.owner (none) → porthole');
    // The kubectl create before it is not Porthole's.
    expect(patched[1].actor.portholeUser).toBeUndefined();

    const svc = (await (await fetch(`${porthole.url}/api/namespaces/${NS}/services/via-porthole`)).json()) as Service;
    const del = await fetch(`${porthole.url}/api/namespaces/${NS}/services/via-porthole`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: svc.metadata.uid } }),
    });
    expect(del.status).toBe(200);
    const gone = await h.entriesUntil(NS, 'via-porthole', (e) => e[0]?.kind === 'deleted');
    expect(gone[0].actor.portholeUser).toBe(patched[0].actor.portholeUser);
    const deleted = await h.deleted(NS);
    const item = deleted.items.find((d) => d.name === 'via-porthole');
    expect(item).toMatchObject({ namespace: NS, uid: svc.metadata.uid, lastVersionId: gone[0].id, deletedBy: { portholeUser: patched[0].actor.portholeUser } });
    expect((await h.version(NS, 'via-porthole', item!.lastVersionId)).object.metadata.uid).toBe(svc.metadata.uid);
  });
});

describe('who may read history', () => {
  it('a user who may not get the Service gets the API server’s 403; one who may gets the history', async () => {
    await kubectl(['apply', '-f', '-'], manifest('guarded', 6000));
    await h.entriesUntil(NS, 'guarded', (e) => e.length === 1);
    // porthole-editor may read and write Services only in `demo`.
    const refused = await h.history(NS, 'guarded', { cookie: 'porthole-context=porthole-editor' });
    expect(refused.status).toBe(403);
    const status = refused.body as unknown as Status;
    expect(status).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
    expect(status.message).toContain(`cannot get resource "services" in API group "" in the namespace "${NS}"`);
    const version = await fetch(`${porthole.url}/api/history/namespaces/${NS}/services/guarded/versions/1`, { headers: { cookie: 'porthole-context=porthole-editor' } });
    expect(version.status).toBe(403);
    const deleted = await fetch(`${porthole.url}/api/history/namespaces/${NS}/deleted`, { headers: { cookie: 'porthole-context=porthole-editor' } });
    expect(deleted.status).toBe(403);
    const viewer = await h.history(NS, 'guarded', { cookie: 'porthole-context=porthole-viewer' });
    expect(viewer.status).toBe(200);
    expect(viewer.body.entries).toHaveLength(1);
  });
});

describe('a forced 410', () => {
  it.skipIf(realCluster)(
    'what changed while the watch was cut is one changed-while-not-watched entry per Service, and deletions are recorded (embedded-only: --history-size 5 expires the watch’s resourceVersion)',
    async () => {
      await kubectl(['apply', '-f', '-'], manifest('drift', 5000));
      await kubectl(['apply', '-f', '-'], manifest('doomed', 5001));
      await h.entriesUntil(NS, 'doomed', (e) => e.length === 1);
      proxy.cut();
      // Several writes to one Service, a deletion and filler: far more than the five events the cluster keeps.
      for (let i = 0; i < 3; i++) await kubectl(['annotate', '--overwrite', 'service', 'drift', '-n', NS, `round=${i}`]);
      await kubectl(['delete', 'service', 'doomed', '-n', NS]);
      for (let i = 0; i < 6; i++) await kubectl(['apply', '-f', '-'], manifest(`filler-${i}`, 4000 + i));
      proxy.restore();
      const drift = await h.entriesUntil(NS, 'drift', (e) => e.length >= 2);
      expect(kindsOf(drift)).toEqual(['created', 'changed-while-not-watched']);
      expect(drift[0].summary).toBe('while not watched: metadata.annotations.round (none) → 2');
      const doomed = await h.entriesUntil(NS, 'doomed', (e) => e.length >= 2);
      expect(kindsOf(doomed)).toEqual(['created', 'deleted']);
      const filler = await h.entriesUntil(NS, 'filler-5', (e) => e.length >= 1);
      expect(kindsOf(filler)).toEqual(['changed-while-not-watched']);
      // And it records on.
      await kubectl(['annotate', '--overwrite', 'service', 'drift', '-n', NS, 'round=after']);
      const after = await h.entriesUntil(NS, 'drift', (e) => e.length >= 3);
      expect(kindsOf(after)).toEqual(['created', 'changed-while-not-watched', 'modified']);
    },
  );
});
