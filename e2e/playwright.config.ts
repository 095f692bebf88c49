import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN, E2E_CLOCK_START } from './support/server-env.ts';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(e2eDir, '..');

// Never a browser download, never a silent skip: the system Chromium or a loud failure.
const chromiumCandidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(
  (candidate): candidate is string => Boolean(candidate),
);
const executablePath = chromiumCandidates.find((candidate) => existsSync(candidate));
if (!executablePath) {
  throw new Error(
    `No Chromium found (looked at: ${chromiumCandidates.join(', ')}). ` +
      'Install it with `apt-get install -y chromium` or set CHROMIUM_PATH to a Chromium binary.',
  );
}

// The config is evaluated again in every worker; the run id is fixed once in the runner and inherited.
process.env.GAMA_E2E_RUN ??= `${Date.now()}-${process.pid}`;
const dataRoot = path.join(e2eDir, '.e2e-data');
const runDir = path.join(dataRoot, process.env.GAMA_E2E_RUN);

const basePort = Number(process.env.GAMA_E2E_PORT ?? 3100);
// Pointing both at servers you already run (with TRUST_PROXY=true; the second one with
// DEFAULT_BETTING_STATUS=0) skips starting them, e.g. to test against the Vite dev server.
const externalOn = process.env.GAMA_E2E_BETTING_ON_URL;
const externalOff = process.env.GAMA_E2E_BETTING_OFF_URL;
const external = Boolean(externalOn && externalOff);
const bettingOnUrl = externalOn ?? `http://127.0.0.1:${basePort}`;
const bettingOffUrl = externalOff ?? `http://127.0.0.1:${basePort + 1}`;

function apiServer(port: number, name: string, extraEnv: Record<string, string> = {}) {
  return {
    command: 'npm run serve -w @gama/api',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(runDir, name),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every test is a different phone on its own network (a random X-Forwarded-For, see support/fixtures.ts);
      // without this the server's per-network code limit would count the whole suite as one client.
      TRUST_PROXY: 'true',
      CLOCK_START: E2E_CLOCK_START,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  globalTeardown: './global-teardown.ts',
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'betting-on',
      testIgnore: [/\.betting-off\.spec\.ts$/, /\/console\//],
      use: { baseURL: bettingOnUrl },
    },
    // The operator console: a laptop desk and the phone an operator approves withdrawals on.
    {
      name: 'console-desktop',
      testMatch: /\/console\/.*\.spec\.ts$/,
      testIgnore: /\.two-person\.spec\.ts$/,
      use: {
        baseURL: bettingOnUrl,
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
      },
    },
    {
      name: 'console-phone',
      testMatch: /\/console\/.*\.spec\.ts$/,
      testIgnore: /\.two-person\.spec\.ts$/,
      use: { baseURL: bettingOnUrl },
    },
    // The two-person rule is an owner setting for the whole server: these turn it on where no other test
    // declares results (the betting-off server's player tests never do).
    {
      name: 'console-two-person-desktop',
      testMatch: /\/console\/.*\.two-person\.spec\.ts$/,
      use: {
        baseURL: bettingOffUrl,
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
      },
    },
    {
      name: 'console-two-person-phone',
      testMatch: /\/console\/.*\.two-person\.spec\.ts$/,
      use: { baseURL: bettingOffUrl },
    },
    {
      name: 'betting-off',
      testMatch: /\.betting-off\.spec\.ts$/,
      use: { baseURL: bettingOffUrl },
    },
  ],
  webServer: external
    ? []
    : [
        apiServer(basePort, 'betting-on'),
        apiServer(basePort + 1, 'betting-off', { DEFAULT_BETTING_STATUS: '0' }),
      ],
});
