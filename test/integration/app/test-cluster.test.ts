/**
 * The test harness's cluster on either kind (PORTHOLE_TEST_CLUSTER=real or embedded): the same
 * identities and contexts, the demo namespace, and a restart on the same data keeps objects and URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

describe('test cluster', () => {
  const work = mkdtempSync(join(tmpdir(), 'porthole-harness-'));
  let cluster: TestCluster | undefined;

  afterAll(async () => {
    await cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('has the embedded identities under the same context names, and keeps data and URL across kill -9 and restart', async () => {
    const dataDir = join(work, 'data');
    cluster = await startTestCluster({ dataDir });
    const can = async (context: string, ...args: string[]): Promise<string> => (await cluster!.kubectl(['auth', 'can-i', ...args], { context })).stdout.trim();
    expect(await can('admin', 'delete', 'nodes')).toBe('yes');
    expect(await can('viewer', 'list', 'services', '-A')).toBe('yes');
    expect(await can('viewer', 'delete', 'services', '-n', 'demo')).toBe('no');
    expect(await can('editor', 'create', 'services', '-n', 'demo')).toBe('yes');
    expect(await can('editor', 'list', 'namespaces')).toBe('yes');
    expect(await can('editor', 'create', 'services', '-n', 'default')).toBe('no');
    expect(await can('developer', 'patch', 'services', '-n', 'demo')).toBe('yes');
    expect(await can('developer', 'list', 'namespaces')).toBe('no');

    const res = await fetch(`${cluster.url}/api/v1/namespaces/demo/services`, { headers: { Authorization: `Bearer ${cluster.tokens.editor}` } });
    expect(res.status).toBe(200);
    const created = await cluster.kubectl(['create', 'service', 'clusterip', 'harness-kept', '--tcp=80:8080', '-n', 'demo']);
    expect(created.stderr).toBe('');

    const url = cluster.url;
    await cluster.kill9();
    cluster = await startTestCluster({ dataDir, port: Number(new URL(url).port) });
    expect(cluster.url).toBe(url);
    const kept = await cluster.kubectl(['get', 'service', 'harness-kept', '-n', 'demo', '-o', 'name']);
    expect(kept.stdout.trim()).toBe('service/harness-kept');
  });
});
