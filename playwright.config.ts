import { defineConfig } from '@playwright/test';
import { e2eWorkers } from './e2e/stacks';
import { trustRealClusterCa } from './test/support/real-cluster-pki';

/**
 * Browser tests: Debian's Chromium (no Playwright browser download), headless, against `next start`
 * and the embedded cluster that e2e/global-setup.ts starts on free loopback ports.
 */
// The real lane's API servers use one CA, trusted by every test process from its start.
trustRealClusterCa();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Spec files run on `workers` workers at once, each against its own cluster and Porthole
  // (e2e/global-setup.ts); the tests of one file run in order.
  fullyParallel: false,
  workers: e2eWorkers(),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  // Separate directories let two people run the suite at once (each run empties its own).
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    // No trace by default: recording one for every test (its screenshots above all) made the browser
    // lanes ~20% slower on 2 cores (service-form-invalid: 108 s → 133 s), for files CI never shows.
    // Keep one for a failure with `npx playwright test --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
