/**
 * The benchmark report: one line naming the machine, one table of every figure (group › figure,
 * value, target, pass/miss, method), and the same as JSON in .porthole/bench/latest.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { BenchResult } from './stats';

export interface Machine {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  freeMemoryGiB: number;
  /** 1, 5 and 15 minute load averages when the run started. */
  loadAverage: [number, number, number];
  node: string;
  chromium: string;
}

export interface GroupedResult extends BenchResult {
  group: string;
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  machine: Machine;
  groups: string[];
  results: GroupedResult[];
  /** Groups that threw instead of returning figures. */
  errors: { group: string; message: string }[];
}

const GIB = 1024 ** 3;
const round1 = (n: number): number => Math.round(n * 10) / 10;

function chromiumVersion(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `unknown (${path} --version failed)`;
  }
}

export function describeMachine(): Machine {
  const [one, five, fifteen] = loadavg();
  return {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: round1(totalmem() / GIB),
    freeMemoryGiB: round1(freemem() / GIB),
    loadAverage: [round1(one), round1(five), round1(fifteen)],
    node: process.version,
    chromium: chromiumVersion(),
  };
}

export function machineLine(m: Machine): string {
  return `Machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB memory (${m.freeMemoryGiB} GiB free), load average at start ${m.loadAverage.join(' / ')} (1/5/15 min), Node ${m.node}, ${m.chromium}`;
}

/** Renders the report as one aligned table; the method column is last and not padded. */
export function formatTable(report: BenchReport): string {
  const header = ['result', 'figure', 'value', 'target', 'method'];
  const rows = report.results.map((r) => [r.ok ? 'pass' : 'MISS', `${r.group} › ${r.name}${r.cluster ? ` [${r.cluster}]` : ''}`, `${r.value} ${r.unit}`, r.target, r.note ?? '']);
  for (const e of report.errors) rows.push(['ERROR', `${e.group} › (group failed)`, '-', '-', e.message]);
  const widths = header.slice(0, -1).map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 2 ? c.padStart(widths[i]) : i < widths.length ? c.padEnd(widths[i]) : c))
      .join('  ')
      .trimEnd();
  const misses = report.results.filter((r) => !r.ok).length;
  const summary = `${report.results.length - misses} of ${report.results.length} figures meet their target${misses ? `; ${misses} MISS` : ''}${report.errors.length ? `; ${report.errors.length} group(s) failed to run` : ''}.`;
  return [line(header), line(widths.map((w) => '-'.repeat(w)).concat('------')), ...rows.map(line), '', summary, ...byCluster(report.results)].join('\n');
}

/** The figures measured on more than one API server, one column per server (empty when there are none). */
function byCluster(results: readonly GroupedResult[]): string[] {
  const clusters = [...new Set(results.flatMap((r) => (r.cluster ? [r.cluster] : [])))];
  if (clusters.length < 2) return [];
  const figures = new Map<string, Map<string, GroupedResult>>();
  for (const r of results) {
    if (!r.cluster) continue;
    const key = `${r.group} › ${r.name}`;
    figures.set(key, (figures.get(key) ?? new Map<string, GroupedResult>()).set(r.cluster, r));
  }
  const header = ['figure', ...clusters, 'target'];
  const rows = [...figures].map(([key, per]) => {
    const any = [...per.values()][0];
    return [key, ...clusters.map((c) => {
      const r = per.get(c);
      return r ? `${r.value} ${r.unit}${r.ok ? '' : ' (MISS)'}` : '-';
    }), any.target];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i > 0 && i <= clusters.length ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return ['', 'The same figures per API server behind Porthole:', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

export function writeReportJson(report: BenchReport, path = resolve(process.cwd(), '.porthole/bench/latest.json')): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
