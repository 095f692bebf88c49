/**
 * What a slip costs PostgreSQL inside a batch of each size (decision 051): batches placed straight through the
 * server's own lane (`SlipBatches`), one after another on one connection, without HTTP and without contention, so
 * the cost per slip can be read for each size. A batch of 1 is the single call. Prints slips per second, wall
 * time, PostgreSQL's and Node's CPU per slip; with BENCH_STATEMENTS=1 and pg_stat_statements loaded (`track =
 * all`, `track_planning = on`, and `track_functions = all` for the functions' own figures), the nested statements'
 * time per slip of the last run.
 *
 * PostgreSQL only: DATABASE_URL (a scratch database it wipes). Knobs: BENCH_SIZES (1,4,16,32), BENCH_SECONDS (4 per
 * size), BENCH_ROUNDS (2), BENCH_PLAYERS (400). Wrap it in the bench lock.
 */
import { SlipBatches } from '../../apps/api/src/modules/bids/batches.ts';
import type { Slip } from '../../apps/api/src/modules/bids/batches.ts';
import { followProcesses, postgresBackendsOf } from './cpu.ts';
import { fmt, NOW, seedPlayers, startBench } from './harness.ts';
import { loadAverage } from './batch-runs.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1,4,16,32').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 400);
if (!process.env.DATABASE_URL)
  throw new Error('batch-sizes needs DATABASE_URL (a scratch PostgreSQL database)');
const database = decodeURIComponent(new URL(process.env.DATABASE_URL).pathname.slice(1));

const bench = await startBench('batch-sizes');
try {
  const players = await seedPlayers(bench.db, PLAYERS, 10_000_000);
  const { rows } = await bench.db.query<{ rev: number }>(
    'SELECT schedule_rev AS rev FROM markets WHERE id = $1',
    [bench.marketId],
  );
  const rev = rows[0]?.rev ?? 0;
  let seq = 0;
  // Three single panas on the open session, as the direct SQL run of bid-cost sends (direct.ts).
  const slipOf = (player: number): Slip => ({
    player,
    scope: `player:${player}`,
    key: `sizes-${process.pid}-${seq++}`,
    endpoint: 'bid:main',
    hash: Buffer.from([0]),
    now: new Date(NOW),
    market: bench.marketId,
    scheduleRev: rev,
    grp: 'main',
    marketDate: '2026-11-20',
    betType: 'single_pana',
    label: 'Single Pana',
    note: 'Bid',
    sessions: ['open', 'open', 'open'],
    digits: ['123', '456', '789'],
    close: ['', '', ''],
    points: [10, 10, 10],
    fields: ['single_pana', 'single_pana', 'single_pana'],
    timeZone: 'Asia/Kolkata',
    today: '2026-11-20',
    week: '2026-11-16',
    month: '2026-11-01',
  });
  /** One batch of `size` slips of distinct players, formed in the lane while it is held. */
  const batch = async (lane: SlipBatches, size: number) => {
    const release = lane.hold();
    const picked = new Set<number>();
    while (picked.size < size) picked.add(players[Math.floor(Math.random() * players.length)]?.id ?? 0);
    const placed = [...picked].map((p) => lane.place(slipOf(p)));
    release();
    await Promise.all(placed);
  };
  // A warm-up, then statistics as bid-cost's quiesce leaves them: tables analyzed while empty would be planned as
  // empty (a key looked up by scanning its table).
  const warm = new SlipBatches(bench.db, { enabled: true, max: 16, parallel: 1 });
  for (let b = 0; b < 150; b++) await batch(warm, 16);
  await bench.db.exec('VACUUM ANALYZE');
  const statements = process.env.BENCH_STATEMENTS === '1';
  if (statements) {
    await bench.db.exec('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  }
  console.log(`# Slips in batches of each size, one connection (${PLAYERS} players, ${SECONDS} s a size)\n`);
  console.log('| round | size | slips/s | wall µs/slip | PostgreSQL µs/slip | Node µs/slip | load |');
  console.log('|---|---|---|---|---|---|---|');
  let lastPlaced = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const size of SIZES) {
      if (statements) await bench.db.exec('SELECT pg_stat_statements_reset(); SELECT pg_stat_reset()');
      const lane = new SlipBatches(bench.db, { enabled: true, max: size, parallel: 1 });
      const load = loadAverage();
      const pg = followProcesses(postgresBackendsOf(database));
      const node = process.cpuUsage();
      const start = performance.now();
      let placed = 0;
      while (performance.now() - start < SECONDS * 1000) {
        await batch(lane, size);
        placed += size;
      }
      const wall = (performance.now() - start) * 1000;
      const pgUsed = pg();
      const nodeUsed = process.cpuUsage(node);
      lastPlaced = placed;
      console.log(
        `| ${round} | ${size} | ${fmt((placed / wall) * 1e6, 0)} | ${fmt(wall / placed, 0)} | ${fmt(pgUsed / placed, 0)} | ${fmt((nodeUsed.user + nodeUsed.system) / placed, 0)} | ${load} |`,
      );
    }
  }
  if (statements) {
    const { rows: top } = await bench.db.query<{
      query: string;
      calls: string;
      plans: string;
      total: number;
    }>(
      `SELECT query, calls, plans, total_exec_time + total_plan_time AS total FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total DESC LIMIT 15`,
    );
    console.log(`\nThe last run's statements (nested ones included), per slip:\n`);
    console.log('| µs | calls | plans | statement |');
    console.log('|---|---|---|---|');
    for (const r of top) {
      const text = r.query.replace(/\s+/g, ' ').slice(0, 100).replace(/\|/g, '\\|');
      console.log(
        `| ${fmt((r.total * 1000) / lastPlaced, 0)} | ${fmt(Number(r.calls) / lastPlaced, 2)} | ${fmt(Number(r.plans) / lastPlaced, 2)} | ${text} |`,
      );
    }
  }
} finally {
  await bench.close();
}
