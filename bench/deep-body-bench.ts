/**
 * Deeply nested bodies (issue 16, item 3): 1 MiB of `[[[…]]]` sent to the embedded cluster as
 * apply-patch+yaml and as JSON merge patch. Method: for each, 5 rounds of sending the body and, right
 * after, `GET /version` on another connection; the figures are the median time to the 400 answer
 * and the slowest /version answer (it waited 16 s behind one such body before the pre-scan). Also
 * the pre-scan alone (lib/text/nesting-scan.ts) over 1 MiB of ordinary YAML that it must read in full.
 */
import { findExcessNesting } from '../lib/text/nesting-scan';
import { startTestCluster, type TestCluster } from '../test/support/start-cluster';
import { percentile, result, type BenchResult } from './stats';

const MiB = 1 << 20;
const ROUNDS = 5;
const flow = `${'['.repeat(MiB / 2)}${']'.repeat(MiB / 2)}`;

async function timed(run: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const res = await run();
  await res.arrayBuffer();
  return performance.now() - start;
}

async function round(cluster: TestCluster, type: string, body: string, path: string): Promise<{ refused: number; version: number }> {
  const headers = { Authorization: `Bearer ${cluster.tokens.admin}` };
  const [refused, version] = await Promise.all([
    timed(() => fetch(`${cluster.url}${path}`, { method: 'PATCH', headers: { ...headers, 'Content-Type': type }, body })),
    timed(() => fetch(`${cluster.url}/version`, { headers })),
  ]);
  return { refused, version };
}

export async function benchDeepBodies(): Promise<BenchResult[]> {
  const cluster = await startTestCluster({ empty: true });
  try {
    const create = await fetch(`${cluster.url}/api/v1/namespaces/default/services`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'target' }, spec: { ports: [{ port: 80 }] } }),
    });
    if (create.status !== 201) throw new Error(`create answered ${create.status}`);
    const path = '/api/v1/namespaces/default/services/target';
    const out: BenchResult[] = [];
    const kinds = [
      { name: 'apply-patch+yaml', type: 'application/apply-patch+yaml', body: `apiVersion: v1\nkind: Service\nmetadata:\n  name: target\nspec:\n  x: ${flow}\n`, path: `${path}?fieldManager=bench` },
      { name: 'merge-patch+json', type: 'application/merge-patch+json', body: `{"spec":{"x":${flow}}}`, path },
    ];
    for (const k of kinds) {
      const rounds: { refused: number; version: number }[] = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await round(cluster, k.type, k.body, k.path));
      out.push(result(`1 MiB nested ${k.name} refused (median of ${ROUNDS})`, percentile(rounds.map((r) => r.refused), 50), 'ms', { max: 1000 }, 'send to 400 answer, loopback'));
      out.push(result(`/version sent alongside it, slowest of ${ROUNDS}`, Math.max(...rounds.map((r) => r.version)), 'ms', { max: 1000 }));
    }
    const plain = Array.from({ length: 40_000 }, (_, i) => `- name: port${i}\n  port: ${i % 65535}\n`).join('').slice(0, MiB);
    const start = performance.now();
    findExcessNesting(plain, 500, 'yaml');
    out.push(result('pre-scan of 1 MiB ordinary YAML (read in full)', performance.now() - start, 'ms', { max: 500 }, 'in-process, one run'));
    return out;
  } finally {
    await cluster.stop();
  }
}
