/**
 * F1, random kills under load (reliability-security.md 4.2): `BENCH_CYCLES` times (default 50), start the real
 * server (`server.ts`, a child process), send bid submissions from 20 concurrent clients, each with its own
 * idempotency key, and `kill -9` the server at a random 50-500 ms. Clients keep every submission that got no
 * answer and send it again, with the same key, once the server is back. At the end every submission must have
 * been answered `status: true` exactly once in effect: one bid journal per key, none without a key, and
 * `ledger:verify` clean. Prints numbers and violations; asserts nothing.
 *
 * PGlite in a temp dir, or the PostgreSQL database in DATABASE_URL (which it wipes).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ManualClock } from '../../apps/api/src/clock.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import type { Database } from '../../apps/api/src/db/database.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { openDatabase } from '../../apps/api/src/db/open.ts';
import { seedDemoContent } from '../../apps/api/src/seed/content.ts';
import { seedMarket } from '../../apps/api/src/seed/markets.ts';
import { verifyLedger } from '../../apps/api/src/modules/ledger/verify.ts';
import { APP_KEY, BID_DATE, NOW, fmt, freePort, percentile, seedPlayers } from './harness.ts';

const CYCLES = Number(process.env.BENCH_CYCLES ?? 50);
const CLIENTS = 20;
const serverScript = fileURLToPath(new URL('../../apps/api/src/server.ts', import.meta.url));

interface Submission {
  key: string;
  token: string;
  body: string;
  /** Answered `status: true`. */
  done: boolean;
  attempts: number;
}

const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'gama-kill-'));
const target = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : { DATA_DIR: dataDir ?? '' };

async function prepare(): Promise<{ tokens: string[]; marketId: number }> {
  const db = await openDatabase(loadConfig({ NODE_ENV: 'test', APP_KEY, ...target }));
  try {
    if (process.env.DATABASE_URL) await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(db);
    const clock = new ManualClock(NOW);
    await seedDemoContent(db, clock.now(), { defaultBettingStatus: '1' });
    const marketId = await seedMarket(db, {
      name: 'KILL',
      open: '11:00 PM',
      close: '11:30 PM',
      now: clock.now(),
    });
    const players = await seedPlayers(db, 200, 1_000_000);
    return { tokens: players.map((p) => p.token), marketId };
  } finally {
    await db.close();
  }
}

async function startServer(): Promise<{ url: string; child: ChildProcess; startMs: number }> {
  const started = performance.now();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), serverScript], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so kill -9 takes the whole server, as F1 asks.
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_KEY,
      CLOCK_START: NOW,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'bench-admin-password',
      WEB_DIST: join(tmpdir(), 'gama-bench-no-web'),
      ...target,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || i > 600) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, child, startMs: performance.now() - started };
}

function killGroup(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.pid) process.kill(-child.pid, 'SIGKILL');
  return exited;
}

let seq = 0;
function newSubmission(tokens: readonly string[], marketId: number): Submission {
  const key = `kill-${process.pid}-${seq++}`;
  const rows = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => ({
    digits: String(Math.floor(Math.random() * 10)),
    points: '10',
    session: 'open',
  }));
  return {
    key,
    token: tokens[Math.floor(Math.random() * tokens.length)] ?? '',
    body: JSON.stringify({
      app_key: APP_KEY,
      env_type: 'Prod',
      request_id: key,
      game_id: marketId,
      new_result: { pana: 'Single Digit', bid_date: BID_DATE, result: rows },
    }),
    done: false,
    attempts: 0,
  };
}

/** Sends one submission; true once the server has answered `status: true`. */
async function send(url: string, s: Submission): Promise<boolean> {
  s.attempts++;
  try {
    const res = await fetch(`${url}/api-submit-bid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
      body: s.body,
    });
    const answer = (await res.json()) as { status?: boolean; msg?: string };
    if (res.ok && answer.status) s.done = true;
    else if (res.status < 500) throw new Error(`refused ${res.status}: ${answer.msg ?? ''}`);
    return s.done;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('refused')) throw error;
    return false;
  }
}

const { tokens, marketId } = await prepare();
const all: Submission[] = [];
const starts: number[] = [];
let killedInFlight = 0;
try {
  for (let cycle = 0; cycle <= CYCLES; cycle++) {
    const server = await startServer();
    starts.push(server.startMs);
    // What got no answer before the last kill goes again first, with its key.
    await Promise.all(all.filter((s) => !s.done).map((s) => send(server.url, s)));
    if (cycle === CYCLES) {
      server.child.kill('SIGTERM');
      await new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
      break;
    }
    let running = true;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (running) {
        const s = newSubmission(tokens, marketId);
        all.push(s);
        if (!(await send(server.url, s))) return;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 450));
    running = false;
    await killGroup(server.child);
    await Promise.all(clients);
    killedInFlight += all.filter((s) => !s.done && s.attempts === 1).length;
  }

  const db: Database = await openDatabase(loadConfig({ NODE_ENV: 'test', APP_KEY, ...target }));
  try {
    const done = all.filter((s) => s.done);
    const { rows } = await db.query<{ keys: number; journals: number; orphans: number }>(
      `SELECT (SELECT count(*)::int FROM idempotency_keys WHERE key = ANY($1::text[]) AND journal_id IS NOT NULL) AS keys,
              (SELECT count(DISTINCT k.journal_id)::int FROM idempotency_keys k WHERE k.key = ANY($1::text[])) AS journals,
              (SELECT count(*)::int FROM journals j WHERE j.kind = 'bid' AND j.ref_id = $2
                  AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.journal_id = j.id)) AS orphans`,
      [done.map((s) => s.key), marketId],
    );
    const found = rows[0];
    const violations = await verifyLedger(db);
    const sortedStarts = [...starts].sort((a, b) => a - b);
    console.log(`# Random kills under load (F1): ${db.engine}`);
    console.log(
      `${CYCLES} kill -9 cycles at a random 50-500 ms, ${CLIENTS} clients; server start to ready p50 ${fmt(percentile(sortedStarts, 50), 0)} ms, max ${fmt(sortedStarts.at(-1) ?? Number.NaN, 0)} ms\n`,
    );
    console.log(
      `submissions: ${all.length}; answered status true: ${done.length}; unanswered at the end: ${all.length - done.length}`,
    );
    console.log(`cut off by a kill and sent again with their key: ${killedInFlight}`);
    console.log(
      `keys with their bid journal: ${found?.keys ?? 0} (distinct journals ${found?.journals ?? 0}); bid journals without a key: ${found?.orphans ?? 0}`,
    );
    console.log(
      found && found.keys === done.length && found.journals === done.length && found.orphans === 0
        ? 'every answered submission placed exactly once, nothing half-applied'
        : 'VIOLATION: see the counts above',
    );
    console.log(
      violations.length === 0
        ? 'ledger:verify clean'
        : `ledger:verify: ${JSON.stringify(violations).slice(0, 500)}`,
    );
  } finally {
    await db.close();
  }
} finally {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
