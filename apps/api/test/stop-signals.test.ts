/**
 * `npm start` runs the server under npm and tsx. Stopping it (Ctrl-C, or SIGTERM from a supervisor to the npm
 * process) must stop the server and free the port, not leave an orphan holding it: each script hands its process
 * over with `exec`, so the signal npm forwards reaches tsx, which relays it to the server.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';
import { claimClusterDir } from './stale-clusters.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'gama-stop-'));
// A run stopped before afterAll leaves its servers behind: a later run's set-up stops them (stale-clusters.ts).
claimClusterDir(dataDir);
const groups: number[] = [];
afterAll(() => {
  // A failed stop leaves the server behind; its process group is still ours to end.
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone: the test passed
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const portAnswers = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

async function until(check: () => Promise<boolean>, what: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts the server the way `npm start` does after its build, in a process group of its own. */
async function startUnderNpm(port: number) {
  const child = spawn('npm', ['run', 'serve', '-w', '@gama/api'], {
    cwd: repoRoot,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      // One data folder for the file's servers, one after another: the first migrates and seeds it (about 7 s of
      // CPU), the later ones start the way a second `npm start` does. A server still holding it is refused loudly.
      DATA_DIR: join(dataDir, 'data'),
      LOG_LEVEL: 'error',
      WEB_DIST: join(dataDir, 'no-web'),
      ADMIN_DIST: join(dataDir, 'no-admin'),
    },
    stdio: 'ignore',
  });
  if (child.pid) groups.push(child.pid);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await until(() => portAnswers(port), 'the server to listen', 90_000);
  return { child, exited };
}

describe('stopping npm start', () => {
  it('hands the process over with exec at every step, so the signal is not stopped by a shell', () => {
    const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    const api = JSON.parse(readFileSync(join(repoRoot, 'apps/api/package.json'), 'utf8')) as {
      scripts: { serve: string };
    };
    expect(root.scripts.start).toMatch(/&& exec npm run serve -w @gama\/api$/);
    expect(api.scripts.serve).toMatch(/^exec /);
  });

  it('frees the port when a supervisor sends SIGTERM to npm', async () => {
    const port = await freePort();
    const { child, exited } = await startUnderNpm(port);
    process.kill(child.pid ?? 0, 'SIGTERM');
    await until(async () => !(await portAnswers(port)), 'the port to be free', 15_000);
    await exited;
  }, 120_000);

  it('frees the port on Ctrl-C (SIGINT to the whole foreground group)', async () => {
    const port = await freePort();
    const { child, exited } = await startUnderNpm(port);
    process.kill(-(child.pid ?? 0), 'SIGINT');
    await until(async () => !(await portAnswers(port)), 'the port to be free', 15_000);
    await exited;
  }, 120_000);
});

/** The processes under `root` (its children, theirs, …), with their parent and command line, from /proc. */
function descendants(root: number): { pid: number; ppid: number; command: string }[] {
  const all: { pid: number; ppid: number; command: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      all.push({ pid: Number(name), ppid, command });
    } catch {
      // ended while being read
    }
  }
  const found: typeof all = [];
  let parents = new Set([root]);
  while (parents.size > 0) {
    const next = all.filter((p) => parents.has(p.ppid));
    found.push(...next);
    parents = new Set(next.map((p) => p.pid));
  }
  return found;
}

const groupAlive = (group: number) => {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

/** The server's push sender (decision 036), once it runs: a child of the server process. */
async function pushSender(npm: number) {
  let sender: { pid: number; ppid: number } | undefined;
  await until(
    async () => {
      sender = descendants(npm).find((p) => p.command.includes('dist/sender-process.mjs'));
      return sender !== undefined;
    },
    'the push sender to start',
    30_000,
  );
  return sender as { pid: number; ppid: number };
}

describe('the push sender stops with the server', () => {
  it('leaves no process of the group behind when a supervisor sends SIGTERM to npm', async () => {
    const port = await freePort();
    const { child, exited } = await startUnderNpm(port);
    const group = child.pid ?? 0;
    await pushSender(group);
    process.kill(group, 'SIGTERM');
    await exited;
    await until(async () => !groupAlive(group), 'every process of the group to end', 15_000);
  }, 120_000);

  it('ends by itself when the server is killed outright (SIGKILL), not left as an orphan', async () => {
    const port = await freePort();
    const { child, exited } = await startUnderNpm(port);
    const group = child.pid ?? 0;
    const sender = await pushSender(group);
    process.kill(sender.ppid, 'SIGKILL');
    await until(
      async () => {
        try {
          process.kill(sender.pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      'the sender to end',
      15_000,
    );
    await exited;
    await until(async () => !groupAlive(group), 'every process of the group to end', 15_000);
  }, 120_000);
});
