/**
 * The real server (`src/server.ts`) as a child process, driven over HTTP: for the suites that put something
 * between it and PostgreSQL (a pooler, a replica) and so need its own start-up path, config parsing included.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_KEY, DEFAULT_NOW } from './helpers.ts';
import { freePort } from './ports.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

export interface ChildServer {
  url: string;
  /** A legacy player call (the envelope added), with the player's token when given. */
  player<T = Record<string, unknown>>(
    path: string,
    body: Record<string, unknown>,
    token?: string,
  ): Promise<{ status: number; json: T }>;
  /** An operator call under /admin-api/ (GET without a body). */
  admin<T = Record<string, unknown>>(
    path: string,
    body: Record<string, unknown> | undefined,
    token?: string,
  ): Promise<{ status: number; json: T }>;
  /** Moves this process's clock (E2E_CLOCK_CONTROL is on in every child). */
  advance(seconds: number): Promise<void>;
  stop(): Promise<void>;
}

/** Every child started, so a failed test can end them all (`stopAll`). */
const running = new Set<ChildProcess>();

export function stopAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

async function call<T>(
  url: string,
  method: 'GET' | 'POST',
  body: Record<string, unknown> | undefined,
  token: string | undefined,
): Promise<{ status: number; json: T }> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as T };
}

/**
 * The server's bundle (`dist/server.mjs`, built by the global set-up) as production starts it, on `port`, with a test configuration (the test clock, no web build,
 * a data folder of its own) under `env`; its standard error is piped for the caller to read.
 */
export function spawnServer(port: number, env: Record<string, string>) {
  return spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_KEY,
      CLOCK_START: DEFAULT_NOW,
      LOG_LEVEL: 'error',
      WEB_DIST: join(tmpdir(), 'gama-child-no-web'),
      // Where the audit checkpoints and their key go (`<DATA_DIR>-audit`) when a test gives only DATABASE_URL.
      DATA_DIR: join(tmpdir(), `gama-child-${process.pid}-${port}`),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/**
 * Whether a server just spawned at `url` comes up: /healthz is asked every 100 ms until it answers, the child
 * ends, or `tries` more tries have failed.
 */
export async function answersHealth(url: string, child: ChildProcess, tries: number): Promise<boolean> {
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return true;
    if (child.exitCode !== null || child.signalCode !== null || i > tries) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts `server.ts` with `env` on top of a test configuration; resolves once /healthz answers. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawnServer(port, { E2E_CLOCK_CONTROL: 'true', ...env });
  running.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  if (!(await answersHealth(url, child, 900))) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start: ${stderr}`);
  }
  return {
    url,
    player: (path, body, token) =>
      call(`${url}${path}`, 'POST', { app_key: APP_KEY, env_type: 'Prod', ...body }, token),
    admin: (path, body, token) => call(`${url}${path}`, body ? 'POST' : 'GET', body, token),
    async advance(seconds) {
      const res = await call(`${url}/api/dev/clock/advance`, 'POST', { seconds }, undefined);
      if (res.status !== 200) throw new Error(`clock advance failed: ${JSON.stringify(res.json)}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (stderr.trim() !== '') throw new Error(`the server wrote errors: ${stderr}`);
    },
  };
}

/** Polls `read` until `done` holds for its value (a notice heard a moment later), or fails after `ms`. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 3_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
