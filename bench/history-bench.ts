/**
 * Issue 21, Service history: what recording costs Porthole's server and how fast a timeline loads.
 * The embedded cluster holds 10,000 Services (BENCH_SERVICES); Porthole runs with a history dir and
 * no browser attached (the recorder runs from server start). Recording cost: the Next server
 * process's CPU time (/proc/<pid>/stat utime+stime) over 20 s while a driver in this process
 * merge-PATCHes the cluster at 50 changes/s (each a new port on one of the Services, round robin),
 * minus nothing (the idle figure before is reported next to it), as % of one core, and its resident
 * memory after. Timeline: one Service patched 1,000 times (all kept: --history-max-versions 1000),
 * then `GET /api/history/.../services/{name}?limit=1000` and the default page (200), median of 7.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { startTestCluster } from '../test/support/start-cluster';
import { startPorthole } from '../test/support/start-porthole';
import { patchBenchPort, seedBenchServices } from './cluster-bench';
import { cpuSeconds, pidListeningOn, residentMiB } from './process-usage';
import { percentile, result, runConcurrently, type BenchResult } from './stats';

const SERVICES = Number(process.env.BENCH_SERVICES ?? 10_000);
const RATE = 50;
const SECONDS = 20;
const VERSIONS = 1000;
async function entriesOf(url: string, name: string, limit: number): Promise<number> {
  const res = await fetch(`${url}/api/history/namespaces/bench/services/${name}?limit=${limit}`);
  const body = (await res.json()) as { entries?: unknown[] };
  return body.entries?.length ?? 0;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function benchHistory(): Promise<BenchResult[]> {
  const work = mkdtempSync(join(os.tmpdir(), 'porthole-history-bench-'));
  const cluster = await startTestCluster({ empty: true });
  try {
    await seedBenchServices(cluster, SERVICES);
    const started = performance.now();
    const porthole = await startPorthole({
      kubeconfigPath: cluster.kubeconfigPath,
      env: { PORTHOLE_HISTORY_DIR: join(work, 'history'), PORTHOLE_HISTORY_MAX_VERSIONS: String(VERSIONS) },
    });
    try {
      const pid = pidListeningOn(porthole.port);
      if (!pid) throw new Error('no Porthole process');
      await waitFor(async () => (await entriesOf(porthole.url, `svc-${SERVICES - 1}`, 1)) === 1, 'the first list recorded');
      const firstListMs = performance.now() - started;
      await new Promise((r) => setTimeout(r, 3000));

      const idleFrom = cpuSeconds(pid);
      await new Promise((r) => setTimeout(r, 10_000));
      const idle = ((cpuSeconds(pid) - idleFrom) / 10) * 100;

      const load = os.loadavg()[0].toFixed(1);
      const total = RATE * SECONDS;
      const cpuFrom = cpuSeconds(pid);
      const begin = performance.now();
      const writes: Promise<void>[] = [];
      for (let i = 0; i < total; i++) {
        const wait = begin + (i * 1000) / RATE - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        writes.push(patchBenchPort(cluster, `svc-${i % SERVICES}`, 10_000 + i));
      }
      await Promise.all(writes);
      // Until the last change is recorded: its cost belongs to the storm.
      await waitFor(async () => (await entriesOf(porthole.url, `svc-${(total - 1) % SERVICES}`, 5)) >= 2, 'the last change recorded');
      const elapsed = (performance.now() - begin) / 1000;
      const busy = ((cpuSeconds(pid) - cpuFrom) / elapsed) * 100;
      const rss = residentMiB(pid);

      // A Service with 1,000 versions (sequential patches: each is its own version).
      await runConcurrently(VERSIONS, 1, (i) => patchBenchPort(cluster, 'svc-0', 20_000 + i));
      await waitFor(async () => (await entriesOf(porthole.url, 'svc-0', VERSIONS)) === VERSIONS, '1,000 versions of svc-0');
      const timeLoad = async (limit: number) => {
        const times: number[] = [];
        for (let i = 0; i < 7; i++) {
          const t = performance.now();
          const res = await fetch(`${porthole.url}/api/history/namespaces/bench/services/svc-0?limit=${limit}`);
          await res.arrayBuffer();
          times.push(performance.now() - t);
        }
        return percentile(times, 50);
      };
      const full = await timeLoad(VERSIONS);
      const page = await timeLoad(200);
      return [
        result(
          `recording ${RATE} changes/s with ${SERVICES} Services: Porthole server CPU`,
          busy,
          '% of a core',
          { max: 25 },
          `${total} merge PATCHes of spec.ports in ${SECONDS} s to the embedded cluster, no tab open; /proc/<pid>/stat utime+stime of the Next server over the storm until the last change was stored (${elapsed.toFixed(1)} s); idle before: ${idle.toFixed(1)}%; load ${load} at start`,
        ),
        result(`recording: Porthole server resident memory after the storm, ${SERVICES} Services`, rss, 'MiB', { max: 500 }, 'VmRSS of the Next server process'),
        result(`first recording of ${SERVICES} existing Services (start → last one stored)`, firstListMs, 'ms', { max: 60_000 }, 'informative: includes the Next server start'),
        result(
          `timeline load, ${VERSIONS} versions (?limit=${VERSIONS}), median of 7`,
          full,
          'ms',
          { max: 300 },
          'GET /api/history/... over loopback incl. the access review; the default page is below',
        ),
        result(`timeline load, first page of 200 of ${VERSIONS} versions, median of 7`, page, 'ms', { max: 150 }),
      ];
    } finally {
      await porthole.stop();
    }
  } finally {
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
