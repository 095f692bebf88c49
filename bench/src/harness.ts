/**
 * Shared set-up for the benchmarks: the real server (buildApp + listen) on PGlite in a temp dir, or on
 * PostgreSQL when DATABASE_URL is set, seeded through the same builders the tests use, with players
 * funded by real ledger journals and sessions created directly (logging in 200 players through Argon2id
 * would measure password hashing, not bidding). HTTP load comes from `runLoad`, a separate process, so the
 * load generator never takes CPU from the server's JS thread.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pointsToPaise } from '@gama/core/rules/money';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { ManualClock } from '../../apps/api/src/clock.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import type { Database } from '../../apps/api/src/db/database.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { openDatabase } from '../../apps/api/src/db/open.ts';
import { seedDemoContent } from '../../apps/api/src/seed/content.ts';
import { seedMarket } from '../../apps/api/src/seed/markets.ts';
import { hashPassword } from '../../apps/api/src/modules/auth/passwords.ts';
import { createSession } from '../../apps/api/src/modules/auth/sessions.ts';
import { writeOwnerSettingDefaults } from '../../apps/api/src/modules/settings/owner-settings.ts';
import { freePort } from '../../apps/api/test/ports.ts';
import type { BodyKind, LoadSpec, LoadSummary } from './load.ts';
import type { OpenLoadSpec, OpenLoadSummary } from './open-load.ts';

export type { BodyKind, LoadSummary } from './load.ts';
export { freePort };
export type { OpenLoadSummary, PhaseSummary } from './open-load.ts';

export const APP_KEY = 'bench-app-key-1';
/** Friday 2026-11-20 12:00 IST: the bench market (open 11:00 PM) takes open bids all day. */
export const NOW = '2026-11-20T06:30:00.000Z';
export const BID_DATE = '20-November-2026';

export interface Bench {
  db: Database;
  app: FastifyInstance;
  url: string;
  engine: string;
  marketId: number;
  close(): Promise<void>;
}

/**
 * `reuse` (PostgreSQL only) keeps the data a previous run of the same bench left in DATABASE_URL instead of
 * starting from a clean slate: measure again without seeding again.
 */
export async function startBench(
  label: string,
  options: {
    reuse?: boolean;
    /** Settings over the bench's own (e.g. `NODE_ENV: 'production'` to measure what production runs). */
    env?: Record<string, string>;
    /** Where the server's log lines go; without it the server logs nothing. */
    logger?: { write(line: string): void };
  } = {},
): Promise<Bench> {
  const reuse = options.reuse === true && process.env.DATABASE_URL !== undefined;
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), `gama-bench-${label}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_KEY,
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: dataDir }),
    ...options.env,
  });
  const db = await openDatabase(config);
  if (process.env.DATABASE_URL && !reuse) {
    // A clean slate on the server: the bench owns the database it is given.
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  }
  await migrate(db);
  const clock = new ManualClock(NOW);
  const name = `BENCH ${label}`;
  const { rows: kept } = await db.query<{ id: number }>('SELECT id FROM markets WHERE name = $1', [name]);
  let marketId = kept[0]?.id;
  if (marketId === undefined) {
    await seedDemoContent(db, clock.now(), { defaultBettingStatus: '1' });
    marketId = await seedMarket(db, { name, open: '11:00 PM', close: '11:30 PM', now: clock.now() });
  }
  await writeOwnerSettingDefaults(db, config, clock.now());
  const app = await buildApp({
    config,
    db,
    clock,
    pepper: 'bench-pepper-0123456789',
    logger: options.logger ?? false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    db,
    app,
    url: address,
    engine: db.engine,
    marketId,
    async close() {
      await app.close();
      await db.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BenchPlayer {
  id: number;
  token: string;
  mobile: string;
}

/** Players with a wallet of `points`, funded by one deposit-style adjustment journal each. */
export async function seedPlayers(db: Database, count: number, points: number): Promise<BenchPlayer[]> {
  const hash = await hashPassword('bench-password-1');
  const clock = new ManualClock(NOW);
  const { rows } = await db.query<{ id: number; mobile: string }>(
    `INSERT INTO players (user_name, mobile, password_hash, betting_status, created_at, password_changed_at)
     SELECT 'Bench ' || g, (7000000000 + g)::text, $2, '1', $3, $3 FROM generate_series(1, $1::int) g
     RETURNING id, mobile`,
    [count, hash, clock.now()],
  );
  const ids = rows.map((r) => r.id);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
       SELECT 'adjustment', 'system', 'player', id, 'Bench funding', $2 FROM unnest($1::bigint[]) AS id`,
      [ids, clock.now()],
    );
    await tx.query(
      `INSERT INTO entries (journal_id, account_id, amount)
       SELECT j.id, a.id, $1::bigint FROM journals j JOIN accounts a ON a.player_id = j.ref_id AND a.kind = 'wallet'
        WHERE j.note = 'Bench funding'
       UNION ALL
       SELECT j.id, (SELECT id FROM accounts WHERE kind = 'adjustments' AND player_id IS NULL), -$1::bigint
         FROM journals j WHERE j.note = 'Bench funding'`,
      [pointsToPaise(points)],
    );
  });
  const players: BenchPlayer[] = [];
  for (const { id, mobile } of rows) {
    players.push({
      id,
      mobile,
      token: await createSession(db, clock, id, { ip: '127.0.0.1', userAgent: 'bench' }),
    });
  }
  return players;
}

/** Gives every player `perPlayer` extra ledger entries (pairs of small debits and credits), to test that history does not slow bidding. */
export async function addHistory(
  db: Database,
  players: readonly BenchPlayer[],
  perPlayer: number,
): Promise<void> {
  const ids = players.map((p) => p.id);
  const pairs = Math.floor(perPlayer / 2);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
       SELECT 'adjustment', 'system', 'player', id, 'Bench history', $3
         FROM unnest($1::bigint[]) AS id, generate_series(1, $2::int)`,
      [ids, pairs, new Date(NOW)],
    );
    await tx.query(
      `INSERT INTO entries (journal_id, account_id, amount)
       SELECT j.id, a.id, 100 FROM journals j JOIN accounts a ON a.player_id = j.ref_id AND a.kind = 'wallet'
        WHERE j.note = 'Bench history'
       UNION ALL
       SELECT j.id, (SELECT id FROM accounts WHERE kind = 'adjustments' AND player_id IS NULL), -100
         FROM journals j WHERE j.note = 'Bench history'`,
    );
  });
  // What the server's maintenance (PGlite) or autovacuum (PostgreSQL) would do a few minutes later anyway. A
  // VACUUM too, not only ANALYZE: otherwise autovacuum's pass over the million new rows (their first vacuum,
  // which sets the visibility map) runs during the next measured run and takes its CPU.
  await db.exec('VACUUM ANALYZE');
}

export interface LoadOptions {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  /** Requests per second across all connections; omitted: closed model, as fast as answers come. */
  overallRate?: number;
  /** Each request goes out as one of these players, at random. */
  players: readonly (Pick<BenchPlayer, 'token'> & Partial<Pick<BenchPlayer, 'mobile'>>)[];
  body: BodyKind;
  /** See `LoadSpec.addressPerPlayer`. */
  addressPerPlayer?: boolean;
  /** Aborting stops the load early; the summary covers the time it ran. */
  signal?: AbortSignal;
  /** See `LoadSpec.skipFirstMs`. */
  skipFirstMs?: number;
}

const loadScript = fileURLToPath(new URL('./load.ts', import.meta.url));

/**
 * Runs autocannon in a child process (load.ts) against `url` and resolves with its summary. The server stays
 * in this process: PGlite must live in the process that owns it, and the direct-SQL runs are in-process too.
 */
export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  const spec: LoadSpec = {
    url: options.url,
    path: options.path,
    connections: options.connections,
    seconds: options.seconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    ...(options.skipFirstMs ? { skipFirstMs: options.skipFirstMs } : {}),
    tokens: options.players.map((p) => p.token),
    ...(options.players.every((p) => p.mobile !== undefined)
      ? { mobiles: options.players.map((p) => p.mobile ?? '') }
      : {}),
    ...(options.addressPerPlayer ? { addressPerPlayer: true } : {}),
    appKey: APP_KEY,
    bidDate: BID_DATE,
    body: options.body,
  };
  return runGenerator<LoadSummary>(loadScript, spec, options.signal);
}

/**
 * Runs a load generator script in a child process with `spec` (a JSON file as its only argument) and resolves
 * with the summary it prints as its last stdout line. Aborting sends it SIGTERM.
 */
async function runGenerator<T>(script: string, spec: unknown, signal?: AbortSignal): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'gama-load-'));
  const specFile = join(dir, 'spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  try {
    // tsx's loader by absolute URL, so the child needs no npm script and inherits no profiling flags.
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script, specFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const onAbort = () => child.kill('SIGTERM');
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    signal?.removeEventListener('abort', onAbort);
    const last = out.trim().split('\n').at(-1);
    if (code !== 0 || !last) throw new Error(`load generator exited with ${code}: ${out.slice(0, 500)}`);
    return JSON.parse(last) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const openLoadScript = fileURLToPath(new URL('./open-load.ts', import.meta.url));

/** Open-model bid submissions (open-load.ts) from a separate process; see `OpenLoadSpec`. */
export function runOpenLoad(
  options: Pick<OpenLoadSpec, 'url' | 'phases' | 'timeoutMs' | 'marketId'> & {
    players: readonly Pick<BenchPlayer, 'token'>[];
  },
): Promise<OpenLoadSummary> {
  const spec: OpenLoadSpec = {
    url: options.url,
    path: '/api-submit-bid',
    tokens: options.players.map((p) => p.token),
    appKey: APP_KEY,
    bidDate: BID_DATE,
    marketId: options.marketId,
    phases: options.phases,
    timeoutMs: options.timeoutMs,
  };
  return runGenerator<OpenLoadSummary>(openLoadScript, spec);
}

export interface ServerProcess {
  url: string;
  /** The server's process (with WEB_CONCURRENCY > 1 the cluster's primary; the workers are its children). */
  pid: number;
  stop(): Promise<void>;
}

const serverScript = fileURLToPath(new URL('../../apps/api/src/server.ts', import.meta.url));

/**
 * The production entry point (`server.ts`) as a separate process on the PostgreSQL database in DATABASE_URL,
 * already prepared by `startBench`, with `workers` processes (WEB_CONCURRENCY). Its clock starts at NOW.
 */
export async function startServerProcess(
  workers: number,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('a server process needs DATABASE_URL');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), serverScript], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_KEY,
      CLOCK_START: NOW,
      // The in-process server logs nothing either; BENCH_LOG_LEVEL=info measures the request log's cost.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      ADMIN_PASSWORD: 'bench-admin-password',
      WEB_DIST: join(tmpdir(), 'gama-bench-no-web'),
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Ready once /healthz answers (within 30 s).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server process did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The workers start one after the other; give the last ones a moment to listen too.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}
