/**
 * The pure cores' costs, in Node (issue 19: these were wall-clock limits inside unit tests, which
 * failed on a busy machine; the tests now assert behaviour and counts, the time is measured here):
 * the list's rows and attention for 10,000 Services, the store's list of 20,000, 2,000 SQLite
 * transactions, fan-out to 50 watchers, and the YAML parser stopping an alias bomb.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EndpointSlice, Service } from '../lib/k8s/types';
import { openStore } from '../lib/cluster/storage';
import { svc } from '../lib/cluster/storage/test-objects';
import { countEndpoints, slicesByService } from '../lib/service-list/endpoint-counts';
import { buildRows } from '../lib/service-list/rows';
import { filterAndCount } from '../lib/service-list/search';
import { parseServiceYaml } from '../lib/service-yaml/parse-service';
import { percentile, result, type BenchResult } from './stats';

function benchAttention(): BenchResult {
  const port = [{ name: 'http', port: 80, protocol: 'TCP' as const, targetPort: 8080 }];
  const services: Service[] = [];
  const slices: EndpointSlice[] = [];
  for (let i = 0; i < 10_000; i++) {
    const name = `s${i}`;
    services.push({ metadata: { name, namespace: 'demo' }, spec: i % 3 ? { selector: { app: name }, ports: port } : { ports: port } });
    if (i % 2) {
      slices.push({
        metadata: { name: `${name}-1`, namespace: 'demo', labels: { 'kubernetes.io/service-name': name } },
        addressType: 'IPv4',
        ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
        endpoints: [true, i % 5 !== 0].map((ready, j) => ({ addresses: [`10.244.1.${j + 2}`], conditions: { ready } })),
      });
    }
  }
  const times: number[] = [];
  for (let n = 0; n < 5; n++) {
    const t0 = performance.now();
    const rows = buildRows(services, countEndpoints(slices), undefined, slicesByService(slices)).rows;
    filterAndCount(rows, '', [], true);
    times.push(performance.now() - t0);
  }
  return result('list rows + attention filter, 10,000 Services (median)', percentile(times, 50), 'ms', { max: 1500 }, 'Node, buildRows + filterAndCount, median of 5');
}

function benchStoreList(): BenchResult {
  const store = openStore();
  for (let i = 0; i < 20_000; i++) store.transact((tx) => tx.create('pods', svc(`pod-${(i * 7919) % 20_000}`, `ns-${i % 20}`)));
  const t0 = performance.now();
  for (let i = 0; i < 100; i++) store.list('pods');
  for (let i = 0; i < 100; i++) store.list('pods', 'ns-7');
  const perCall = (performance.now() - t0) / 200;
  store.close();
  return result('store: list of 20,000 / one namespace of 1,000, per call', perCall, 'ms', { max: 5 }, 'Node, in-memory store, 100 calls each');
}

function benchSqliteWrites(): BenchResult {
  const dataDir = mkdtempSync(join(tmpdir(), 'porthole-bench-store-'));
  try {
    const store = openStore({ dataDir });
    const t0 = performance.now();
    for (let i = 0; i < 2000; i++) store.transact((tx) => tx.create('services', svc(`s-${i}`)));
    const elapsed = performance.now() - t0;
    store.close();
    return result('store: 2,000 single-object transactions on SQLite (WAL)', elapsed, 'ms', { max: 5000 }, 'Node, one create per transaction, total');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function benchWatchFanout(): BenchResult {
  const store = openStore();
  const latencies: number[] = [];
  let start = 0;
  for (let i = 0; i < 50; i++) store.watch('services', undefined, 0, () => latencies.push(performance.now() - start));
  for (let i = 0; i < 200; i++) {
    start = performance.now();
    store.transact((tx) => tx.create('services', svc(`s${i}`)));
  }
  store.close();
  return result('store: commit → 50 watchers (p95)', percentile(latencies, 95), 'ms', { max: 10 }, 'Node, 200 commits, performance.now() before the transaction → each callback');
}

function benchAliasBomb(): BenchResult {
  const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
  for (let i = 0; i < 9; i++) {
    const prev = String.fromCharCode(97 + i);
    const cur = String.fromCharCode(98 + i);
    lines.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  const t0 = performance.now();
  parseServiceYaml(lines.join('\n'));
  return result('YAML: an alias bomb refused', performance.now() - t0, 'ms', { max: 2000 }, 'Node, parseServiceYaml, 9 levels of 9 aliases');
}

export async function benchCore(): Promise<BenchResult[]> {
  return [benchAttention(), benchStoreList(), benchSqliteWrites(), benchWatchFanout(), benchAliasBomb()];
}
