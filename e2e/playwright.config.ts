import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { E2eServer } from './support/databases.ts';
import {
  createDatabases,
  databaseName,
  databaseUrl,
  E2E_SERVERS,
  e2eDatabaseBase,
} from './support/databases.ts';
import { E2E_ADMIN, E2E_CLOCK_START } from './support/server-env.ts';
import { deskSize, phoneSize } from './support/sizes.ts';
import { stopStaleRunProcesses } from './support/stale-servers.ts';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(e2eDir, '..');

// Never a browser download, never a silent skip: the system Chromium or a loud failure. Debian's headless shell
// first: the same engine without the full browser's UI process, it spent 22 s of CPU where `chromium --headless`
// spent 40 s on the same tests (funds and navigation, sampled per process), and the suite is bound by the CPU.
const chromiumCandidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
].filter((candidate): candidate is string => Boolean(candidate));
const executablePath = chromiumCandidates.find((candidate) => existsSync(candidate));
if (!executablePath) {
  throw new Error(
    `No Chromium found (looked at: ${chromiumCandidates.join(', ')}). ` +
      'Install it with `apt-get install -y chromium-headless-shell` (or `chromium`), or set CHROMIUM_PATH.',
  );
}

// The config is evaluated again in every worker; the run id is fixed once in the runner and inherited.
const inRunner = process.env.GAMA_E2E_RUN === undefined;
process.env.GAMA_E2E_RUN ??= `${Date.now()}-${process.pid}`;
const run = process.env.GAMA_E2E_RUN;
const dataRoot = path.join(e2eDir, '.e2e-data');
const runDir = path.join(dataRoot, run);

const basePort = Number(process.env.GAMA_E2E_PORT ?? 3100);
// Pointing both at servers you already run (with TRUST_PROXY=true; the second one with
// DEFAULT_BETTING_STATUS=0) skips starting them, e.g. to test against the Vite dev server.
const externalOn = process.env.GAMA_E2E_BETTING_ON_URL;
const externalOff = process.env.GAMA_E2E_BETTING_OFF_URL;
const external = Boolean(externalOn && externalOff);
const bettingOnUrl = externalOn ?? `http://127.0.0.1:${basePort}`;
const bettingOffUrl = externalOff ?? `http://127.0.0.1:${basePort + 1}`;
// The servers whose clocks the tests move (E2E_CLOCK_CONTROL); with external servers, their addresses if any.
const clockUrl = process.env.GAMA_E2E_CLOCK_URL ?? `http://127.0.0.1:${basePort + 2}`;
const drawsUrl = process.env.GAMA_E2E_DRAWS_URL ?? `http://127.0.0.1:${basePort + 3}`;

// With a PostgreSQL server for the suite, each server gets an empty database of its own on it, made here in the
// runner before any server starts (support/databases.ts); else a PGlite folder under runDir.
const pgBase = external ? undefined : e2eDatabaseBase();
// A killed run's servers would hold the ports this run's servers need (support/stale-servers.ts): stopped first,
// before their databases are dropped from under them.
if (inRunner && !external) await stopStaleRunProcesses(run);
if (pgBase && inRunner) await createDatabases(pgBase, run, E2E_SERVERS);

function apiServer(port: number, name: E2eServer, extraEnv: Record<string, string> = {}) {
  return {
    // The server's bundle as `npm run serve` starts it, without npm in front (its start-up was a third of a CPU-
    // second per server); the stop-signal tests prove the npm path.
    command: 'node --enable-source-maps dist/server.mjs',
    cwd: path.join(repoRoot, 'apps/api'),
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The server's errors in the runner's output, each with its request id: a test that meets a 500 shows why
    // (an operator's sign-in once answered INTERNAL in CI, and the server's log was not kept). Nothing below an
    // error is logged, so a green run prints nothing of theirs.
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(runDir, name),
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      // A small Argon2id: every test registers or signs in players and operators; the real size is proven in
      // apps/api/src/modules/auth/passwords.test.ts.
      PASSWORD_HASH_COST: 'test',
      // Every test is a different phone on its own network (a random X-Forwarded-For, see support/fixtures.ts);
      // without this the server's per-network code limit would count the whole suite as one client.
      TRUST_PROXY: 'true',
      CLOCK_START: E2E_CLOCK_START,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...(pgBase ? { DATABASE_URL: databaseUrl(pgBase, databaseName(run, name)) } : {}),
      ...extraEnv,
    },
  };
}

/** Console specs that change something for the whole server (the two-person rule, the rates). */
const serverWide = /\/console\/.*\.(two-person|server-wide)\.spec\.ts$/;
/** The results desk's two-person rule: each of its tests reads a maker's inbox, which every declaration reaches. */
const twoPersonResults = /\/console\/results\.two-person\.spec\.ts$/;
/** Console specs that move the server's clock (the 30-minute idle limit) or require two-factor of everyone. */
const clockSpecs = /\/console\/.*\.clock\.spec\.ts$/;
/**
 * Console specs that need a server's audit log to themselves: the caps spec signs a checkpoint and then sees no row
 * after it, which any other console test's audited action on the same server (a sign-in, a new operator) would
 * write (it failed so on a busy machine).
 */
const aloneSpecs = /\/console\/.*\.alone\.spec\.ts$/;
/** Player specs that move the server's clock (the reality check's intervals). */
const playerClockSpecs = /\/tests\/[^/]+\.clock\.spec\.ts$/;
/** Specs that move the clock past a draw or a resend timer instead of waiting for it. */
const drawSpecs = /\.draws\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // Three on two cores: a test spends part of its time waiting on the network and the quiet period, and two
  // workers left the CPU 30% idle (full suite: 18.7 min with 2 workers, 14.9 min with 3, every test green).
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Limits, not waits: a passing step returns the moment its state holds, so these only decide how long a broken
  // one takes to be reported. They leave room for a machine whose two cores are busy with something else too
  // (an 8 s wait for the API reference's heading failed once on a busy machine, and 15 s on a machine two and a
  // half times slower than most, at load 15).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  globalTeardown: './global-teardown.ts',
  use: {
    // One device pixel per CSS pixel (support/sizes.ts): nothing in either app reads the pixel ratio (no srcset,
    // no resolution query), and software rendering paints a quarter of the pixels. The screenshots script keeps 2.
    ...phoneSize,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    // The app's service worker precaches the whole shell in the background of every page; the feature tests do
    // not need it, and pwa.spec.ts turns it on where it is the subject.
    serviceWorkers: 'block',
    // Players who ask for less motion get a still screen: no scrolling headline, shimmer or spinner. Software
    // rendering draws every frame of those on the CPU, a quarter of the suite's CPU time (measured on bidding,
    // funds and shell: 293 s against 215 s); shell.spec.ts runs the home screen with motion, where it is asserted.
    reducedMotion: 'reduce',
    // Recording a trace of every test cost a sixth of the suite's CPU (the DOM snapshots; 200 s against 164 s on
    // bidding, funds and shell) for files CI never hands back. Record one with `--trace retain-on-failure`.
    trace: 'off',
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
        // V8's baseline compiler only, no optimising tiers (Maglev, Turbofan): a test's page lives for seconds,
        // and optimising code it will not run long enough to repay was a third of the renderer's background
        // threads. Measured per thread on the funds, bidding and accessibility specs (session 23): the
        // renderers' CPU 8-21 % lower, axe's walks included (70 against 89 CPU-s); the interpreter alone
        // (`--max-opt=0`) cost the axe walks more on the main thread than it saved.
        '--js-flags=--max-opt=1',
      ],
    },
  },
  projects: [
    // Projects start in this order: the two one-at-a-time projects first, so they run beside the rest, then the
    // projects with the longest tests; the player's many short tests fill the end.
    // Moving the clock past a market's draw (declaring its result at once instead of waiting minutes for it) or
    // a code's resend timer would close other tests' markets under them: these run on a fourth server, one test
    // at a time. The console's run at the desk's size and then the phone's inside this project (`atBothSizes`):
    // a phone project depending on a desktop one would start only once every other project had finished, and
    // then run alone at the end of the suite.
    {
      name: 'draws',
      testMatch: drawSpecs,
      workers: 1,
      use: { baseURL: drawsUrl },
    },
    // Moving the clock ends every operator session on the server and two-factor for everyone stops every
    // operator who has not enrolled, and the player's reality check lets time pass: these run on a third server
    // of their own, one test at a time (a step of the clock in the middle of another test would end its
    // sessions early), the console's at both sizes like the draws. The specs that need the audit log to
    // themselves (`*.alone.spec.ts`) run here too, where nothing else writes to it meanwhile.
    {
      name: 'clock',
      testMatch: [clockSpecs, playerClockSpecs, aloneSpecs],
      workers: 1,
      use: { baseURL: clockUrl },
    },
    // The results desk under the two-person rule, one test at a time at both sizes (`atBothSizes`) on the
    // betting-off server: a declaration waiting for approval reaches every results operator's inbox, so two of
    // these tests at once would each see the other's items in their maker's inbox.
    {
      name: 'two-person-results',
      testMatch: twoPersonResults,
      workers: 1,
      use: { baseURL: bettingOffUrl },
    },
    {
      name: 'betting-off',
      testMatch: /\.betting-off\.spec\.ts$/,
      use: { baseURL: bettingOffUrl },
    },
    // The two-person rule and the rates are for the whole server: these specs change them where no other test
    // declares results or places bids (the betting-off server's player tests never do).
    {
      name: 'console-two-person-desktop',
      testMatch: serverWide,
      testIgnore: [clockSpecs, twoPersonResults],
      use: { baseURL: bettingOffUrl, ...deskSize },
    },
    {
      name: 'console-two-person-phone',
      testMatch: serverWide,
      testIgnore: [clockSpecs, twoPersonResults],
      // As console-phone: the tests whose layout or interaction differs on a phone (support/console.ts, PHONE).
      grep: /@phone/,
      use: { baseURL: bettingOffUrl },
    },
    // The operator console: a laptop desk and the phone an operator approves withdrawals on.
    {
      name: 'console-desktop',
      testMatch: /\/console\/.*\.spec\.ts$/,
      testIgnore: [serverWide, clockSpecs, drawSpecs, aloneSpecs],
      use: { baseURL: bettingOnUrl, ...deskSize },
    },
    {
      name: 'console-phone',
      testMatch: /\/console\/.*\.spec\.ts$/,
      testIgnore: [serverWide, clockSpecs, drawSpecs, aloneSpecs],
      // The tests whose layout or interaction differs on a phone (support/console.ts, PHONE).
      grep: /@phone/,
      use: { baseURL: bettingOnUrl },
    },
    {
      name: 'betting-on',
      testIgnore: [/\.betting-off\.spec\.ts$/, /\/console\//, playerClockSpecs, drawSpecs],
      use: { baseURL: bettingOnUrl },
    },
  ],
  webServer: external
    ? []
    : [
        apiServer(basePort, 'betting-on'),
        apiServer(basePort + 1, 'betting-off', { DEFAULT_BETTING_STATUS: '0' }),
        // Test-only: POST /api/dev/clock/advance exists on this server alone (refused in production).
        apiServer(basePort + 2, 'clock', { E2E_CLOCK_CONTROL: 'true' }),
        apiServer(basePort + 3, 'draws', { E2E_CLOCK_CONTROL: 'true' }),
      ],
});
