import { positiveInt } from '../lib/server/env-number';

/**
 * How many browser-test workers run at once, each with its own cluster and Porthole (e2e/global-setup.ts):
 * PORTHOLE_E2E_WORKERS, default 1. The browser tests are CPU-bound: on 2 cores two workers made each test
 * take twice as long (2,455 s of tests in 21.5 min against 1,158 s in 19.3 min with one), so more pay only
 * with more cores. A worker's variables end in its Playwright parallel index (TEST_PARALLEL_INDEX,
 * 0 … workers-1, kept when a worker is replaced after a failure).
 */
export function e2eWorkers(): number {
  return positiveInt(process.env.PORTHOLE_E2E_WORKERS, 1);
}

export function stackVariable(name: string, index: number): string {
  return `${name}_${index}`;
}

/** The variable as this worker's stack has it. */
export function stackValue(name: string): string | undefined {
  return process.env[stackVariable(name, Number(process.env.TEST_PARALLEL_INDEX ?? 0))];
}
