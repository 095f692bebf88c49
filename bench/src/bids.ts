/**
 * Bid submission throughput and latency through HTTP, against the same transaction issued directly in SQL,
 * then again once every player has 10,000 ledger entries; and the home list (`/api-user-wallet-balance`).
 * Prints numbers; asserts nothing. `DATABASE_URL=postgres://… npm run bids -w @gama/bench` for PostgreSQL.
 */
import { cpus, totalmem } from 'node:os';
import type { Database } from '../../apps/api/src/db/database.ts';
import type { BenchPlayer, BodyKind, LoadSummary } from './harness.ts';
import { addHistory, fmt, percentile, runLoad, seedPlayers, startBench } from './harness.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 10_000);
/** Comma-separated subset of runs: bids, direct, fixed, history, home, list (default: all). */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'bids,direct,fixed,history,home,list').split(','));

function rand(n: number): number {
  return Math.floor(Math.random() * n);
}

type Summary = Pick<LoadSummary, 'rps' | 'p50' | 'p95' | 'p99' | 'errors' | 'non2xx'>;

function httpLoad(url: string, path: string, players: readonly BenchPlayer[], body: BodyKind, rate?: number) {
  return runLoad({
    url,
    path,
    connections: CONNECTIONS,
    seconds: SECONDS,
    players,
    body,
    ...(rate ? { overallRate: rate } : {}),
  });
}

/** The placement transaction of the bid path, written straight in SQL: lock, key, journal, entries, bids. */
let seq = 0;
async function directLoad(db: Database, players: readonly BenchPlayer[], marketId: number): Promise<Summary> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const player = players[rand(players.length)];
      if (!player) continue;
      const start = performance.now();
      try {
        await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number; kind: string; balance: number }>(
            'SELECT id, kind, balance FROM accounts WHERE player_id = $1 ORDER BY id FOR NO KEY UPDATE',
            [player.id],
          );
          const wallet = rows.find((r) => r.kind === 'wallet');
          await tx.query(
            `INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, created_at) VALUES ($1, $2, 'bid:main', '\\x00', now())`,
            [`player:${player.id}`, `direct-${process.pid}-${seq++}`],
          );
          const j = await tx.query<{ id: number }>(
            `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at) VALUES ('bid', $1, 'market', $2, 'Bid', now()) RETURNING id`,
            [`player:${player.id}`, marketId],
          );
          const journalId = j.rows[0]?.id;
          await tx.query(
            `INSERT INTO entries (journal_id, account_id, amount) VALUES ($1, $2, -3000),
               ($1, (SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), 3000)`,
            [journalId, wallet?.id],
          );
          await tx.query(
            `INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                               points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
             SELECT $1, $2, 'main', '2026-11-20', 'single_pana', 'Single Pana', 'open', d, '', 10, 1000, 'single_pana', 10, 1400, $3, now()
               FROM unnest(ARRAY['123', '456', '789']) AS d`,
            [player.id, marketId, journalId],
          );
        });
        latencies.push(performance.now() - start);
      } catch (error) {
        if (errors === 0) console.error(`first direct SQL error: ${(error as Error).message}`);
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    non2xx: 0,
  };
}

function line(name: string, s: Summary): string {
  return `| ${name} | ${fmt(s.rps)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${s.errors} | ${s.non2xx} |`;
}

const bench = await startBench('bids');
try {
  const players = await seedPlayers(bench.db, PLAYERS, 10_000_000);
  const bids: BodyKind = { kind: 'bid-mix', marketId: bench.marketId };
  const envelope: BodyKind = { kind: 'envelope' };
  console.log(`# Bid submission and home list: ${bench.engine}`);
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}`,
  );
  console.log(
    `${PLAYERS} players, ${CONNECTIONS} connections, ${SECONDS} s per run; HTTP load from a separate process\n`,
  );
  console.log('| run | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---|---|---|---|---|---|');
  let http: Summary | undefined;
  let direct: Summary | undefined;
  if (ONLY.has('bids')) {
    http = await httpLoad(bench.url, '/api-submit-bid', players, bids);
    console.log(line('HTTP /api-submit-bid', http));
  }
  if (ONLY.has('direct')) {
    direct = await directLoad(bench.db, players, bench.marketId);
    console.log(line('direct SQL, same transaction', direct));
  }
  if (http && direct) console.log(`\nHTTP / direct SQL = ${fmt(http.rps / direct.rps, 2)}\n`);
  if (bench.engine === 'postgres' && ONLY.has('fixed')) {
    const fixed = await httpLoad(bench.url, '/api-submit-bid', players, bids, 300);
    console.log(line('HTTP at a fixed 300/s', fixed));
  }
  if (ONLY.has('history')) {
    const started = performance.now();
    await addHistory(bench.db, players, HISTORY);
    console.log(
      `\nadded ${HISTORY} ledger entries to each player in ${fmt((performance.now() - started) / 1000)} s\n`,
    );
    const httpHistory = await httpLoad(bench.url, '/api-submit-bid', players, bids);
    console.log(line(`HTTP /api-submit-bid, ${HISTORY} entries each`, httpHistory));
    const directHistory = await directLoad(bench.db, players, bench.marketId);
    console.log(line(`direct SQL, ${HISTORY} entries each`, directHistory));
    console.log(`\nHTTP / direct SQL = ${fmt(httpHistory.rps / directHistory.rps, 2)}\n`);
  }
  if (ONLY.has('home')) {
    const home = await httpLoad(bench.url, '/api-user-wallet-balance', players, envelope);
    console.log(line('HTTP home list /api-user-wallet-balance (profile + list)', home));
  }
  if (ONLY.has('list')) {
    const list = await httpLoad(bench.url, '/api-main-game', players, envelope);
    console.log(line('HTTP public market list /api-main-game', list));
  }
} finally {
  await bench.close();
}
