/**
 * The global set-up's clean-up of clusters a killed run left behind (stale-clusters.ts), under a temp root of its
 * own so that it never meets a real run's dirs: what a dead run left is stopped and removed, what a live run
 * (this process, or a Node parent of an older checkout) holds is left alone, and so is a process that merely
 * has a similar dir's name as a prefix.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimClusterDir, stopStaleClusters } from './stale-clusters.ts';

const root = mkdtempSync(join(tmpdir(), 'gama-stale-test-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(root, { recursive: true, force: true });
});

/** A long `sleep` whose working directory is `cwd`, as a postmaster's is its data dir. */
function sleeper(cwd: string): ChildProcess {
  const child = spawn('sleep', ['300'], { cwd, stdio: 'ignore' });
  started.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(true);
    else {
      const timer = setTimeout(() => resolve(false), 5_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    }
  });

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Makes a dir and everything in it look untouched for an hour. */
function ageDir(dir: string): void {
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const path of [join(dir, 'data'), dir]) utimesSync(path, hourAgo, hourAgo);
}

describe('clusters left by a killed run', () => {
  it('stops the processes of a dir whose run is gone and removes it; a live run keeps its own', async () => {
    // A run that is gone: its process exited, the pid written in its dir names nobody now.
    const gone = spawnSync('true').pid;
    const deadDir = join(root, 'gama-failover-dead');
    mkdirSync(join(deadDir, 'data'), { recursive: true });
    writeFileSync(join(deadDir, '.gama-owner'), `${gone} \n`);
    const orphan = sleeper(join(deadDir, 'data'));

    // This run: its dir is claimed by this process, which lives.
    const liveDir = join(root, 'gama-replica-live');
    mkdirSync(join(liveDir, 'data'), { recursive: true });
    claimClusterDir(liveDir);
    const ours = sleeper(join(liveDir, 'data'));

    // An older checkout's dir, without the owner file, old, whose process is this Node process's child.
    const olderLive = join(root, 'gama-backup-older');
    mkdirSync(join(olderLive, 'data'), { recursive: true });
    const olderChild = sleeper(join(olderLive, 'data'));
    ageDir(olderLive);

    // A dir that is no cluster's, though the stale one's name is its prefix.
    const lookalike = `${deadDir}x`;
    mkdirSync(lookalike);
    const bystander = sleeper(lookalike);

    const stopped = stopStaleClusters(root);

    expect(stopped).toEqual([`${deadDir}: 1 process(es) stopped`]);
    expect(await exited(orphan)).toBe(true);
    expect(existsSync(deadDir)).toBe(false);
    expect(alive(ours)).toBe(true);
    expect(existsSync(liveDir)).toBe(true);
    expect(alive(olderChild)).toBe(true);
    expect(existsSync(olderLive)).toBe(true);
    expect(alive(bystander)).toBe(true);
    expect(stopStaleClusters(root)).toEqual([]);
  });

  it('stops an ownerless dir only once it is quiet and no Node process holds it', async () => {
    const dir = join(root, 'gama-replica-ownerless');
    mkdirSync(join(dir, 'data'), { recursive: true });
    // Adopted by init, as a postmaster that `pg_ctl` started is, or a child whose test worker was killed.
    const shell = spawnSync(
      'sh',
      ['-c', `cd '${join(dir, 'data')}' && (sleep 300 >/dev/null 2>&1 & echo $!)`],
      {
        encoding: 'utf8',
      },
    );
    const pid = Number(shell.stdout.trim());
    // Gone, or a zombie its adopter has not reaped yet.
    const running = () => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
      } catch {
        return false;
      }
    };
    try {
      expect(running()).toBe(true);
      // Just written: it may be a run of an older checkout still starting.
      expect(stopStaleClusters(root)).toEqual([]);
      expect(running()).toBe(true);
      ageDir(dir);
      expect(stopStaleClusters(root)).toEqual([`${dir}: 1 process(es) stopped`]);
      const until = Date.now() + 5_000;
      while (running() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(running()).toBe(false);
      expect(existsSync(dir)).toBe(false);
    } finally {
      if (running()) process.kill(pid, 'SIGKILL');
    }
  });
});
