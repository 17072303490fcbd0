/**
 * Lighthouse 12 (lighthouse@12.2.3 from npm, pinned; Debian's Chromium through CHROME_PATH) on the four
 * pages a first visit meets — the list with 10,000 Services (all namespaces), a Service's page, the new
 * Service form and the YAML editor — with the mobile preset (Lighthouse's default: a mid-range phone,
 * 4× CPU slowdown, slow 4G, simulated) and the desktop preset; median of 3 runs each (BENCH_LIGHTHOUSE_RUNS).
 * Porthole is started as the README starts it (`npm start -- --scale 10000`, bench/first-visit-bench.ts);
 * each page is visited once before its runs (server code paths compiled, informers started).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { promisify } from 'node:util';
import { startAsReadmeSays } from './first-visit-bench';
import { percentile, result, type BenchResult } from './stats';

const run = promisify(execFile);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.LIGHTHOUSE_CHROME_PATH ?? '/usr/lib/chromium/chromium';
const CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

const PAGES: { name: string; path: string }[] = [
  { name: 'list, 10,000 Services', path: '/services' },
  { name: 'Service detail', path: '/services/demo/web' },
  { name: 'new Service form', path: '/services/new?type=ClusterIP' },
  { name: 'YAML editor', path: '/services/demo/web/yaml' },
];

interface Audit {
  performance: number;
  accessibility: number;
  bestPractices: number;
  tbt: number;
  lcp: number;
  cls: number;
}

interface LighthouseJson {
  categories: Record<'performance' | 'accessibility' | 'best-practices', { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

async function lighthouse(url: string, preset: 'mobile' | 'desktop'): Promise<Audit> {
  const args = [CLI, url, '--output=json', '--output-path=stdout', '--quiet', '--only-categories=performance,accessibility,best-practices', `--chrome-flags=${FLAGS}`];
  if (preset === 'desktop') args.push('--preset=desktop');
  const { stdout } = await run(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 256 * 1024 * 1024, timeout: 300_000 });
  const report = JSON.parse(stdout) as LighthouseJson;
  const score = (k: keyof LighthouseJson['categories']) => Math.round((report.categories[k].score ?? Number.NaN) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    tbt: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    lcp: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

const med = (runs: Audit[], k: keyof Audit) =>
  percentile(
    runs.map((r) => r[k]),
    50,
  );

export async function benchLighthouse(): Promise<BenchResult[]> {
  const { server, done } = await startAsReadmeSays();
  const out: BenchResult[] = [];
  try {
    for (const page of PAGES) {
      const url = server.url + page.path;
      await fetch(url).then((r) => r.arrayBuffer()); // the unmeasured visit
      for (const preset of ['mobile', 'desktop'] as const) {
        const runs: Audit[] = [];
        for (let i = 0; i < RUNS; i++) {
          runs.push(await lighthouse(url, preset));
          const r = runs[runs.length - 1];
          console.log(
            `lighthouse ${page.name}, ${preset}, run ${i + 1}: performance ${r.performance}, TBT ${r.tbt.toFixed(0)} ms, a11y ${r.accessibility}, best practices ${r.bestPractices}`,
          );
        }
        const load = `${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`;
        const note = `runs: performance ${runs.map((r) => r.performance).join(', ')}; TBT ${runs.map((r) => r.tbt.toFixed(0)).join(', ')} ms; LCP median ${med(runs, 'lcp').toFixed(0)} ms; CLS median ${med(runs, 'cls').toFixed(3)}; ${load}`;
        const name = `${page.name}, ${preset} (Lighthouse 12.2.3, median of ${RUNS})`;
        out.push(
          result(`${name}: performance`, med(runs, 'performance'), '', { min: 90 }, note),
          result(`${name}: total blocking time`, med(runs, 'tbt'), 'ms', { max: 200 }),
          result(`${name}: accessibility`, med(runs, 'accessibility'), '', { min: 100 }),
          result(`${name}: best practices`, med(runs, 'bestPractices'), '', { min: 100 }),
        );
      }
    }
  } finally {
    await server.stop();
    done();
  }
  return out;
}
