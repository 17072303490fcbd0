/**
 * Issue 10, "small on the wire": the Service list of 10,000 over a link throttled to 20 Mbit/s with
 * 40 ms latency (Chromium's network emulation through CDP, 2,500,000 bytes/s each way), COLD — a new
 * browser context per sample — first row painted and the list's bytes on the wire. The same against a
 * Porthole with API compression off (PORTHOLE_API_COMPRESSION=off), over the slow link and on
 * loopback, and the server CPU of compressing the list: the measurement behind compressing API JSON
 * (lib/server/compress-json.ts; README, Tests and benchmarks).
 */
import os from 'node:os';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { startTestCluster, type ClusterKind } from '../test/support/start-cluster';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import { CHROMIUM_ARGS, listBytes, newBenchPage, timeToFirstRows, type FirstRows } from './app-bench';
import { seedBenchServices } from './cluster-bench';
import { clusterLabel } from './cluster-kinds';
import { percentile, result, type BenchResult } from './stats';

const SERVICES = Number(process.env.BENCH_SERVICES ?? 10_000);
const SAMPLES = 5;
/** 20 Mbit/s = 2,500,000 bytes/s; 40 ms added to every request. */
const SLOW_LINK = { offline: false, latency: 40, downloadThroughput: 2_500_000, uploadThroughput: 2_500_000 };

interface ColdRun {
  painted: number[];
  bytes: number;
  encoding: string;
}

/** First row painted in a new browser context per sample, optionally over the slow link. */
async function coldRuns(browser: Browser, url: string, slow: boolean): Promise<ColdRun> {
  const painted: number[] = [];
  let bytes = Number.NaN;
  let encoding = 'none';
  for (let i = 0; i < SAMPLES; i++) {
    const page = await newBenchPage(browser);
    try {
      if (slow) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
      }
      page.on('response', (res) => {
        if (new URL(res.url()).pathname === '/api/service-rows') encoding = res.headers()['content-encoding'] ?? 'none';
      });
      const first: FirstRows = await timeToFirstRows(page, `${url}/services?cold=${i}`);
      painted.push(first.painted);
      bytes = await listBytes(page);
    } finally {
      await page.context().close();
    }
  }
  return { painted, bytes, encoding };
}

/** Server CPU (median of 9) and size of compressing the list's body at the levels considered. */
async function compressionCost(url: string): Promise<string> {
  const body = Buffer.from(await (await fetch(`${url}/api/service-rows`, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer());
  const cost = (name: string, zip: () => Buffer) => {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < 9; i++) {
      const start = process.cpuUsage();
      size = zip().length;
      const used = process.cpuUsage(start);
      times.push((used.user + used.system) / 1000);
    }
    return `${name} ${(size / 1e6).toFixed(2)} MB in ${percentile(times, 50).toFixed(1)} ms CPU`;
  };
  const brotli = (quality: number) => () => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
  return [
    `list JSON ${(body.length / 1e6).toFixed(2)} MB`,
    cost('brotli-1', brotli(1)),
    cost('gzip-1', () => zlib.gzipSync(body, { level: 1 })),
    cost('gzip-6', () => zlib.gzipSync(body, { level: 6 })),
  ].join(', ');
}

const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');

/** The slow-link figures with `kind` behind Porthole (the embedded cluster or a real kube-apiserver). */
export async function benchSlowLink(kind: ClusterKind): Promise<BenchResult[]> {
  const cluster = await startTestCluster({ empty: true, kind });
  const servers: PortholeServer[] = [];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const compressed = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath, clusterKind: kind });
    servers.push(compressed);
    const plain = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath, clusterKind: kind, env: { PORTHOLE_API_COMPRESSION: 'off' } });
    servers.push(plain);
    await seedBenchServices(cluster, SERVICES);
    // Warm the servers (compiled routes, the informer's cache), as for the app bench's cold figure.
    for (const server of servers) {
      const warm = await newBenchPage(browser);
      await timeToFirstRows(warm, `${server.url}/services`);
      await warm.context().close();
    }
    const load = () => `load ${os.loadavg()[0].toFixed(1)}`;
    const loadAtStart = load();
    const slow = await coldRuns(browser, compressed.url, true);
    const slowPlain = await coldRuns(browser, plain.url, true);
    const loop = await coldRuns(browser, compressed.url, false);
    const loopPlain = await coldRuns(browser, plain.url, false);
    const cost = await compressionCost(compressed.url);
    const med = (run: ColdRun) => percentile(run.painted, 50);
    const figures = [
      result(
        `first row painted COLD over 20 Mbit/s + 40 ms, ${SERVICES} Services (median of ${SAMPLES})`,
        med(slow),
        'ms',
        // Issue 22: the first rows come in the first HTML.
        { max: 400 },
        `samples ${ms(slow.painted)} ms; list as ${slow.encoding}; without API compression median ${med(slowPlain).toFixed(0)} ms (${ms(slowPlain.painted)}); method: CDP Network.emulateNetworkConditions latency 40 ms, 2,500,000 bytes/s each way, new browser context per sample, Element Timing of the first row; ${loadAtStart} at start`,
      ),
      result(
        `list response on the wire over the slow link, ${SERVICES} Services`,
        slow.bytes / 1e6,
        'MB',
        { max: 1.5 },
        `encoded body (resource timing), ${slow.encoding}; without API compression ${(slowPlain.bytes / 1e6).toFixed(2)} MB`,
      ),
      result(
        `first row painted COLD on loopback with API compression, ${SERVICES} Services (median of ${SAMPLES})`,
        med(loop),
        'ms',
        { max: 1000 },
        `samples ${ms(loop.painted)} ms, list as ${loop.encoding}; without API compression median ${med(loopPlain).toFixed(0)} ms (${ms(loopPlain.painted)}); server CPU to compress the list: ${cost}; ${load()} at end`,
      ),
    ];
    return figures.map((f) => ({ ...f, cluster: clusterLabel(kind) }));
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
    await cluster.stop();
  }
}
