// Adds up the vitest and Playwright JSON reports into one closing line: "tests: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const name of ['unit.json', 'integration.json']) {
  const file = join(dir, name);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const e2e = join(dir, 'e2e.json');
if (existsSync(e2e)) {
  const stats = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}

if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
// A failed step that ran no counted test (type-check, lint, build) still counts as a failure.
const stepFailures = failedSteps.filter((s) => !['unit', 'integration', 'browser'].includes(s)).length;
console.log(`tests: ${passed} passed, ${failed + stepFailures} failed, ${skipped} skipped`);
process.exit(failedSteps.length || failed ? 1 : 0);
