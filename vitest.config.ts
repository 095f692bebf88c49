import { defineConfig } from 'vitest/config';

// Two cores: bounded parallelism keeps PGlite instances (about 320 MB each) and CPU in check.
const projects = [
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
      testTimeout: 30_000,
      hookTimeout: 60_000,
      globalSetup: ['./test/global-setup.ts'],
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      root: './apps/api',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      env: { TEST_ENGINE: 'postgres' },
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
