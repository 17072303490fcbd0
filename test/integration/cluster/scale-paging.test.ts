/**
 * `--scale N` and list paging at scale: the embedded cluster seeds N Services in bulk, and serves
 * them in `limit`/`continue` pages as kube-apiserver does — kubectl's `--chunk-size`, client-node's
 * `limit`/`_continue`, `remainingItemCount`, a consistent snapshot across pages while writes happen,
 * and 410 Expired (with a fresh continue token) once the first page's resourceVersion left the
 * history.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiException, CoreV1Api, KubeConfig, type V1Service, type V1ServiceList } from '@kubernetes/client-node';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

const SCALE = 3000;
const HISTORY = 200;
const PAGE = 500;
let cluster: TestCluster;
let core: CoreV1Api;
let dataDir: string;

const isScale = (s: V1Service): boolean => (s.metadata?.namespace ?? '').startsWith('scale-');
const keyOf = (s: V1Service): string => `${s.metadata?.namespace}/${s.metadata?.name}`;

async function listPages(limit: number, between?: (page: number) => Promise<void>): Promise<{ pages: V1ServiceList[]; items: V1Service[] }> {
  const pages: V1ServiceList[] = [];
  let token: string | undefined;
  do {
    const page = await core.listServiceForAllNamespaces({ limit, _continue: token });
    pages.push(page);
    token = page.metadata?._continue;
    if (token && between) await between(pages.length);
  } while (token);
  return { pages, items: pages.flatMap((p) => p.items) };
}

function client(kubeconfigPath: string): CoreV1Api {
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfigPath);
  kc.setCurrentContext('porthole-admin');
  return kc.makeApiClient(CoreV1Api);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'porthole-scale-'));
  cluster = await startTestCluster({ empty: true, dataDir, args: ['--scale', String(SCALE), '--history-size', String(HISTORY)] });
  core = client(cluster.kubeconfigPath);
});

afterAll(async () => {
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('--scale N', () => {
  it('seeds N Services in bulk, defaulted and allocated like any other', async () => {
    expect(cluster.output()).toMatch(new RegExp(`--scale ${SCALE}: created ${SCALE} Services in`));
    const all = await core.listServiceForAllNamespaces({});
    const scale = all.items.filter(isScale);
    expect(scale).toHaveLength(SCALE);
    const ips = scale.filter((s) => s.spec?.type === 'ClusterIP' && s.spec.clusterIP !== 'None').map((s) => s.spec?.clusterIP);
    expect(ips.length).toBeGreaterThan(SCALE / 2);
    expect(new Set(ips).size).toBe(ips.length);
    expect(scale.every((s) => s.metadata?.uid && s.metadata.creationTimestamp && s.spec?.sessionAffinity === 'None')).toBe(true);
  });

  it('kubectl --chunk-size lists them all in pages of the chunk size', async () => {
    const out = await cluster.kubectl(['get', 'svc', '-A', '--chunk-size=500', '-o', 'name', '-v=6'], { timeoutMs: 60_000 });
    expect(out.code).toBe(0);
    const names = out.stdout.trim().split('\n');
    expect(names.filter((n) => n.startsWith('service/svc-'))).toHaveLength(SCALE);
    const requests = out.stderr.split('\n').filter((l) => /GET https:\/\/\S+\/api\/v1\/services\?\S*limit=500/.test(l));
    expect(requests.length).toBeGreaterThanOrEqual(Math.ceil(SCALE / 500));
    expect(requests.filter((l) => l.includes('continue='))).toHaveLength(requests.length - 1);
  });

  it('a restart on the same data with the same --scale adds nothing', async () => {
    await cluster.stop();
    cluster = await startTestCluster({ empty: true, dataDir, args: ['--scale', String(SCALE), '--history-size', String(HISTORY)] });
    core = client(cluster.kubeconfigPath);
    expect(cluster.output()).not.toMatch(/created \d+ Services/);
    const all = await core.listServiceForAllNamespaces({});
    expect(all.items.filter(isScale)).toHaveLength(SCALE);
  });
});

describe('limit/continue with client-node', () => {
  it('pages are full, counted down by remainingItemCount, and together are the whole list', async () => {
    const whole = await core.listServiceForAllNamespaces({});
    const { pages, items } = await listPages(PAGE);
    expect(pages.length).toBe(Math.ceil(whole.items.length / PAGE));
    pages.slice(0, -1).forEach((p, i) => {
      expect(p.items).toHaveLength(PAGE);
      expect(p.metadata?.remainingItemCount).toBe(whole.items.length - PAGE * (i + 1));
      expect(p.metadata?.resourceVersion).toBe(pages[0].metadata?.resourceVersion);
    });
    expect(pages.at(-1)?.metadata?._continue).toBeUndefined();
    expect(items.map(keyOf)).toEqual(whole.items.map(keyOf));
  });

  it('later pages are a snapshot at the first page: writes between pages do not show up', async () => {
    const first = await core.listServiceForAllNamespaces({});
    const lastKey = keyOf(first.items.at(-1)!);
    const [lastNs, lastName] = lastKey.split('/');
    const { items } = await listPages(PAGE, async (page) => {
      if (page !== 1) return;
      await core.deleteNamespacedService({ namespace: lastNs, name: lastName });
      await core.createNamespacedService({ namespace: 'scale-02', body: { metadata: { name: 'zz-added-while-paging' }, spec: { ports: [{ port: 80 }] } } });
    });
    expect(items.map(keyOf)).toEqual(first.items.map(keyOf));
    const after = await core.listServiceForAllNamespaces({});
    expect(after.items.map(keyOf)).toContain('scale-02/zz-added-while-paging');
    expect(after.items.map(keyOf)).not.toContain(lastKey);
  });

  it('a continue token older than the history is 410 Expired, with a token to go on inconsistently', async () => {
    const page = await core.listServiceForAllNamespaces({ limit: PAGE });
    const token = page.metadata?._continue;
    expect(token).toBeTruthy();
    for (let i = 0; i < HISTORY + 10; i++) {
      await core.createNamespacedService({ namespace: 'scale-01', body: { metadata: { name: `churn-${i}` }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } } });
    }
    let caught: unknown;
    try {
      await core.listServiceForAllNamespaces({ limit: PAGE, _continue: token });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ApiException);
    const err = caught as ApiException<string>;
    expect(err.code).toBe(410);
    const status = JSON.parse(err.body) as { reason: string; message: string; metadata?: { continue?: string } };
    expect(status.reason).toBe('Expired');
    expect(status.message).toMatch(/^The provided continue parameter is too old/);
    const next = await core.listServiceForAllNamespaces({ limit: PAGE, _continue: status.metadata?.continue });
    expect(next.items).toHaveLength(PAGE);
    expect(keyOf(next.items[0]) > keyOf(page.items.at(-1)!)).toBe(true);
  });
});
