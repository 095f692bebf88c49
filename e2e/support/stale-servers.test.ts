import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive, runnerOf, stopStaleRunProcesses } from './stale-servers.ts';

// Not GAMA_E2E_RUN: the browser suite runs beside Vitest in `npm test`, and its runner's own sweep at start would
// otherwise stop this test's leftovers before the test does.
const variable = 'GAMA_E2E_RUN_UNDER_TEST';
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A process of the e2e run `run` that idles until signalled; resolved once its signal handler is in place. */
async function runProcess(run: string, options: { ignoresTerm?: boolean } = {}): Promise<ChildProcess> {
  const code = `${options.ignoresTerm ? "process.on('SIGTERM', () => {});" : ''} setInterval(() => {}, 1000); console.log('ready');`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, [variable]: run },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  // Its environment is the run's only once it has started (before that, /proc shows the parent's).
  if (!child.stdout) throw new Error('no stdout');
  await once(child.stdout, 'data');
  return child;
}

/** The pid of a process that has come and gone: a runner killed before its run ended. */
async function goneRunner(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  expect(child.pid).toBeDefined();
  return child.pid ?? 0;
}

function exitOf(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.signalCode);
  return once(child, 'exit').then(([, signal]) => signal as NodeJS.Signals | null);
}

describe('the leftovers of e2e runs whose runner is gone', () => {
  it("stops a killed run's processes, and keeps a live run's and this run's own", async () => {
    const gone = await goneRunner();
    const current = `${Date.now()}-${gone}`;
    const leftover = await runProcess(`${Date.now() - 60_000}-${gone}`);
    const live = await runProcess(`${Date.now()}-${process.pid}`);
    const own = await runProcess(current);

    const stopped = await stopStaleRunProcesses(current, { variable });

    expect(stopped).toContain(leftover.pid);
    expect(stopped).not.toContain(live.pid);
    expect(stopped).not.toContain(own.pid);
    expect(await exitOf(leftover)).toBe('SIGTERM');
    expect(processAlive(live.pid ?? 0)).toBe(true);
    expect(processAlive(own.pid ?? 0)).toBe(true);
  });

  it('kills a leftover that does not stop on SIGTERM once the grace has passed', async () => {
    const gone = await goneRunner();
    const stubborn = await runProcess(`${Date.now()}-${gone}`, { ignoresTerm: true });

    const stopped = await stopStaleRunProcesses('0-0', { graceMs: 300, variable });

    expect(stopped).toContain(stubborn.pid);
    expect(await exitOf(stubborn)).toBe('SIGKILL');
  });

  it('finds nothing where there is no /proc to look through', async () => {
    expect(await stopStaleRunProcesses('0-0', { procRoot: '/nonexistent-proc', variable })).toEqual([]);
  });

  it('reads the runner from a run id, and nothing from any other value', () => {
    expect(runnerOf('1764500000000-4242')).toBe(4242);
    expect(runnerOf('4242')).toBeUndefined();
    expect(runnerOf('1764500000000-42a')).toBeUndefined();
  });
});
