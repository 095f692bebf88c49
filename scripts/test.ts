/**
 * `npm test`: the build (both apps and the server's bundle), the unit and API suites (Vitest), and the browser
 * suite (Playwright), stopping at the first that fails with its exit code. Each stage's wall time is printed as it
 * ends and again in a table at the end, with the moment it started, so a slower suite shows where, run by run
 * (docs/testing.md keeps the figures).
 *
 * The browser suite and Vitest run side by side once the build is done: each alone leaves part of the two cores
 * idle (a Vitest file waiting on a cluster of its own, a browser test waiting on a page or a server), and
 * together they fill each other's waits (docs/testing.md has the figures). Nothing is shared between the two: Vitest's databases are per file, its servers on free ports (the failover cluster on
 * 3500-3509), Playwright's four servers on GAMA_E2E_PORT and the three after it with data dirs of their own, and
 * Playwright serves the build, which is finished before either starts.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

interface Stage {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const build: Stage = { name: 'build (player app, console, server)', command: 'npm', args: ['run', 'build'] };
const vitest: Stage = {
  name: 'unit and API (Vitest)',
  command: 'npx',
  args: ['vitest', 'run'],
};
const browser: Stage = { name: 'browser (Playwright)', command: 'npm', args: ['test', '-w', '@gama/e2e'] };
const stages = [build, vitest, browser];

interface Running {
  stage: Stage;
  child: ChildProcess;
  began: number;
  done: Promise<number>;
}

const start = Date.now();
const results: Array<{ name: string; startedAt: number; ms: number; code: number }> = [];
const running = new Set<Running>();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function launch(stage: Stage): Running {
  console.log(`\n== ${stage.name} (at ${seconds(Date.now() - start)})`);
  const began = Date.now();
  // A process group of its own, so that a failure elsewhere can stop the whole stage (its workers, browsers and
  // servers), not only the npm in front of it.
  const child = spawn(stage.command, stage.args, {
    // No terminal input: a process outside the terminal's foreground group that read it would be stopped.
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: { ...process.env, ...stage.env },
  });
  const entry: Running = {
    stage,
    child,
    began,
    done: new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        const exit = code ?? (signal ? 1 : 0);
        running.delete(entry);
        results.push({ name: stage.name, startedAt: began - start, ms: Date.now() - began, code: exit });
        console.log(
          `== ${stage.name}: ${exit === 0 ? 'passed' : `failed (exit ${exit})`} in ${seconds(Date.now() - began)}`,
        );
        resolve(exit);
      });
    }),
  };
  running.add(entry);
  return entry;
}

/** Ctrl-C's way first (each runner closes its workers and servers), then a kill for what does not end. */
async function stopAll(): Promise<void> {
  const left = [...running];
  for (const entry of left) signalGroup(entry.child, 'SIGINT');
  const timer = setTimeout(() => {
    for (const entry of left) signalGroup(entry.child, 'SIGKILL');
  }, 20_000);
  await Promise.all(left.map((entry) => entry.done));
  clearTimeout(timer);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

// The stages run in groups of their own, outside the terminal's: a Ctrl-C or a supervisor's TERM reaches them
// through here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const entry of running) signalGroup(entry.child, signal);
  });
}

async function main(): Promise<number> {
  const built = await launch(build).done;
  if (built !== 0) return built;

  const unit = launch(vitest);
  const e2e = launch(browser);
  // The first of the two to fail decides the exit code and stops the other; else both must pass.
  const outcomes = [unit.done, e2e.done].map((done) =>
    done.then((code) => {
      if (code !== 0) throw code;
      return code;
    }),
  );
  try {
    await Promise.all(outcomes);
    return 0;
  } catch (code) {
    await stopAll();
    return typeof code === 'number' ? code : 1;
  }
}

const code = await main();

const width = Math.max(...stages.map((stage) => stage.name.length));
console.log('\nnpm test, wall time per stage (started at, seconds from the start):');
for (const result of results.sort((a, b) => a.startedAt - b.startedAt)) {
  console.log(
    `  ${result.name.padEnd(width)}  at ${seconds(result.startedAt).padStart(8)}  ${seconds(result.ms).padStart(8)}  ${result.code === 0 ? 'passed' : 'FAILED'}`,
  );
}
console.log(`  ${'total'.padEnd(width)}     ${''.padStart(8)}  ${seconds(Date.now() - start).padStart(8)}`);
process.exitCode = code;
