/**
 * The processes a killed e2e run left behind. Playwright starts each web server in a process group of its own and
 * stops it when its run ends; a runner killed before that (a CI time-out, a closed terminal) leaves its four
 * servers serving on the suite's ports, and the next run fails before its first test ("… is already used"), while
 * the leftovers keep a share of the CPU. Every process the runner starts inherits its run id (`GAMA_E2E_RUN`,
 * `<ms>-<runner pid>`, playwright.config.ts), so a process whose run names a runner that is gone is a leftover.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The variable that carries the run id; a test passes another so that a real run's sweep leaves its processes. */
const RUN_VARIABLE = 'GAMA_E2E_RUN';

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Where {
  procRoot?: string;
  variable?: string;
}

/** The e2e run a process belongs to, from its environment; undefined for any other process. */
function runOf(pid: number, procRoot: string, variable: string): string | undefined {
  let environ: string;
  try {
    environ = readFileSync(`${procRoot}/${pid}/environ`, 'latin1');
  } catch {
    // Gone meanwhile, or not ours to read.
    return undefined;
  }
  const prefix = `${variable}=`;
  for (const entry of environ.split('\0')) {
    if (entry.startsWith(prefix)) return entry.slice(prefix.length);
  }
  return undefined;
}

/** The runner's pid in a run id; undefined when the id is not one of ours. */
export function runnerOf(run: string): number | undefined {
  const match = /^\d+-(\d+)$/.exec(run);
  return match ? Number(match[1]) : undefined;
}

/**
 * Processes of e2e runs other than `currentRun` whose runner is gone. A runner pid that a new process has taken
 * since reads as alive: its run's leftovers are then kept, never another run's live servers stopped.
 */
export function staleRunProcesses(
  currentRun: string,
  { procRoot = '/proc', variable = RUN_VARIABLE }: Where = {},
): number[] {
  const stale: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync(procRoot);
  } catch {
    // No /proc (macOS): nothing to look through, and Playwright's own "already used" says what holds a port.
    return stale;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const run = runOf(pid, procRoot, variable);
    if (run === undefined || run === currentRun) continue;
    const runner = runnerOf(run);
    if (runner !== undefined && !processAlive(runner)) stale.push(pid);
  }
  return stale;
}

/**
 * Stops the leftovers of e2e runs whose runner is gone: SIGTERM (a server closes its connections and exits), then
 * SIGKILL for any still there after `graceMs`. Returns the pids it signalled.
 */
export async function stopStaleRunProcesses(
  currentRun: string,
  options: Where & { graceMs?: number } = {},
): Promise<number[]> {
  const stale = staleRunProcesses(currentRun, options);
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  for (const pid of stale) signal(pid, 'SIGTERM');
  const deadline = Date.now() + (options.graceMs ?? 10_000);
  while (stale.some(processAlive) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const pid of stale.filter(processAlive)) signal(pid, 'SIGKILL');
  return stale;
}
