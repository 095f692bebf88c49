/**
 * Bid submission throughput and latency through HTTP, against the same transaction issued directly in SQL,
 * then again once every player has 10,000 ledger entries; and the home list (`/api-user-wallet-balance`).
 * Prints numbers; asserts nothing. `DATABASE_URL=postgres://… npm run bids -w @gama/bench` for PostgreSQL.
 */
import autocannon from 'autocannon';
import { cpus, totalmem } from 'node:os';
import type { Database } from '../../apps/api/src/db/database.ts';
import type { BenchPlayer } from './harness.ts';
import { APP_KEY, BID_DATE, addHistory, fmt, percentile, seedPlayers, startBench } from './harness.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 10_000);

const slates: Array<{ pana: string; rows: () => Array<Record<string, string>> }> = [
  {
    pana: 'Single Digit',
    rows: () => [
      { digits: String(rand(10)), points: '10', session: 'open' },
      { digits: String(rand(10)), points: '20', session: 'close' },
    ],
  },
  { pana: 'Jodi Digit', rows: () => [{ digits: String(rand(100)).padStart(2, '0'), points: '10' }] },
  {
    pana: 'Single Pana',
    rows: () => [
      { digits: '123', points: '10', session: 'open' },
      { digits: '456', points: '10', session: 'close' },
      { digits: '789', points: '10', session: 'open' },
    ],
  },
  { pana: 'Double Pana', rows: () => [{ digits: '112', points: '10', session: 'open' }] },
  {
    pana: 'Half Sangam',
    rows: () => [{ digits: String(rand(10)), closedigits: '456', points: '10', session: 'Open' }],
  },
  { pana: 'SP Motor', rows: () => [{ digits: '12345', points: '10', session: 'open' }] },
];

function rand(n: number): number {
  return Math.floor(Math.random() * n);
}

function bidBody(marketId: number): string {
  const slate = slates[rand(slates.length)] ?? slates[0];
  if (!slate) throw new Error('no slate');
  return JSON.stringify({
    app_key: APP_KEY,
    env_type: 'Prod',
    game_id: marketId,
    new_result: { pana: slate.pana, bid_date: BID_DATE, result: slate.rows() },
  });
}

interface Summary {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function httpLoad(
  url: string,
  path: string,
  players: readonly BenchPlayer[],
  body: () => string,
  rate?: number,
): Promise<Summary> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (req) => {
          const player = players[rand(players.length)];
          return {
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${player?.token ?? ''}` },
            body: body(),
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
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
  console.log(`# Bid submission and home list: ${bench.engine}`);
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}`,
  );
  console.log(
    `${PLAYERS} players, ${CONNECTIONS} connections, ${SECONDS} s per run (p95 column is autocannon's p97.5 for HTTP)\n`,
  );
  console.log('| run | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---|---|---|---|---|---|');
  const http = await httpLoad(bench.url, '/api-submit-bid', players, () => bidBody(bench.marketId));
  console.log(line('HTTP /api-submit-bid', http));
  const direct = await directLoad(bench.db, players, bench.marketId);
  console.log(line('direct SQL, same transaction', direct));
  console.log(`\nHTTP / direct SQL = ${fmt(http.rps / direct.rps, 2)}`);
  if (bench.engine === 'postgres') {
    const fixed = await httpLoad(bench.url, '/api-submit-bid', players, () => bidBody(bench.marketId), 300);
    console.log(
      `\n| HTTP at a fixed 300/s | ${fmt(fixed.rps)} | ${fmt(fixed.p50)} | ${fmt(fixed.p95)} | ${fmt(fixed.p99)} | ${fixed.errors} | ${fixed.non2xx} |`,
    );
  }
  const started = performance.now();
  await addHistory(bench.db, players, HISTORY);
  console.log(
    `\nadded ${HISTORY} ledger entries to each player in ${fmt((performance.now() - started) / 1000)} s`,
  );
  const httpHistory = await httpLoad(bench.url, '/api-submit-bid', players, () => bidBody(bench.marketId));
  console.log(line(`HTTP /api-submit-bid, ${HISTORY} entries each`, httpHistory));
  const directHistory = await directLoad(bench.db, players, bench.marketId);
  console.log(line(`direct SQL, ${HISTORY} entries each`, directHistory));
  const home = await httpLoad(bench.url, '/api-user-wallet-balance', players, () =>
    JSON.stringify({ app_key: APP_KEY, env_type: 'Prod' }),
  );
  console.log(line('HTTP home list /api-user-wallet-balance (profile + list)', home));
  const list = await httpLoad(bench.url, '/api-main-game', players, () =>
    JSON.stringify({ app_key: APP_KEY, env_type: 'Prod' }),
  );
  console.log(line('HTTP public market list /api-main-game', list));
} finally {
  await bench.close();
}
