/**
 * A benchmark starts on a settled machine: one group's tail (a cluster of 10,000 or 50,000 Services
 * stopping, kube-apiserver and etcd shutting down, Chromium's processes ending) must not weigh on
 * the next group's figures, and the load average each figure states should be the machine's, not
 * the previous group's. Waits until the CPUs were mostly idle over a short window and the 1-minute
 * load average has come down, at most MAX_WAIT_MS; says what it waited for.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Busy share of all CPUs (0..1) over the window that is still "settled". */
const MAX_BUSY = 0.2;
/** 1-minute load average per core that is still "settled". */
const MAX_LOAD_PER_CORE = 0.75;
const WINDOW_MS = 2000;
const MAX_WAIT_MS = 120_000;

/** Total and idle jiffies of all CPUs (/proc/stat's first line). */
function cpuJiffies(): { total: number; idle: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, idle: idle + iowait };
}

async function busyShare(windowMs: number): Promise<number> {
  const a = cpuJiffies();
  await new Promise((r) => setTimeout(r, windowMs));
  const b = cpuJiffies();
  const total = b.total - a.total;
  return total > 0 ? 1 - (b.idle - a.idle) / total : 0;
}

/** Waits for a settled machine; returns a line saying how long it waited and what it found. */
export async function settleMachine(label: string): Promise<string> {
  const cores = os.cpus().length;
  const start = performance.now();
  for (;;) {
    const busy = await busyShare(WINDOW_MS);
    const load = os.loadavg()[0];
    const waited = performance.now() - start;
    const settled = busy <= MAX_BUSY && load <= MAX_LOAD_PER_CORE * cores;
    if (settled || waited >= MAX_WAIT_MS) {
      return `${label}: ${settled ? 'settled' : 'not settled'} after ${(waited / 1000).toFixed(0)} s (CPUs ${(busy * 100).toFixed(0)} % busy over ${WINDOW_MS / 1000} s, load ${load.toFixed(1)})`;
    }
  }
}
