import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { runPortholeCommand, startPortholeCommand, type StartedCommand } from '../../support/start-porthole-command';
import { sourceHash } from '../../../lib/build/source-hash';
import { raw } from './raw-http';

/** `npm start` (bin/porthole.ts) as a user runs it: one process, stopped with SIGTERM. */

type Started = StartedCommand;

async function start(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const started = await startPortholeCommand(args, env, 90_000);
  cleanup.push(async () => {
    await started.stop();
  });
  return started;
}

const stop = (s: Started): Promise<number | null> => s.stop();

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe('npm start (bin/porthole.ts)', () => {
  it('without any kubeconfig starts the embedded cluster with demo data, prints the URL, and stops everything on SIGTERM', async () => {
    const data = mkdtempSync(join(tmpdir(), 'porthole-start-'));
    cleanup.push(() => rmSync(data, { recursive: true, force: true }));
    const s = await start(['--data-dir', data]);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/services$/);
    expect(s.output()).toContain('started the embedded cluster');
    expect(s.output()).toContain(`kubectl --kubeconfig ${join(data, 'kubeconfig')}`);
    const clusterUrl = /embedded cluster at (\S+) /.exec(s.output())![1];

    const page = await fetch(s.url);
    expect(page.status).toBe(200);
    const list = (await (await fetch(new URL('/api/services', s.url))).json()) as { items: { metadata: { namespace: string } }[] };
    expect(list.items.some((i) => i.metadata.namespace === 'demo')).toBe(true);
    const identity = (await (await fetch(new URL('/api/identity', s.url))).json()) as { source: string };
    expect(identity.source).toBe('embedded');

    expect(await stop(s)).toBe(0);
    await expect(fetch(s.url)).rejects.toThrow();
    await expect(fetch(`${clusterUrl.replace('https:', 'http:')}/healthz`)).rejects.toThrow();
  });

  it('serves a build made from the sources as they are: the build id is their hash, so a build from other sources is rebuilt', async () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const data = mkdtempSync(join(tmpdir(), 'porthole-start-'));
    cleanup.push(() => rmSync(data, { recursive: true, force: true }));
    const s = await start(['--data-dir', data, '--empty']);
    // What bin/porthole.ts and the test helpers compare (lib/build/source-hash.ts): an id that is not the
    // hash (Next's random one, or one from before a pull) makes `npm start` rebuild.
    expect(readFileSync(join(root, '.next', 'BUILD_ID'), 'utf8').trim()).toBe(sourceHash(root));
    expect(s.output()).not.toContain('next build');
    expect(await stop(s)).toBe(0);
  });

  it('uses --kubeconfig and --context like kubectl', async () => {
    const cluster: TestCluster = await startTestCluster({ empty: true });
    cleanup.push(() => cluster.stop());
    const s = await start(['--kubeconfig', cluster.kubeconfigPath, '--context', 'porthole-viewer']);
    expect(s.output()).toContain(`using porthole-viewer (${cluster.url.replace('http:', 'https:')}`);
    const identity = (await (await fetch(new URL('/api/identity', s.url))).json()) as { source: string; contextName: string };
    expect(identity).toMatchObject({ source: 'kubeconfig', contextName: 'porthole-viewer' });
    // The viewer may list but not delete.
    expect((await fetch(new URL('/api/services', s.url))).status).toBe(200);
    const del = await fetch(new URL('/api/namespaces/default/services/kubernetes', s.url), { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect(await stop(s)).toBe(0);
  });

  it('--read-only passes the mode to the server: admin writes are refused with 403, reads work', async () => {
    const cluster: TestCluster = await startTestCluster({ empty: true });
    cleanup.push(() => cluster.stop());
    const s = await start(['--kubeconfig', cluster.kubeconfigPath, '--read-only']);
    expect(s.output()).toContain('read-only mode');
    const identity = (await (await fetch(new URL('/api/identity', s.url))).json()) as { readOnly: boolean; contextName: string };
    expect(identity).toMatchObject({ readOnly: true, contextName: 'porthole-admin' });
    expect((await fetch(new URL('/api/services', s.url))).status).toBe(200);
    const del = await fetch(new URL('/api/namespaces/default/services/kubernetes?dryRun=All', s.url), { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect(((await del.json()) as { message: string }).message).toContain('read-only mode');
    expect(await stop(s)).toBe(0);
  });

  it('finds the in-cluster service account through PORTHOLE_SERVICE_ACCOUNT_DIR when there is no kubeconfig', async () => {
    const cluster: TestCluster = await startTestCluster({ empty: true });
    cleanup.push(() => cluster.stop());
    const sa = mkdtempSync(join(tmpdir(), 'porthole-sa-'));
    cleanup.push(() => rmSync(sa, { recursive: true, force: true }));
    const kubeconfig = readFileSync(cluster.kubeconfigPath, 'utf8');
    writeFileSync(join(sa, 'token'), cluster.tokens.viewer);
    writeFileSync(join(sa, 'ca.crt'), Buffer.from(/certificate-authority-data: (\S+)/.exec(kubeconfig)![1], 'base64'));
    const s = await start([], { PORTHOLE_SERVICE_ACCOUNT_DIR: sa, KUBERNETES_SERVICE_HOST: '127.0.0.1', KUBERNETES_SERVICE_PORT: String(cluster.port) });
    expect(s.output()).toContain(`using the in-cluster service account (https://127.0.0.1:${cluster.port})`);
    const identity = (await (await fetch(new URL('/api/identity', s.url))).json()) as { source: string };
    expect(identity.source).toBe('in-cluster');
    expect((await fetch(new URL('/api/services', s.url))).status).toBe(200);
    expect(await stop(s)).toBe(0);
  });

  it('refuses a --context the kubeconfig does not have', async () => {
    const cluster: TestCluster = await startTestCluster({ empty: true });
    cleanup.push(() => cluster.stop());
    await expect(start(['--kubeconfig', cluster.kubeconfigPath, '--context', 'nope'])).rejects.toThrow(/context "nope" not found|exited 2/);
  });

  it('--embedded says so (not "no kubeconfig found"); --allowed-hosts and --upstream-timeout reach the server', async () => {
    const data = mkdtempSync(join(tmpdir(), 'porthole-start-'));
    cleanup.push(() => rmSync(data, { recursive: true, force: true }));
    const s = await start(['--embedded', '--empty', '--data-dir', data, '--allowed-hosts', 'porthole.test,other.test:9443', '--upstream-timeout', '30']);
    expect(s.output()).toContain('--embedded: started the embedded cluster');
    expect(s.output()).not.toContain('no kubeconfig found');
    const port = Number(new URL(s.url).port);
    expect((await raw({ port, path: '/api/namespaces', headers: { Host: `porthole.test:${port}` } })).status).toBe(200);
    expect((await raw({ port, path: '/api/namespaces', headers: { Host: 'other.test:9443' } })).status).toBe(200);
    expect((await raw({ port, path: '/api/namespaces', headers: { Host: `evil.test:${port}` } })).status).toBe(403);
    expect(await stop(s)).toBe(0);
  });

  it('records the Service history with the embedded cluster’s data by default, and checks the --history-* flags', async () => {
    const data = mkdtempSync(join(tmpdir(), 'porthole-start-'));
    cleanup.push(() => rmSync(data, { recursive: true, force: true }));
    const s = await start(['--embedded', '--empty', '--data-dir', data, '--history-max-versions', '50', '--history-max-age', '7d']);
    expect(s.output()).toContain(`Service history in ${join(data, 'history')}`);
    // The cluster's own `kubernetes` Service is recorded with no tab open.
    await expect
      .poll(async () => ((await (await fetch(new URL('/api/history/namespaces/default/services/kubernetes', s.url))).json()) as { entries?: unknown[] }).entries?.length, {
        timeout: 60_000,
      })
      .toBe(1);
    expect(existsSync(join(data, 'history', 'history.db'))).toBe(true);
    expect(await stop(s)).toBe(0);
    const bad = await runPortholeCommand(['--embedded', '--history-max-bytes', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--history-max-bytes');
  });

  it('refuses a --upstream-timeout that is not a positive number of seconds', async () => {
    await expect(start(['--embedded', '--upstream-timeout', 'soon'])).rejects.toThrow(/upstream-timeout|exited 2/);
  });
});
