/**
 * Bid submission throughput and latency through HTTP, against the same transaction issued directly in SQL,
 * then again once every player has 10,000 ledger entries; and the home list (`/api-user-wallet-balance`).
 * Prints numbers; asserts nothing. `DATABASE_URL=postgres://… npm run bids -w @gama/bench` for PostgreSQL.
 */
import { cpus, totalmem } from 'node:os';
import type { Database } from '../../apps/api/src/db/database.ts';
import { followProcesses, machineTime, postgresBackendsOf, processTree } from './cpu.ts';
import { directRun } from './direct.ts';
import type { BenchPlayer, BodyKind, LoadSummary } from './harness.ts';
import { addHistory, fmt, runLoad, seedPlayers, startBench, startServerProcess } from './harness.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 10_000);
/** Each HTTP bid carries a fresh request_id (idempotency key) as the app sends it; BENCH_KEYS=0 leaves it out. */
const KEYS = process.env.BENCH_KEYS !== '0';
/** Comma-separated subset of runs: bids, direct, fixed, history, home, list, cluster (default: all). */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'bids,direct,fixed,history,home,list,cluster').split(','));
/** On PostgreSQL, the `cluster` runs start server.ts with this many processes (WEB_CONCURRENCY). */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);

interface Summary extends Pick<LoadSummary, 'rps' | 'p50' | 'p95' | 'p99' | 'errors' | 'non2xx'> {
  replays?: number;
  /** CPU µs this process (server or direct-SQL client) spent per request. */
  nodeUs: number;
  /** CPU seconds of the load generator (0 for direct SQL). */
  loadCpu: number;
  /** CPU µs the PostgreSQL server processes spent per request (NaN on PGlite, which runs in this process). */
  pgUs: number;
  /** Share of the machine's CPU time that was busy (every process: server, database, load, anything else). */
  busy: number;
  /** Share of the machine's CPU time used by anything else (other jobs on the machine: noise). */
  other: number;
}

const benchDatabase = process.env.DATABASE_URL
  ? decodeURIComponent(new URL(process.env.DATABASE_URL).pathname.slice(1))
  : undefined;

/** Runs `run` and adds the CPU each party used; `server`: the server runs in that process tree, not this one. */
async function measured(
  run: () => Promise<
    Omit<Summary, 'nodeUs' | 'pgUs' | 'busy' | 'other' | 'loadCpu'> & {
      cpuSeconds?: number;
      requests?: number;
    }
  >,
  server?: { pid: number },
): Promise<Summary> {
  const pg = benchDatabase ? followProcesses(postgresBackendsOf(benchDatabase)) : () => 0;
  const tree = server ? followProcesses(processTree(server.pid)) : undefined;
  const cpu = process.cpuUsage();
  const machine = machineTime();
  const s = await run();
  const used = process.cpuUsage(cpu);
  const after = machineTime();
  const pgUsed = pg();
  const requests = s.requests ?? 0;
  const total = after.total - machine.total;
  const busy = after.busy - machine.busy;
  const nodeUsed = tree ? tree() : used.user + used.system;
  const loadUsed = (s.cpuSeconds ?? 0) * 1e6;
  return {
    ...s,
    nodeUs: requests > 0 ? nodeUsed / requests : Number.NaN,
    pgUs: requests > 0 && pgUsed > 0 ? pgUsed / requests : Number.NaN,
    loadCpu: s.cpuSeconds ?? 0,
    busy: total > 0 ? busy / total : Number.NaN,
    other: total > 0 ? Math.max(0, busy - nodeUsed - loadUsed - pgUsed) / total : Number.NaN,
  };
}

function httpLoad(
  url: string,
  path: string,
  players: readonly BenchPlayer[],
  body: BodyKind,
  options: { rate?: number; server?: { pid: number } } = {},
) {
  return measured(
    () =>
      runLoad({
        url,
        path,
        connections: CONNECTIONS,
        seconds: SECONDS,
        players,
        body,
        ...(options.rate ? { overallRate: options.rate } : {}),
      }),
    options.server,
  );
}

function directLoad(db: Database, players: readonly BenchPlayer[], marketId: number): Promise<Summary> {
  return measured(() => directRun(db, players, marketId, { seconds: SECONDS, connections: CONNECTIONS }));
}

function line(name: string, s: Summary): string {
  if (s.replays) name += ` (${s.replays} replayed keys)`;
  return `| ${name} | ${fmt(s.rps)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${s.errors} | ${s.non2xx} | ${fmt(s.nodeUs, 0)} | ${fmt(s.pgUs, 0)} | ${fmt(s.loadCpu)} | ${fmt(100 * s.busy, 0)} | ${fmt(100 * s.other, 0)} |`;
}

const bench = await startBench('bids');
try {
  const players = await seedPlayers(bench.db, PLAYERS, 10_000_000);
  const bids: BodyKind = { kind: 'bid-mix', marketId: bench.marketId, keys: KEYS };
  const envelope: BodyKind = { kind: 'envelope' };
  // A few seconds of each kind of work, so the first measured run does not pay for cold plans and JIT alone.
  // (No ANALYZE here: on tables this small PGlite then planned sequential scans (EXPLAIN) and, with no
  // autovacuum to refresh the statistics, the runs fell to half speed as the tables grew. The history runs
  // below measure with fresh statistics.)
  for (const [path, body] of [
    ['/api-submit-bid', bids],
    ['/api-user-wallet-balance', envelope],
    ['/api-main-game', envelope],
  ] as const) {
    await runLoad({ url: bench.url, path, connections: CONNECTIONS, seconds: 3, players, body });
  }
  await directRun(bench.db, players, bench.marketId, { seconds: 3, connections: CONNECTIONS });
  console.log(`# Bid submission and home list: ${bench.engine}`);
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}`,
  );
  console.log(
    `${PLAYERS} players, ${CONNECTIONS} connections, ${SECONDS} s per run; HTTP load from a separate process\n`,
  );
  console.log(
    '| run | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | Node µs/req | PG µs/req | load CPU s | busy % | other % |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
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
    const fixed = await httpLoad(bench.url, '/api-submit-bid', players, bids, { rate: 300 });
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
  if (ONLY.has('cluster') && bench.engine === 'postgres' && WORKERS >= 1) {
    // The production entry point with one process per core: Node CPU is then that process tree's.
    const server = await startServerProcess(WORKERS);
    try {
      console.log(
        `\nserver.ts with WEB_CONCURRENCY=${WORKERS} (a separate process tree, warmed up for 3 s per path)\n`,
      );
      // Fresh processes: let the JIT and the caches warm up as the in-process server's had.
      for (const [path, body] of [
        ['/api-submit-bid', bids],
        ['/api-user-wallet-balance', envelope],
        ['/api-main-game', envelope],
      ] as const) {
        await runLoad({ url: server.url, path, connections: CONNECTIONS, seconds: 3, players, body });
      }
      const clustered = await httpLoad(server.url, '/api-submit-bid', players, bids, { server });
      console.log(line(`HTTP /api-submit-bid, ${WORKERS} processes`, clustered));
      const home = await httpLoad(server.url, '/api-user-wallet-balance', players, envelope, { server });
      console.log(line(`HTTP home list /api-user-wallet-balance, ${WORKERS} processes`, home));
      const list = await httpLoad(server.url, '/api-main-game', players, envelope, { server });
      console.log(line(`HTTP public market list /api-main-game, ${WORKERS} processes`, list));
    } finally {
      await server.stop();
    }
  }
} finally {
  await bench.close();
}
