/**
 * Issue 10, "many viewers, one upstream": 100 SSE clients of one identity on one Porthole server,
 * watching what the Service list watches (Services as rows, all namespaces) plus EndpointSlices, while
 * the API server takes 50 Service changes a second. Figures: upstream watch connections (the embedded
 * cluster's own /metrics gauge), delivery p95 (API write sent → event parsed by each client), and
 * Porthole's resident memory growth (/proc VmRSS of the process listening on its port).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestCluster } from '../test/support/start-cluster';
import { startPorthole } from '../test/support/start-porthole';
import { clusterMetric, openSse, type SseClient } from '../test/support/sse-client';
import { seedBenchServices } from './cluster-bench';
import { pidListeningOn, residentMiB } from './process-usage';
import { percentile, result, type BenchResult } from './stats';

const CLIENTS = Number(process.env.BENCH_FANOUT_CLIENTS ?? 100);
const SERVICES = Number(process.env.BENCH_FANOUT_SERVICES ?? 1000);
const RATE = 50;
const SECONDS = 10;
const WATCHES = ['services:all:v=rows', 'endpointslices:all'];

/** user + system CPU seconds of a process (Linux /proc, clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

type WorkerMessage = { kind: 'synced' } | { kind: 'direct' } | { kind: 'error'; message: string } | { kind: 'report'; arrivals?: [string, number][]; directArrivals?: [string, number][]; dropped?: number };

export async function benchFanout(): Promise<BenchResult[]> {
  const cluster = await startTestCluster({ empty: true });
  const porthole = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath }).catch(async (err: unknown) => {
    await cluster.stop();
    throw err;
  });
  let worker: ChildProcess | undefined;
  try {
    await seedBenchServices(cluster, SERVICES);
    const query = WATCHES.map((w) => `watch=${encodeURIComponent(w)}`).join('&');
    const url = `${porthole.url}/api/watch?${query}`;
    const synced = (c: SseClient) => c.waitFor((ev) => ev.filter((e) => e.event === 'resync').length >= WATCHES.length, 60_000);
    // Warm up: one tab (compiles the route, starts the informers), then the baseline memory.
    const first = await openSse(url);
    await synced(first);
    first.close();
    const pid = pidListeningOn(porthole.port) ?? porthole.pid;
    await new Promise((r) => setTimeout(r, 1000));
    const rssBefore = residentMiB(pid);

    const sentAt = new Map<string, number>();
    const readers = fork(fileURLToPath(new URL('./fanout-readers.ts', import.meta.url)), [JSON.stringify({ url, clients: CLIENTS, id: WATCHES[0], resyncs: WATCHES.length, direct: { url: cluster.url, token: cluster.tokens.admin } })], {
      execArgv: ['--import', 'tsx'],
    });
    worker = readers;
    const message = (kind: string) =>
      new Promise<WorkerMessage>((resolve, reject) => {
        const on = (raw: unknown) => {
          const msg = raw as WorkerMessage;
          if (msg.kind === 'error') reject(new Error(msg.message));
          else if (msg.kind === kind) {
            readers.off('message', on);
            resolve(msg);
          }
        };
        readers.on('message', on);
        readers.once('error', reject);
      });
    await message('synced');
    const upstreamWatches = await clusterMetric(cluster.url, cluster.tokens.admin, 'apiserver_longrunning_requests', { verb: 'WATCH' });
    // Then the bench's own reference watch straight to the API server (not counted above).
    const directOpen = message('direct');
    readers.send({ kind: 'direct' });
    await directOpen;

    const cpuBefore = { porthole: cpuSeconds(pid), cluster: cpuSeconds(cluster.pid), readers: cpuSeconds(readers.pid ?? 0) };
    // 50 changes a second: a merge patch of one Service's label, each on its own timer tick.
    const total = RATE * SECONDS;
    const acks: number[] = [];
    const writes: Promise<unknown>[] = [];
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const seq = String(i);
      const sent = performance.timeOrigin + performance.now();
      sentAt.set(seq, sent);
      writes.push(
        fetch(`${cluster.url}/api/v1/namespaces/bench/services/svc-${i % SERVICES}`, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': 'application/merge-patch+json' },
          body: JSON.stringify({ metadata: { labels: { 'bench-seq': seq } } }),
        }).then(async (r) => {
          await r.text();
          acks.push(performance.timeOrigin + performance.now() - sent);
        }),
      );
    }
    await Promise.all(writes);
    const expected = total * CLIENTS;
    // Let the last events arrive, then collect the arrival times from the readers.
    await new Promise((r) => setTimeout(r, 3000));
    const cpu = `CPU s during the run: Porthole ${(cpuSeconds(pid) - cpuBefore.porthole).toFixed(1)}, cluster ${(cpuSeconds(cluster.pid) - cpuBefore.cluster).toFixed(1)}, readers ${(cpuSeconds(readers.pid ?? 0) - cpuBefore.readers).toFixed(1)}; load ${os.loadavg()[0].toFixed(1)}`;
    const report = message('report');
    readers.send({ kind: 'report' });
    const reported = await report;
    const { arrivals = [], directArrivals = [], dropped = 0 } = reported.kind === 'report' ? reported : {};
    const since = (list: [string, number][]): number[] => list.flatMap(([seq, at]) => (sentAt.has(seq) ? [at - sentAt.get(seq)!] : []));
    const latencies = since(arrivals);
    const direct = since(directArrivals);
    const rssAfter = residentMiB(pid);
    const kinds = WATCHES.length;
    return [
      result(`upstream watch connections, ${CLIENTS} SSE clients of one identity`, upstreamWatches, '', { max: kinds }, `kinds watched: ${kinds}; method: embedded cluster /metrics apiserver_longrunning_requests{verb="WATCH"}`),
      result(
        `event delivery p95, ${CLIENTS} clients, ${RATE} changes/s for ${SECONDS} s`,
        percentile(latencies, 95),
        'ms',
        { max: 250 },
        `${latencies.length}/${expected} deliveries, ${dropped} clients dropped; for reference, the PATCH answer alone p95 ${percentile(acks, 95).toFixed(0)} ms and one watch straight to the API server p95 ${percentile(direct, 95).toFixed(0)} ms; ${cpu}; method: PATCH sent → SSE event parsed by a reader (100 readers in a child process of the bench; wall-clock times)`,
      ),
      result(`Porthole RSS growth with ${CLIENTS} clients`, rssAfter - rssBefore, 'MiB', { max: 100 }, `${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MiB; method: /proc/<pid>/status VmRSS after warm-up vs after the run`),
    ];
  } finally {
    worker?.kill();
    await porthole.stop();
    await cluster.stop();
  }
}
