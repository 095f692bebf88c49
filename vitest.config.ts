import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import {
  bothEngines,
  engineIndependent,
  onPglite,
  onPostgres,
  postgresOnly,
} from './apps/api/test/engines.ts';
import WaitingFirstSequencer from './apps/api/test/sequencer.ts';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const api = {
  root: './apps/api',
  // One module graph per worker, not per file: each file already opens its own database and app, and
  // importing the server afresh for every file took a third of the project's time (317 s against 195 s).
  isolate: false,
  // Limits, not waits: a passing test returns the moment it is done, so these only decide how long a stuck one
  // takes to be reported. On a machine busy with other work (load 20 on two cores, 2026-11-29), 30 s failed
  // tests that race forty requests and 60 s the set-up of a file, with nothing wrong in them.
  testTimeout: 120_000,
  hookTimeout: 180_000,
  globalSetup: ['./test/global-setup.ts'],
  // Per-test CPU, only with GAMA_CPU_LOG set (test/cpu-log.ts).
  setupFiles: ['./test/cpu-log.ts'],
};

// Two cores: bounded parallelism keeps PGlite instances (about 320 MB each, three at most) and CPU in check.
const projects: TestProjectInlineConfiguration[] = [
  // The shared rules are pure functions with no mocks or globals: one module graph per worker rather than a process
  // per file (24 files; the three small projects 23.5 -> 19.7 CPU-s, session 25). The player app's logic mocks
  // modules (toast.test.ts) and stays isolated.
  { test: { name: 'core', root: './packages/core', include: ['src/**/*.test.ts'], isolate: false } },
  { test: { name: 'ui', root: './packages/ui', include: ['src/**/*.test.ts', 'build/**/*.test.ts'] } },
  // The player app's pure logic (no DOM): what a bid answer leaves of the slip, reality-check timing.
  { test: { name: 'web', root: './apps/web', include: ['src/**/*.test.ts'] } },
  // The browser suite's own helpers that can be proven without a browser (the leftovers of a killed run).
  { test: { name: 'e2e-support', root: './e2e', include: ['support/**/*.test.ts'] } },
  {
    test: {
      ...api,
      name: 'api',
      // With a PostgreSQL server, each file runs where it proves something (apps/api/test/engines.ts); without
      // one, every file runs here.
      include: withPostgres
        ? [...bothEngines, ...onPglite, ...engineIndependent]
        : ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Files about PostgreSQL itself (roles, replicas, poolers, backups) need one: without it they are not
      // collected at all, rather than collected and switched off.
      exclude: withPostgres ? configDefaults.exclude : [...configDefaults.exclude, ...postgresOnly],
      env: { TEST_ENGINE: 'pglite' },
    },
  },
];
// The PostgreSQL project's group (three workers) runs first, then these, also with three: the crash points and the
// stop signals hold two of them for most of two minutes while their child servers work, and with two workers
// every short PGlite file waited for them and ran after the browser suite had ended, with a core idle at times.
// Three took `npm test` from 480 to 462 s on session 24's machine, the cores busy from the first minute to the
// last; the crash points on PGlite, which once reached a 240 s limit with three workers at load 15-20, took 115 s.
for (const project of projects)
  project.test = { ...project.test, sequence: { groupOrder: 1 }, maxWorkers: 3 };
if (withPostgres) {
  projects.push({
    test: {
      ...api,
      name: 'api-postgres',
      include: [...bothEngines, ...postgresOnly, ...onPostgres],
      env: { TEST_ENGINE: 'postgres' },
      // Three workers on two cores here, and first: the failover test waits on its cluster for most of two
      // minutes, the restore drill, the replica and PgBouncer on servers of their own, and the other files on the
      // PostgreSQL server, which does their queries outside the workers; with two, a core sat idle meanwhile
      // (apps/api/test/sequencer.ts starts the waiting files beside two that work). On PGlite the database runs
      // inside the worker, so a third worker only slowed every file (the crash points on PGlite reached their
      // 240 s limit with three, at load 15-20).
      maxWorkers: 3,
      sequence: { groupOrder: 0 },
    },
  });
}

export default defineConfig({
  test: {
    projects,
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: WaitingFirstSequencer },
    // A failure's errors as it happens, for the run that is stopped before its summary (test/failures-at-once.ts);
    // with GAMA_TIMELINE, each file's start and end (test/timeline.ts).
    reporters: [
      'default',
      './apps/api/test/failures-at-once.ts',
      ...(process.env.GAMA_TIMELINE ? ['./apps/api/test/timeline.ts'] : []),
    ],
  },
});
