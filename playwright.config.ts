import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './tests/e2e/support/browser';
import { E2E_NOW } from './tests/e2e/support/clock';
import { E2E_BASE_URL, E2E_PORT, E2E_PORTAL_DIR } from './tests/e2e/support/env';

/**
 * End-to-end tests: real Chromium against the real reference server, which
 * serves the built portal (dist/) on its own origin.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Screenshot tours (tests/e2e/support/screenshots.ts) run only when asked for.
  grepInvert: process.env.SCREENSHOTS ? undefined : /@screenshots/,
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    locale: 'en-US',
    timezoneId: 'Asia/Dhaka',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node tests/e2e/support/start-server.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    env: { E2E_PORT: String(E2E_PORT), E2E_PORTAL_DIR, FIXED_NOW: E2E_NOW },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
