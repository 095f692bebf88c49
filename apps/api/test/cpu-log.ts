/**
 * With GAMA_CPU_LOG=<file>, appends one line per test and per file: the worker's CPU (user + system, ms) the test
 * (or the file's collection and hooks) cost, and the engine. It measures where a run's CPU goes, test by test
 * (docs/testing.md); the worker's own CPU only, not a child process's or the PostgreSQL server's. With
 * GAMA_CPU_PROFILE=<dir>, writes a V8 CPU profile of each file (collection, hooks and tests) into that folder.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';

const file = process.env.GAMA_CPU_LOG;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

if (file) {
  const engine = process.env.TEST_ENGINE ?? 'pglite';
  // A setup file runs again before each test file, so this counts the file's collection (top-level awaits) too.
  const fileStart = cpuMs();
  let inTests = 0;
  let testStart = 0;
  beforeEach(() => {
    testStart = cpuMs();
  });
  afterEach(() => {
    const spent = cpuMs() - testStart;
    inTests += spent;
    const state = expect.getState();
    appendFileSync(
      file,
      `${JSON.stringify({ engine, file: state.testPath, test: state.currentTestName, ms: Math.round(spent) })}\n`,
    );
  });
  afterAll(() => {
    const path = expect.getState().testPath;
    appendFileSync(
      file,
      `${JSON.stringify({ engine, file: path, test: '(file)', ms: Math.round(cpuMs() - fileStart - inTests) })}\n`,
    );
  });
}

const profileDir = process.env.GAMA_CPU_PROFILE;
if (profileDir) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  afterAll(async () => {
    const { profile } = await session.post('Profiler.stop');
    const name = (expect.getState().testPath ?? 'file').split('/').pop();
    writeFileSync(
      `${profileDir}/${name}-${process.env.TEST_ENGINE ?? 'pglite'}.cpuprofile`,
      JSON.stringify(profile),
    );
  });
}
