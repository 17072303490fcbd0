/**
 * Issue 10, "watch to screen": with 10,000 Services listed in Chromium, a driver in this process
 * PATCHes the embedded cluster directly at 50 changes a second for 10 s, each change giving one of the
 * Services on screen a new port number (10000 + the change's sequence number, so each change is
 * recognisable in the row). The page records when each port number first appears in a row of the DOM
 * (a MutationObserver on the list) and every long task. Both sides read the same wall clock
 * (`Date.now()` in Node and in the page, one machine), so the figure is PATCH sent → row updated.
 */
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { startTestCluster } from '../test/support/start-cluster';
import { startPorthole } from '../test/support/start-porthole';
import { CHROMIUM_ARGS, newBenchPage } from './app-bench';
import { patchBenchPort, seedBenchServices } from './cluster-bench';
import { percentile, result, type BenchResult } from './stats';

const SERVICES = Number(process.env.BENCH_SERVICES ?? 10_000);
const RATE = 50;
const SECONDS = 10;
const PORT_BASE = 10_000;

interface PageRecord {
  /** port number → Date.now() when a row first showed it. */
  seen: Record<string, number>;
  /** port number → Date.now() at the first frame after that (the change painted, approximately). */
  painted: Record<string, number>;
  /** [startTime, duration] of every long task (> 50 ms) since the observer started. */
  longTasks: [number, number][];
  /** The longest gap between two animation frames during the storm (ms). */
  maxFrameGap: number;
}

declare global {
  interface Window {
    __watchBench?: PageRecord & { stop: () => void };
  }
}

/** Starts recording in the page: new port numbers in the rows' Ports cells, long tasks, frame gaps. */
async function startRecording(page: Page, portBase: number): Promise<string[]> {
  return page.evaluate((base) => {
    const rows = document.querySelector('[data-testid="service-rows"]');
    if (!rows) throw new Error('no service rows');
    const mutations = new MutationObserver(() => scan());
    const tasks = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) record.longTasks.push([e.startTime, e.duration]);
    });
    let running = true;
    const record: PageRecord & { stop: () => void } = {
      seen: {},
      painted: {},
      longTasks: [],
      maxFrameGap: 0,
      stop: () => {
        running = false;
        mutations.disconnect();
        tasks.disconnect();
      },
    };
    window.__watchBench = record;
    const scan = () => {
      const now = Date.now();
      for (const cell of rows.querySelectorAll('[data-col="ports"]')) {
        const match = /^(\d+)\//.exec(cell.textContent ?? '');
        const port = match ? Number(match[1]) : 0;
        if (port < base || record.seen[port] !== undefined) continue;
        record.seen[port] = now;
        requestAnimationFrame(() => setTimeout(() => (record.painted[port] = Date.now()), 0));
      }
    };
    mutations.observe(rows, { subtree: true, childList: true, characterData: true });
    tasks.observe({ type: 'longtask' });
    let last = performance.now();
    const frame = (t: number) => {
      record.maxFrameGap = Math.max(record.maxFrameGap, t - last);
      last = t;
      if (running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    // The Services whose rows are in the DOM now (the virtualized list keeps only those in view).
    return [...rows.querySelectorAll('[data-testid="service-row"]')].map((r) => r.getAttribute('data-key') ?? '');
  }, portBase);
}

async function stopRecording(page: Page): Promise<PageRecord> {
  return page.evaluate(() => {
    const r = window.__watchBench;
    if (!r) throw new Error('not recording');
    r.stop();
    return { seen: r.seen, painted: r.painted, longTasks: r.longTasks, maxFrameGap: r.maxFrameGap };
  });
}

export async function benchWatchScreen(): Promise<BenchResult[]> {
  const cluster = await startTestCluster({ empty: true });
  const porthole = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath }).catch(async (err: unknown) => {
    await cluster.stop();
    throw err;
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await seedBenchServices(cluster, SERVICES);
    const page = await newBenchPage(browser);
    await page.goto(`${porthole.url}/services`);
    await page.locator('[data-testid="service-row"]').first().waitFor({ timeout: 60_000 });
    // A settled page: endpoint counts loaded and every row built, as a user would watch it.
    await page.getByTestId('attention-filter').filter({ hasNotText: '…' }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const keys = await startRecording(page, PORT_BASE);
    const names = keys.filter((k) => k.startsWith('bench/')).map((k) => k.slice('bench/'.length));
    if (names.length === 0) throw new Error('no bench Service rows in the DOM');

    const sentAt = new Map<number, number>();
    const writes: Promise<void>[] = [];
    const total = RATE * SECONDS;
    const load = os.loadavg()[0].toFixed(1);
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const port = PORT_BASE + i;
      sentAt.set(port, Date.now());
      writes.push(patchBenchPort(cluster, names[i % names.length], port));
    }
    await Promise.all(writes);
    await page.waitForTimeout(2000);
    const record = await stopRecording(page);
    const latency = (times: Record<string, number>) => [...sentAt].flatMap(([port, sent]) => (times[port] === undefined ? [] : [times[port] - sent]));
    const dom = latency(record.seen);
    const painted = latency(record.painted);
    const longest = Math.max(0, ...record.longTasks.map(([, d]) => d));
    const over50 = record.longTasks.length;
    const where = `${names.length} Services in the DOM cycled (each changed every ${((names.length * 1000) / RATE).toFixed(0)} ms)`;
    return [
      result(
        `watch event → row updated in the DOM, ${SERVICES} listed, ${RATE} changes/s for ${SECONDS} s, p95`,
        percentile(dom, 95),
        'ms',
        { max: 250 },
        `median ${percentile(dom, 50).toFixed(0)} ms, max ${Math.max(...dom).toFixed(0)} ms, ${dom.length}/${total} changes seen (a change overwritten by the next one on its row before it showed is not seen); next frame after it (≈ painted) p95 ${percentile(painted, 95).toFixed(0)} ms; ${where}; method: merge PATCH of spec.ports to the embedded cluster (port = 10000 + sequence) → MutationObserver sees the number in the row's Ports cell, Date.now() on both sides; load ${load} at start`,
      ),
      result(
        `longest long task during the ${RATE} changes/s storm`,
        longest,
        'ms',
        { max: 200 },
        `${over50} long tasks (> 50 ms) in ${SECONDS + 2} s; longest gap between animation frames ${record.maxFrameGap.toFixed(0)} ms; method: PerformanceObserver 'longtask' in the page; load ${os.loadavg()[0].toFixed(1)} at end`,
      ),
    ];
  } finally {
    await browser.close();
    await porthole.stop();
    await cluster.stop();
  }
}
