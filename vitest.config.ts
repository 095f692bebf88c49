import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// Two cores: bounded parallelism keeps PGlite instances (about 320 MB each) and CPU in check.
const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'core', root: './packages/core', include: ['src/**/*.test.ts'] } },
  { test: { name: 'ui', root: './packages/ui', include: ['src/**/*.test.ts', 'build/**/*.test.ts'] } },
  // The player app's pure logic (no DOM): what a bid answer leaves of the slip, reality-check timing.
  { test: { name: 'web', root: './apps/web', include: ['src/**/*.test.ts'] } },
  {
    test: {
      name: 'api',
      root: './apps/api',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      env: { TEST_ENGINE: 'pglite' },
      // One module graph per worker, not per file: each file already opens its own database and app, and
      // importing the server afresh for every file took a third of the project's time (317 s against 195 s).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      globalSetup: ['./test/global-setup.ts'],
    },
  },
];
/**
 * API test files that open no database: the engine changes nothing they do, so they run once, on the PGlite
 * project. stop-signals alone spends about 30 s starting `npm start` (on its own PGlite) three times.
 */
const engineIndependent = [
  'src/config.test.ts',
  'src/db/pglite.test.ts',
  'src/http/route-csv.test.ts',
  'src/lib/batch.test.ts',
  'src/modules/metrics/dashboard.test.ts',
  'src/sms/provider.test.ts',
  'test/module-graph.test.ts',
  'test/stop-signals.test.ts',
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      root: './apps/api',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...engineIndependent],
      env: { TEST_ENGINE: 'postgres' },
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      globalSetup: ['./test/global-setup.ts'],
    },
  });
}

export default defineConfig({
  test: {
    projects,
    maxWorkers: 2,
    fileParallelism: true,
  },
});
