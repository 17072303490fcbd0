// Adds up the vitest and Playwright JSON reports: the failed tests by name (with the first line of
// their error), one line per cluster lane (embedded, real) and one closing line
// "tests: N passed, N failed, N skipped" over everything. The failures come last but two, so the tail
// of a CI log says which tests failed, not only how many.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [dir, ...failedSteps] = process.argv.slice(2);
const total = { passed: 0, failed: 0, skipped: 0 };

// A step that failed without a failed test (type errors, lint, a build, an unhandled error in a
// test run) still counts as one failure, so the closing line never says 0 failed on a red run.
let stepFailures = 0;

/** The first non-empty line of an error message, without terminal colours, at most 200 characters. */
function firstLine(message) {
  const line = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The failed tests of one report, as "file › title: first line of the error". */
function failures(kind, report) {
  const out = [];
  if (kind === 'vitest') {
    for (const file of report.testResults ?? []) {
      const name = relative(process.cwd(), file.name ?? '');
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) out.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      // A file that failed outside its tests (an import error, a failing hook) has no failed test.
      if (!failed.length && file.status === 'failed') out.push(`${name}: ${firstLine(file.message)}`);
    }
    return out;
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const error = (t.results ?? []).map((r) => r.error?.message).find(Boolean);
        out.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const e of report.errors ?? []) out.push(`(outside a test): ${firstLine(e.message)}`);
  return out;
}

const failedTests = [];

/** Counts of one report: a vitest JSON report or a Playwright one; undefined when the step wrote none. */
function counts(kind, file, step) {
  const path = join(dir, file);
  if (!existsSync(path)) return undefined;
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const f of failures(kind, report)) failedTests.push(`${step}: ${f}`);
  if (kind === 'vitest') {
    return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
  }
  const stats = report.stats ?? {};
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
}

const steps = [
  { step: 'unit', kind: 'vitest', file: 'unit.json' },
  { step: 'integration', kind: 'vitest', file: 'integration.json', lane: 'embedded' },
  { step: 'browser', kind: 'playwright', file: 'e2e.json', lane: 'embedded' },
  { step: 'integration-real', kind: 'vitest', file: 'integration-real.json', lane: 'real' },
  { step: 'browser-real', kind: 'playwright', file: 'e2e-real.json', lane: 'real' },
];
const lanes = new Map();
for (const { step, kind, file, lane } of steps) {
  const c = counts(kind, file, step);
  const stepFailed = failedSteps.includes(step);
  if (stepFailed && (c === undefined || c.failed === 0)) stepFailures += 1;
  if (!c) continue;
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  if (lane) lanes.set(lane, [...(lanes.get(lane) ?? []), `${step.replace('-real', '')} ${c.passed} passed / ${c.failed} failed / ${c.skipped} skipped${stepFailed ? ' (step failed)' : ''}`]);
}
if (failedTests.length) {
  console.log(`failed tests (${failedTests.length}):`);
  for (const f of failedTests) console.log(`  ${f}`);
}
for (const [lane, parts] of lanes) console.log(`lane ${lane}: ${parts.join('; ')}`);

if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
const testSteps = steps.map((s) => s.step);
for (const step of failedSteps) if (!testSteps.includes(step)) stepFailures += 1;
console.log(`tests: ${total.passed} passed, ${total.failed + stepFailures} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length || total.failed ? 1 : 0);
