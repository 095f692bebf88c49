/**
 * CPU accounting for the benchmarks from Linux /proc: per process (by pid, so one that ends during a run
 * keeps what it used by its last sample) and for the whole machine. Elsewhere every figure is 0.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc times (USER_HZ, 100 on Linux). */
export const TICK_US = 10_000;

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The executable's name, e.g. "postgres" or "node". */
  comm: string;
  /** The command line as the process shows it (PostgreSQL backends put their database there). */
  title: readonly string[];
}

/** utime + stime of every process `pick` accepts, in ticks, by pid. */
export function processTicks(pick: (p: ProcessInfo) => boolean): Map<number, number> {
  const ticks = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return ticks;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      const info = {
        pid: Number(pid),
        ppid: Number(fields[1]),
        comm,
        get title() {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
        },
      };
      if (pick(info)) ticks.set(info.pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

/** Starts following the processes `pick` accepts (sampled every second); the result gives the CPU µs they used. */
export function followProcesses(pick: (p: ProcessInfo) => boolean): () => number {
  const first = processTicks(pick);
  const last = new Map(first);
  const sample = () => {
    for (const [pid, t] of processTicks(pick)) last.set(pid, t);
  };
  const timer = setInterval(sample, 1_000);
  return () => {
    clearInterval(timer);
    sample();
    let used = 0;
    for (const [pid, t] of last) used += t - (first.get(pid) ?? 0);
    return used * TICK_US;
  };
}

/** The PostgreSQL backends serving `database` (title "postgres: [cluster: ]<user> <database> …"). */
export function postgresBackendsOf(database: string): (p: ProcessInfo) => boolean {
  return (p) => p.comm === 'postgres' && p.title[0] === 'postgres:' && p.title.includes(database);
}

/** A process and its children (node:cluster workers), without tsx's esbuild service. */
export function processTree(root: number): (p: ProcessInfo) => boolean {
  return (p) => (p.pid === root || p.ppid === root) && p.comm !== 'esbuild';
}

/** Busy and total CPU time of the whole machine so far, in µs (all CPUs). */
export function machineTime(): { busy: number; total: number } {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: (total - idle) * TICK_US, total: total * TICK_US };
  } catch {
    return { busy: 0, total: 0 };
  }
}
