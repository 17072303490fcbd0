/**
 * `npm run bench [-- group...]` (groups: core, cluster, depth, app, firstvisit, lighthouse, slowlink, scale, watch, fanout, forms, yaml, reach, history): every benchmark Porthole has,
 * with its target. Prints the machine, then one table of all figures; writes .porthole/bench/latest.json.
 * Exits 0 when figures miss their targets (a benchmark reports, it is not a test); 1 when a group
 * fails to run; 2 for an unknown group.
 */
import { benchApp } from './app-bench';
import { onEachCluster, rerunTrustingRealCa } from './cluster-kinds';
import { benchCluster } from './cluster-bench';
import { benchDeepBodies } from './deep-body-bench';
import { benchCore } from './core-bench';
import { benchFanout } from './fanout-bench';
import { benchFirstVisit } from './first-visit-bench';
import { benchForms } from './forms-bench';
import { benchReach } from './reach-bench';
import { benchHistory } from './history-bench';
import { benchLighthouse } from './lighthouse-bench';
import { benchScale } from './scale-bench';
import { settleMachine } from './settle';
import { describeMachine, formatTable, machineLine, writeReportJson, type BenchReport } from './report';
import { benchSlowLink } from './slow-link-bench';
import type { BenchResult } from './stats';
import { benchWatchScreen } from './watch-screen-bench';
import { benchYamlEditor } from './yaml-editor-bench';

interface BenchGroup {
  key: string;
  title: string;
  run: () => Promise<BenchResult[]>;
}

const GROUPS: readonly BenchGroup[] = [
  { key: 'core', title: 'Pure cores in Node (list rows, store, YAML)', run: benchCore },
  { key: 'cluster', title: 'Embedded cluster', run: benchCluster },
  { key: 'depth', title: 'Deeply nested bodies', run: benchDeepBodies },
  { key: 'app', title: 'Service list', run: () => onEachCluster(benchApp) },
  { key: 'firstvisit', title: 'First visit as the README starts Porthole (npm start, 10,000 Services)', run: benchFirstVisit },
  { key: 'lighthouse', title: 'Lighthouse 12 (mobile and desktop presets)', run: benchLighthouse },
  { key: 'slowlink', title: 'Service list over a slow link (20 Mbit/s, 40 ms)', run: () => onEachCluster(benchSlowLink) },
  { key: 'scale', title: 'Service list at 50,000', run: benchScale },
  { key: 'watch', title: 'Watch to screen (10,000 listed, 50 changes/s)', run: benchWatchScreen },
  { key: 'fanout', title: 'Many viewers, one upstream (100 SSE clients)', run: benchFanout },
  { key: 'forms', title: 'Service forms', run: benchForms },
  { key: 'yaml', title: 'YAML editor', run: benchYamlEditor },
  { key: 'reach', title: 'Reaching a Service (Try it, port forwards)', run: benchReach },
  { key: 'history', title: 'Service history (10,000 Services, 50 changes/s)', run: benchHistory },
];

async function main(): Promise<number> {
  const rerun = rerunTrustingRealCa();
  if (rerun !== undefined) return rerun;
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !GROUPS.some((g) => g.key === w));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark group(s): ${unknown.join(', ')}. Groups: ${GROUPS.map((g) => g.key).join(', ')}.`);
    return 2;
  }
  const chosen = wanted.length === 0 ? GROUPS : GROUPS.filter((g) => wanted.includes(g.key));
  const machine = describeMachine();
  console.log(machineLine(machine));
  const report: BenchReport = { startedAt: new Date().toISOString(), finishedAt: '', machine, groups: chosen.map((g) => g.key), results: [], errors: [] };
  for (const group of chosen) {
    console.log(await settleMachine(`before ${group.key}`));
    console.log(`running ${group.key} …`);
    try {
      const results = await group.run();
      report.results.push(...results.map((r) => ({ group: group.title, ...r })));
    } catch (err: unknown) {
      console.error(err);
      report.errors.push({ group: group.title, message: err instanceof Error ? err.message : String(err) });
    }
  }
  report.finishedAt = new Date().toISOString();
  console.log(`\n${machineLine(machine)}\n${formatTable(report)}`);
  console.log(`JSON: ${writeReportJson(report)}`);
  return report.errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
