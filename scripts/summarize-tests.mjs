// Adds up the vitest and Playwright JSON reports into one closing line: "tests: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

// A step that failed without a failed test (type errors, lint, a build, an unhandled error in a
// test run) still counts as one failure, so the closing line never says 0 failed on a red run.
let stepFailures = 0;
const countStep = (step, failedTests) => {
  if (failedSteps.includes(step) && failedTests === 0) stepFailures += 1;
};

for (const [step, name] of [['unit', 'unit.json'], ['integration', 'integration.json']]) {
  const file = join(dir, name);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  countStep(step, report.numFailedTests ?? 0);
}

const e2e = join(dir, 'e2e.json');
if (existsSync(e2e)) {
  const stats = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  countStep('browser', stats.unexpected ?? 0);
}

if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
for (const step of failedSteps) if (!['unit', 'integration', 'browser'].includes(step)) stepFailures += 1;
if (failedSteps.includes('unit') && !existsSync(join(dir, 'unit.json'))) stepFailures += 1;
if (failedSteps.includes('integration') && !existsSync(join(dir, 'integration.json'))) stepFailures += 1;
if (failedSteps.includes('browser') && !existsSync(join(dir, 'e2e.json'))) stepFailures += 1;
console.log(`tests: ${passed} passed, ${failed + stepFailures} failed, ${skipped} skipped`);
process.exit(failedSteps.length || failed ? 1 : 0);
