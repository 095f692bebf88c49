/**
 * Issue 30's "the same for the other hot writes where it pays (transfers, deposit requests), if the bench shows
 * it": what a transfer and a deposit request cost beside a bid slip, with the bid batcher off and on, on the same
 * server and database, alternating in rounds so a change in the machine's load falls on all of them.
 *
 * For each: answers per second at BENCH_CONNECTIONS (closed model, as fast as answers come), p99, PostgreSQL's
 * and Node's CPU per accepted call, and the rows each accepted call left (transfers, deposit requests, bid
 * journals), so a refused call is never counted as work; a replayed request (a key the load generator had to
 * send again) is counted apart, as it leaves no row. Every player's requests come from an address of its own
 * (the server trusts the loopback proxy), as in production: the transfer spends the per-address phone-lookup
 * budget (auth/lookups.ts), which from one address would be one lock for every player. Then `ledger:verify`.
 *
 * Then bid slips at fixed rates (BENCH_RATES, calls a second) with the batcher on: the mean batch that forms
 * and what a slip costs at each rate, which is what a batcher of transfers or deposit requests would see at the
 * rates those arrive at.
 *
 * Needs DATABASE_URL (a scratch PostgreSQL database: the bench wipes it). Knobs: BENCH_SECONDS (10 a run),
 * BENCH_ROUNDS (2), BENCH_CONNECTIONS (16), BENCH_PLAYERS (400), BENCH_RATES (20,100,300,1000).
 */
import { verifyLedger } from '../../apps/api/src/modules/ledger/verify.ts';
import { loadAverage, switchTo } from './batch-runs.ts';
import { followProcesses, postgresBackendsOf } from './cpu.ts';
import type { BodyKind } from './harness.ts';
import { fmt, runLoad, seedPlayers, startBench } from './harness.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 400);
/** Fixed rates (calls a second) at which the bid batcher's batch size is measured. */
const RATES = (process.env.BENCH_RATES ?? '20,100,300,1000').split(',').map(Number);

if (!process.env.DATABASE_URL) {
  console.error('hot-writes needs DATABASE_URL: a scratch PostgreSQL database (it is wiped)');
  process.exit(2);
}
/** CPU µs per accepted call; none accepted prints '-' rather than Infinity. */
const perCall = (us: number, calls: number) => (calls > 0 ? us / calls : Number.NaN);
const database = decodeURIComponent(new URL(process.env.DATABASE_URL).pathname.slice(1));

interface Call {
  name: string;
  path: string;
  body: (marketId: number) => BodyKind;
  batcher?: 'on' | 'off';
  /** Rows an accepted call leaves, counted before and after a run. */
  rows: string;
}

const calls: Call[] = [
  {
    name: 'bid slip (1 row), batcher off',
    path: '/api-submit-bid',
    body: (marketId) => ({ kind: 'single-digit', marketId }),
    batcher: 'off',
    rows: `SELECT count(*)::int AS n FROM journals WHERE kind = 'bid'`,
  },
  {
    name: 'bid slip (1 row), batcher on',
    path: '/api-submit-bid',
    body: (marketId) => ({ kind: 'single-digit', marketId }),
    batcher: 'on',
    rows: `SELECT count(*)::int AS n FROM journals WHERE kind = 'bid'`,
  },
  {
    name: 'transfer',
    path: '/api-user-transfer-wallet-balance',
    body: () => ({ kind: 'transfer', points: 100 }),
    rows: 'SELECT count(*)::int AS n FROM transfers',
  },
  {
    name: 'deposit request',
    path: '/api-fund-request-add',
    body: () => ({ kind: 'deposit', points: 500 }),
    rows: 'SELECT count(*)::int AS n FROM deposit_requests',
  },
];

interface Run {
  perSecond: number;
  p99: number;
  pgUs: number;
  nodeUs: number;
  refused: number;
  /** Requests sent again with a key already used (the load generator's prebuilt list came round): no new row. */
  replays: number;
  load: string;
}

const bench = await startBench('hot-writes', {
  env: {
    NODE_ENV: 'production',
    TRUST_PROXY: 'loopback',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'http://127.0.0.1:9/never-called',
  },
});
try {
  const { BID_BATCH_MAX: max, BID_BATCH_PARALLEL: parallel } = bench.app.deps.config;
  const players = await seedPlayers(bench.db, PLAYERS, 10_000_000);
  await bench.db.exec('VACUUM ANALYZE');
  const count = async (sql: string) => (await bench.db.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
  const run = async (call: Call, seconds: number): Promise<Run> => {
    if (call.batcher) switchTo(bench, call.batcher, { max, parallel });
    const load = loadAverage();
    const before = await count(call.rows);
    const pg = followProcesses(postgresBackendsOf(database));
    const node = process.cpuUsage();
    const result = await runLoad({
      url: bench.url,
      path: call.path,
      connections: CONNECTIONS,
      seconds,
      players,
      body: call.body(bench.marketId),
      addressPerPlayer: true,
    });
    const pgUsed = pg();
    const nodeUsed = process.cpuUsage(node);
    const done = (await count(call.rows)) - before;
    return {
      perSecond: done / result.seconds,
      p99: result.p99,
      pgUs: perCall(pgUsed, done),
      nodeUs: perCall(nodeUsed.user + nodeUsed.system, done),
      refused: result.non2xx + result.errors,
      replays: result.replays,
      load,
    };
  };
  // Warm every path (plans, JIT, the caches) before the first measured run.
  for (const call of calls) await run(call, 2);

  console.log(`# Hot writes beside a bid slip: ${bench.engine}`);
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} alternating rounds, ${PLAYERS} players (an address each); batcher bound ${max} x ${parallel}`,
  );
  console.log(
    '| round | call | accepted/s | p99 ms | PostgreSQL µs/call | Node µs/call | not accepted | replayed | load (1, 5, 15 min) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const runs = new Map<string, Run[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const call of calls) {
      const r = await run(call, SECONDS);
      runs.set(call.name, [...(runs.get(call.name) ?? []), r]);
      console.log(
        `| ${round} | ${call.name} | ${fmt(r.perSecond, 0)} | ${fmt(r.p99)} | ${fmt(r.pgUs, 0)} | ${fmt(r.nodeUs, 0)} | ${r.refused} | ${r.replays} | ${r.load} |`,
      );
    }
  }
  const mean = (name: string, pick: (r: Run) => number) => {
    const xs = (runs.get(name) ?? []).map(pick);
    return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  };
  const slipOff = calls[0]?.name ?? '';
  console.log(
    '\n| call | accepted/s (mean) | PostgreSQL µs/call | × an unbatched slip | hours of such calls in a million |',
  );
  console.log('|---|---|---|---|---|');
  for (const call of calls) {
    const perSecond = mean(call.name, (r) => r.perSecond);
    const pgUs = mean(call.name, (r) => r.pgUs);
    console.log(
      `| ${call.name} | ${fmt(perSecond, 0)} | ${fmt(pgUs, 0)} | ${fmt(pgUs / mean(slipOff, (r) => r.pgUs), 2)} | ${fmt(1e6 / perSecond / 3600, 2)} |`,
    );
  }
  // A batch forms only from calls that arrive while one is being placed. At a steady rate, how big do the bid
  // batches get, and what does a slip then cost? (The rate a transfer or a deposit request would arrive at.) At
  // the lowest rates the CPU per call also carries the idle server's own background work.
  console.log(
    `\nBid slips (1 row) at a fixed rate with the batcher on, ${CONNECTIONS} connections, ${SECONDS} s each:`,
  );
  console.log('| slips/s asked | placed/s | mean batch | PostgreSQL µs/slip | Node µs/slip | load |');
  console.log('|---|---|---|---|---|---|');
  for (const rate of RATES) {
    const batcher = switchTo(bench, 'on', { max, parallel });
    const load = loadAverage();
    const before = await count(calls[0]?.rows ?? '');
    const pg = followProcesses(postgresBackendsOf(database));
    const node = process.cpuUsage();
    const result = await runLoad({
      url: bench.url,
      path: '/api-submit-bid',
      connections: CONNECTIONS,
      seconds: SECONDS,
      overallRate: rate,
      players,
      body: { kind: 'single-digit', marketId: bench.marketId },
      addressPerPlayer: true,
    });
    const pgUsed = pg();
    const nodeUsed = process.cpuUsage(node);
    const done = (await count(calls[0]?.rows ?? '')) - before;
    const { batches, slips } = batcher.stats;
    console.log(
      `| ${rate} | ${fmt(done / result.seconds, 0)} | ${fmt(batches > 0 ? slips / batches : Number.NaN, 2)} | ${fmt(perCall(pgUsed, done), 0)} | ${fmt(perCall(nodeUsed.user + nodeUsed.system, done), 0)} | ${load} |`,
    );
  }

  // Statistics as production's autovacuum keeps them (the local server may run without it): verifying on plans
  // made for the tables' size at the start takes minutes instead of seconds.
  await bench.db.exec('VACUUM ANALYZE');
  const problems = await verifyLedger(bench.db);
  console.log(
    problems.length === 0 ? '\nledger:verify clean' : `\nledger:verify: ${JSON.stringify(problems)}`,
  );
} finally {
  await bench.close();
}
