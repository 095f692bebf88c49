/**
 * Clusters that a killed test run left behind. The failover test (etcd, Patroni, HAProxy on the fixed ports
 * 3500-3509), the replica test and the restore drill (PostgreSQL servers under `pg_ctl`) start processes under a
 * temp dir and stop them in `afterAll`; a run killed part-way (Ctrl-C twice, a CI timeout, an OOM kill) never gets
 * there, and its processes keep the ports, the memory and the CPU of every later run on the machine. The global
 * set-up stops them.
 *
 * Several runs may share a machine (other worktrees, other checkouts), so only a cluster whose run is gone is
 * touched: each test writes its run's process into the dir (`claimClusterDir`), and a dir is stale when that
 * process is gone. A dir without that file (written by an older checkout) is stale only when nothing of it is the
 * child of a live Node process and nothing in it changed for ten minutes. Only processes whose command line,
 * working directory or environment points into a stale dir are signalled.
 */
import {
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The temp dirs of tests that start servers of their own (failover, replica, restore drill, and the stop-signal
 * test's `npm start`s, which run in process groups of their own: a Vitest stopped part-way left one serving for two
 * hours, session 23).
 */
export const CLUSTER_DIR_PREFIXES = [
  'gama-failover-',
  'gama-replica-',
  'gama-backup-',
  'gama-stop-',
] as const;

const OWNER_FILE = '.gama-owner';
const ORPHAN_QUIET_MS = 10 * 60_000;

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null when it is gone. */
function startTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses; the fields after its last ')' are plain.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Marks `dir` as this process's: a later run's set-up leaves it alone while this process lives. */
export function claimClusterDir(dir: string): void {
  writeFileSync(join(dir, OWNER_FILE), `${process.pid} ${startTicks(process.pid) ?? ''}\n`);
}

interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Command line, working directory and environment, joined: what may name a cluster's dir. */
  text: string;
}

function readProcesses(): ProcessInfo[] {
  const list: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const read = (file: string) => {
        try {
          return readFileSync(`/proc/${pid}/${file}`, 'utf8').replaceAll('\0', ' ');
        } catch {
          return '';
        }
      };
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        // Another user's process, or gone: its command line and environment still tell.
      }
      list.push({ pid, ppid, text: `${read('cmdline')} ${cwd}/ ${read('environ')}` });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return list;
}

function comm(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The newest modification time of the dir and its direct entries. */
function lastChange(dir: string): number {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir)) {
    try {
      newest = Math.max(newest, statSync(join(dir, entry)).mtimeMs);
    } catch {
      // Removed meanwhile.
    }
  }
  return newest;
}

function isStale(dir: string, members: ProcessInfo[]): boolean {
  const ownerFile = join(dir, OWNER_FILE);
  if (existsSync(ownerFile)) {
    const [pid, ticks] = readFileSync(ownerFile, 'utf8').trim().split(' ');
    const now = startTicks(Number(pid));
    // A reused pid has another start time.
    return now === null || (ticks !== undefined && ticks !== '' && now !== ticks);
  }
  const memberPids = new Set(members.map((m) => m.pid));
  const ownedByNode = members.some((m) => !memberPids.has(m.ppid) && comm(m.ppid) === 'node');
  return !ownedByNode && Date.now() - lastChange(dir) > ORPHAN_QUIET_MS;
}

/**
 * Stops the processes of every stale cluster dir under the temp dir and removes the dir. Returns what it
 * stopped, one line per dir, for the set-up to print.
 */
export function stopStaleClusters(root = tmpdir()): string[] {
  let dirs: string[];
  try {
    dirs = readdirSync(root)
      .filter((name) => CLUSTER_DIR_PREFIXES.some((prefix) => name.startsWith(prefix)))
      .map((name) => join(root, name));
  } catch {
    return [];
  }
  if (dirs.length === 0) return [];
  const processes = readProcesses();
  const stopped: string[] = [];
  for (const dir of dirs) {
    // The dir followed by a separator or the end of a word: /tmp/gama-replica-ab never matches …-abc.
    const names = new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/\\s=:]|$)`);
    const members = processes.filter((p) => names.test(p.text));
    let stale: boolean;
    try {
      stale = isStale(dir, members);
    } catch {
      continue;
    }
    if (!stale) continue;
    for (const member of members) {
      try {
        process.kill(member.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(dir, { recursive: true, force: true });
    stopped.push(`${dir}: ${members.length} process(es) stopped`);
  }
  return stopped;
}
