/**
 * Embedded cluster benchmarks (issue 2): create 10,000 Services 8 at a time, list them as JSON and
 * as Table, watch fan-out to 50 watchers, resident memory with 10,000 Services and 20,000 pods.
 * Talks HTTP to a real cluster process started for the run, like every client does.
 */
import { startTestCluster, type TestCluster } from '../test/support/start-cluster';
import { pidListeningOn, residentMiB } from './process-usage';
import { percentile, result, runConcurrently, type BenchResult } from './stats';
import { streamLines } from '../lib/text/lines';

const SERVICES = Number(process.env.BENCH_SERVICES ?? 10_000);
const PODS = Number(process.env.BENCH_PODS ?? 20_000);
const WATCHERS = 50;
const WATCH_EVENTS = 200;

// Each Service selects its own two pods (a realistic shape: 10,000 Services, 20,000 pods); the
// three simulated nodes run 750 of them, the rest stay Pending as on a full cluster.
function serviceBody(i: number): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: `svc-${i}`, namespace: 'bench', labels: { app: `app-${i}`, tier: 'bench' } },
    spec: { selector: { app: `app-${i}` }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
  });
}

function podBody(i: number): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `pod-${i}`, namespace: 'bench', labels: { app: `app-${i % SERVICES}` } },
    spec: { containers: [{ name: 'app', image: 'example/app:1', ports: [{ name: 'http', containerPort: 8080 }] }] },
  });
}

export async function post(cluster: TestCluster, path: string, body: string): Promise<void> {
  const res = await fetch(`${cluster.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cluster.tokens.admin}`, 'content-type': 'application/json' },
    body,
  });
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function listTime(cluster: TestCluster, accept: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 7; i++) {
    samples.push(
      await timed(async () => {
        const res = await fetch(`${cluster.url}/api/v1/namespaces/bench/services`, {
          headers: { authorization: `Bearer ${cluster.tokens.admin}`, accept },
        });
        const text = await res.text();
        if (res.status !== 200 || text.length < SERVICES * 50) throw new Error(`list: ${res.status}`);
      }),
    );
  }
  return percentile(samples, 50);
}

async function watchFanOut(cluster: TestCluster): Promise<number[]> {
  const controller = new AbortController();
  const rv = await fetch(`${cluster.url}/api/v1/namespaces/bench/services?limit=1`, {
    headers: { authorization: `Bearer ${cluster.tokens.admin}` },
  }).then(async (r) => ((await r.json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const streams = await Promise.all(
    Array.from({ length: WATCHERS }, async () => {
      const res = await fetch(`${cluster.url}/api/v1/namespaces/bench/services?watch=1&resourceVersion=${rv}`, {
        headers: { authorization: `Bearer ${cluster.tokens.admin}` },
        signal: controller.signal,
      });
      if (!res.body) throw new Error('watch: no body');
      return res.body;
    }),
  );
  const readers = streams.map(async (body) => {
    let seen = 0;
    try {
      for await (const line of streamLines(body)) {
        const name = /"name":"(watch-[0-9]+)"/.exec(line)?.[1];
        const start = name ? sentAt.get(name) : undefined;
        if (start !== undefined) {
          latencies.push(performance.now() - start);
          if (++seen >= WATCH_EVENTS) return;
        }
      }
    } catch {
      // aborted
    }
  });
  for (let i = 0; i < WATCH_EVENTS; i++) {
    const name = `watch-${i}`;
    sentAt.set(name, performance.now());
    await post(cluster, '/api/v1/namespaces/bench/services', serviceBody(i).replace(`"svc-${i}"`, `"${name}"`));
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.race([Promise.all(readers), new Promise((r) => setTimeout(r, 10_000))]);
  controller.abort();
  return latencies;
}

/** Creates namespace `bench` with `count` Services, 8 requests at a time; returns the elapsed ms. */
/** A merge PATCH giving a bench Service a new port (each change recognisable by its number). */
export async function patchBenchPort(cluster: TestCluster, name: string, port: number): Promise<void> {
  const r = await fetch(`${cluster.url}/api/v1/namespaces/bench/services/${name}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': 'application/merge-patch+json' },
    body: JSON.stringify({ spec: { ports: [{ name: 'http', port, targetPort: 8080 }] } }),
  });
  await r.text();
  if (!r.ok) throw new Error(`PATCH ${r.status}`);
}

export async function seedBenchServices(cluster: TestCluster, count: number): Promise<number> {
  await post(cluster, '/api/v1/namespaces', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'bench' } }));
  return timed(() => runConcurrently(count, 8, (i) => post(cluster, '/api/v1/namespaces/bench/services', serviceBody(i))));
}

export async function benchCluster(): Promise<BenchResult[]> {
  const cluster = await startTestCluster({ empty: true });
  try {
    const createMs = await seedBenchServices(cluster, SERVICES);
    const perSecond = SERVICES / (createMs / 1000);
    const listJson = await listTime(cluster, 'application/json');
    const listTable = await listTime(cluster, 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json');
    const latencies = await watchFanOut(cluster);
    await runConcurrently(PODS, 8, (i) => post(cluster, '/api/v1/namespaces/bench/pods', podBody(i)));
    await new Promise((r) => setTimeout(r, 10_000)); // let the controllers settle
    const pid = pidListeningOn(cluster.port);
    const rss = pid ? residentMiB(pid) : Number.NaN;
    return [
      result(`create ${SERVICES} Services, 8 at a time`, perSecond, '/s', { min: 500 }),
      result(`list ${SERVICES} Services as JSON (median of 7)`, listJson, 'ms', { max: 200 }),
      result(`list ${SERVICES} Services as Table (median of 7)`, listTable, 'ms', { max: 400 }, 'no target given; informative'),
      result(`watch delivery to ${WATCHERS} watchers, p95`, percentile(latencies, 95), 'ms', { max: 10 }, `${latencies.length} deliveries`),
      result(`resident memory, ${SERVICES} Services + ${PODS} pods`, rss, 'MiB', { max: 500 }),
    ];
  } finally {
    await cluster.stop();
  }
}
