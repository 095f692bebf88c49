/**
 * Reports over a month of activity: `BENCH_BIDS` bids (default 1,000,000) on 25 markets of the three groups over
 * `BENCH_DAYS` days (30) from `BENCH_PLAYERS` players (5,000), each day's results declared and settled by the real
 * settlement (the last day's close draws, Starline and Gali left pending), with deposits, withdrawals and transfers
 * every day, all as balanced journals (ledger:verify runs at the end). Then every report is asked through HTTP for
 * the whole month (and a few narrower questions) and its latency printed: the first answer, then the fastest, the
 * median and the slowest of five more, with the share of the machine other jobs took meanwhile.
 * `DATABASE_URL=postgres://…` runs it on PostgreSQL.
 */
import { cpus, totalmem } from 'node:os';
import { addDays } from '@gama/core/rules/dates';
import { ManualClock } from '../../apps/api/src/clock.ts';
import type { Database } from '../../apps/api/src/db/database.ts';
import { MAINTENANCE_SQL } from '../../apps/api/src/db/maintenance.ts';
import { seedMarket } from '../../apps/api/src/seed/markets.ts';
import { verifyLedger } from '../../apps/api/src/modules/ledger/verify.ts';
import { createOperator } from '../../apps/api/src/modules/operators/accounts.ts';
import { galiParams, mainParams, starlineParams } from '../../apps/api/src/modules/results/outcome-sql.ts';
import type { SettleTarget } from '../../apps/api/src/modules/results/settle.ts';
import { settle } from '../../apps/api/src/modules/results/settle.ts';
import { followProcesses, machineTime, postgresBackendsOf, processTree } from './cpu.ts';
import { fmt, percentile, seedPlayers, startBench } from './harness.ts';

const BIDS = Number(process.env.BENCH_BIDS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5_000);
const RUNS = 5;
/** The month after the harness's NOW (2026-11-20), when the players were funded. */
const FIRST = '2026-11-21';
const LAST = addDays(FIRST, DAYS - 1);
/** Bid rows per submission are 1 to 7, four on average. */
const SUBMISSIONS_PER_DAY = Math.ceil(BIDS / DAYS / 4);

/** Panas that bids and results are drawn from (ank 0 and 1 of game-rules table 1.2), so results have winners. */
const PANAS = [
  '127', '136', '145', '190', '235', '280', '370', '389', '460', '479', '569', '578',
  '128', '137', '146', '236', '245', '290', '380', '470', '489', '560', '579', '678',
]; // prettier-ignore

interface BenchMarket {
  id: number;
  grp: 'main' | 'starline' | 'gali';
  name: string;
  /** Minutes after midnight of the (open) draw. */
  open: number;
}

async function seedMarkets(db: Database): Promise<BenchMarket[]> {
  const markets: BenchMarket[] = [];
  const clock = (minutes: number) => {
    const h = Math.floor(minutes / 60);
    return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  };
  const add = async (grp: BenchMarket['grp'], name: string, open: number, close: number) => {
    const id = await seedMarket(db, { group: grp, name, open: clock(open), close: clock(close) });
    markets.push({ id, grp, name, open });
  };
  for (let i = 0; i < 10; i++) await add('main', `REPORT MAIN ${i + 1}`, 600 + i * 60, 720 + i * 60);
  for (let i = 0; i < 10; i++) await add('starline', `REPORT STAR ${i + 1}`, 600 + i * 60, 600 + i * 60);
  for (let i = 0; i < 5; i++) await add('gali', `REPORT GALI ${i + 1}`, 900 + i * 90, 900 + i * 90);
  return markets;
}

/**
 * One market day of bids in one statement, as placeBids writes them: a journal per submission debiting the
 * wallet and crediting the house the stake of all its rows, each row a bid at the group's rate.
 */
async function seedBids(db: Database, day: string, markets: BenchMarket[], firstPlayer: number) {
  const { rows } = await db.query<{ bids: number }>(
    `WITH pick AS MATERIALIZED (
       SELECT random() AS r1, 1 + floor(random() * cardinality($3::bigint[]))::int AS m, random() AS r3,
              random() AS r4, floor(random() * 100)::int AS r5, random() AS r6, 1 + floor(random() * 7)::int AS n,
              10 + 5 * floor(random() * 10)::int AS points
         FROM generate_series(1, $2::int)),
     typed AS (
       SELECT p.*, ($3::bigint[])[p.m] AS market_id, ($4::text[])[p.m] AS grp, ($5::int[])[p.m] AS open,
              CASE ($4::text[])[p.m]
                WHEN 'main' THEN (ARRAY['single_digit', 'single_pana', 'jodi_digit'])[1 + floor(p.r3 * 3)::int]
                WHEN 'starline' THEN (ARRAY['starline_single_digit', 'starline_single_pana'])[1 + floor(p.r3 * 2)::int]
                ELSE (ARRAY['gali_left_digit', 'gali_right_digit', 'gali_jodi_digit'])[1 + floor(p.r3 * 3)::int]
              END AS bet_type
         FROM pick p),
     sub AS MATERIALIZED (
       SELECT nextval(pg_get_serial_sequence('journals', 'id')) AS jid, $6::bigint + floor(t.r1 * $7)::bigint AS player_id,
              t.market_id, t.grp, t.bet_type, t.n, t.points, t.r5,
              CASE WHEN t.bet_type IN ('single_digit', 'single_pana') AND t.r4 >= 0.5 THEN 'close'
                   WHEN t.bet_type = 'jodi_digit' THEN 'close' ELSE 'open' END AS session,
              CASE t.bet_type WHEN 'single_digit' THEN 'Single Digit' WHEN 'single_pana' THEN 'Single Pana'
                   WHEN 'jodi_digit' THEN 'Jodi Digit' WHEN 'starline_single_digit' THEN 'Single Digit'
                   WHEN 'starline_single_pana' THEN 'Single Pana' WHEN 'gali_left_digit' THEN 'Left Digit'
                   WHEN 'gali_right_digit' THEN 'Right Digit' ELSE 'Jodi Digit' END AS label,
              CASE t.bet_type WHEN 'single_pana' THEN 'single_pana' WHEN 'jodi_digit' THEN 'jodi_digit'
                   WHEN 'starline_single_pana' THEN 'single_pana' WHEN 'gali_right_digit' THEN 'single_pana'
                   WHEN 'gali_jodi_digit' THEN 'double_pana' ELSE 'single_digit' END AS rate_field,
              CASE WHEN t.bet_type IN ('single_pana', 'starline_single_pana') THEN 1400
                   WHEN t.bet_type IN ('jodi_digit', 'gali_jodi_digit') THEN 950 ELSE 95 END AS val_2,
              ($1::date::timestamp + interval '6 hours' + t.r6 * (t.open - 361) * interval '1 minute')
                AT TIME ZONE 'Asia/Kolkata' AS at
         FROM typed t),
     journal AS (
       INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at) OVERRIDING SYSTEM VALUE
       SELECT s.jid, 'bid', 'player:' || s.player_id, 'market', s.market_id, 'Bench bid', s.at FROM sub s
       RETURNING 1),
     bid AS (
       INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                         points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
       SELECT s.player_id, s.market_id, s.grp, $1::date, s.bet_type, s.label, s.session,
              CASE WHEN s.bet_type IN ('single_pana', 'starline_single_pana')
                     THEN ($8::text[])[1 + (s.r5 + k) % cardinality($8::text[])]
                   WHEN s.bet_type IN ('jodi_digit', 'gali_jodi_digit') THEN lpad(((s.r5 + 7 * k) % 100)::text, 2, '0')
                   ELSE ((s.r5 + k) % 10)::text END,
              '', s.points, s.points * 100, s.rate_field, 10, s.val_2, s.jid, s.at
         FROM sub s CROSS JOIN LATERAL generate_series(1, s.n) AS k
       RETURNING 1),
     entry AS (
       INSERT INTO entries (journal_id, account_id, amount)
       SELECT s.jid, a.id, -(s.points * 100 * s.n) FROM sub s JOIN accounts a ON a.player_id = s.player_id AND a.kind = 'wallet'
       UNION ALL
       SELECT s.jid, (SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), s.points * 100 * s.n FROM sub s
       RETURNING 1)
     SELECT (SELECT count(*) FROM bid) AS bids, (SELECT count(*) FROM journal) AS journals,
            (SELECT count(*) FROM entry) AS entries`,
    [
      day,
      SUBMISSIONS_PER_DAY,
      markets.map((m) => m.id),
      markets.map((m) => m.grp),
      markets.map((m) => m.open),
      firstPlayer,
      PLAYERS,
      PANAS,
    ],
  );
  return rows[0]?.bids ?? 0;
}

/**
 * A day's deposits (mostly approved, some rejected, some pending), withdrawals (held; paid, returned or pending)
 * and transfers, with the journals and entries the real services write (ledger:verify I7-I9).
 */
async function seedMoney(db: Database, day: string, firstPlayer: number): Promise<void> {
  const at = `($1::date::timestamp + interval '7 hours' + random() * interval '14 hours') AT TIME ZONE 'Asia/Kolkata'`;
  const player = `$2::bigint + floor(random() * $3)::bigint`;
  await db.query(
    `WITH d AS MATERIALIZED (
       SELECT nextval(pg_get_serial_sequence('deposit_requests', 'id')) AS rid, ${player} AS player_id,
              (100 + 100 * floor(random() * 50)::bigint) * 100 AS amount, ${at} AS at,
              CASE WHEN g <= 300 THEN 'approved' WHEN g <= 320 THEN 'rejected' ELSE 'pending' END AS status
         FROM generate_series(1, 330) g),
     dj AS MATERIALIZED (
       SELECT d.*, nextval(pg_get_serial_sequence('journals', 'id')) AS jid FROM d WHERE d.status = 'approved'),
     journal AS (
       INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at) OVERRIDING SYSTEM VALUE
       SELECT jid, 'deposit', 'system', 'deposit_request', rid, 'Deposit approved', at + interval '10 minutes' FROM dj
       RETURNING 1),
     request AS (
       INSERT INTO deposit_requests (id, player_id, amount, status, journal_id, created_at, decided_at)
       OVERRIDING SYSTEM VALUE
       SELECT d.rid, d.player_id, d.amount, d.status, dj.jid, d.at,
              CASE WHEN d.status <> 'pending' THEN d.at + interval '10 minutes' END
         FROM d LEFT JOIN dj ON dj.rid = d.rid
       RETURNING 1)
     INSERT INTO entries (journal_id, account_id, amount)
     SELECT dj.jid, a.id, dj.amount FROM dj JOIN accounts a ON a.player_id = dj.player_id AND a.kind = 'wallet'
     UNION ALL
     SELECT dj.jid, (SELECT id FROM accounts WHERE kind = 'deposits' AND player_id IS NULL), -dj.amount FROM dj`,
    [day, firstPlayer, PLAYERS],
  );
  await db.query(
    `WITH w AS MATERIALIZED (
       SELECT nextval(pg_get_serial_sequence('withdraw_requests', 'id')) AS rid,
              nextval(pg_get_serial_sequence('journals', 'id')) AS hold, ${player} AS player_id,
              (500 + 100 * floor(random() * 15)::bigint) * 100 AS amount, ${at} AS at,
              (ARRAY['2', '3', '4'])[1 + floor(random() * 3)::int] AS method,
              CASE WHEN g <= 100 THEN '2' WHEN g <= 110 THEN '1' ELSE '0' END AS status
         FROM generate_series(1, 115) g),
     ws AS MATERIALIZED (
       SELECT w.*, CASE WHEN w.status <> '0' THEN nextval(pg_get_serial_sequence('journals', 'id')) END AS settle FROM w),
     journal AS (
       INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at) OVERRIDING SYSTEM VALUE
       SELECT hold, 'withdraw_hold', 'player:' || player_id, 'player', player_id, 'Withdrawal requested', at FROM ws
       UNION ALL
       SELECT settle, CASE status WHEN '2' THEN 'withdraw_payout' ELSE 'withdraw_release' END, 'system',
              'withdraw_request', rid, 'Withdrawal decided', at + interval '30 minutes'
         FROM ws WHERE settle IS NOT NULL
       RETURNING 1),
     request AS (
       INSERT INTO withdraw_requests (id, player_id, amount, payment_method, payout_number, status, hold_journal_id,
                                      settle_journal_id, created_at, decided_at) OVERRIDING SYSTEM VALUE
       SELECT rid, player_id, amount, method, '9' || lpad((player_id % 1000000000)::text, 9, '0'), status, hold, settle,
              at, CASE WHEN settle IS NOT NULL THEN at + interval '30 minutes' END
         FROM ws
       RETURNING 1)
     INSERT INTO entries (journal_id, account_id, amount)
     SELECT ws.hold, a.id, -ws.amount FROM ws JOIN accounts a ON a.player_id = ws.player_id AND a.kind = 'wallet'
     UNION ALL
     SELECT ws.hold, (SELECT id FROM accounts WHERE kind = 'withdrawals_pending' AND player_id IS NULL), ws.amount FROM ws
     UNION ALL
     SELECT ws.settle, (SELECT id FROM accounts WHERE kind = 'withdrawals_pending' AND player_id IS NULL), -ws.amount
       FROM ws WHERE ws.settle IS NOT NULL
     UNION ALL
     SELECT ws.settle, (SELECT id FROM accounts WHERE kind = 'withdrawals_paid' AND player_id IS NULL), ws.amount
       FROM ws WHERE ws.status = '2'
     UNION ALL
     SELECT ws.settle, a.id, ws.amount FROM ws JOIN accounts a ON a.player_id = ws.player_id AND a.kind = 'wallet'
      WHERE ws.status = '1'`,
    [day, firstPlayer, PLAYERS],
  );
  await db.query(
    `WITH t AS MATERIALIZED (
       SELECT nextval(pg_get_serial_sequence('journals', 'id')) AS jid, f AS from_player,
              $2::bigint + (f - $2::bigint + 1 + floor(random() * ($3::int - 1))::bigint) % $3::int AS to_player,
              (100 + 50 * floor(random() * 20)::bigint) * 100 AS amount, at
         FROM (SELECT ${player} AS f, ${at} AS at FROM generate_series(1, 100)) x),
     journal AS (
       INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at) OVERRIDING SYSTEM VALUE
       SELECT jid, 'transfer', 'player:' || from_player, 'player', to_player, 'Points transfer', at FROM t
       RETURNING 1),
     moved AS (
       INSERT INTO transfers (from_player_id, to_player_id, amount, journal_id, created_at)
       SELECT from_player, to_player, amount, jid, at FROM t
       RETURNING 1)
     INSERT INTO entries (journal_id, account_id, amount)
     SELECT t.jid, a.id, -t.amount FROM t JOIN accounts a ON a.player_id = t.from_player AND a.kind = 'wallet'
     UNION ALL
     SELECT t.jid, a.id, t.amount FROM t JOIN accounts a ON a.player_id = t.to_player AND a.kind = 'wallet'`,
    [day, firstPlayer, PLAYERS],
  );
}

/** Declares and settles a day's draws with the real settlement; on the last day only the main markets' opens. */
async function declareDay(db: Database, day: string, markets: BenchMarket[], last: boolean): Promise<number> {
  let settled = 0;
  const pana = () => PANAS[Math.floor(Math.random() * PANAS.length)] as string;
  for (const market of markets) {
    if (last && market.grp !== 'main') continue;
    const at = new Date(`${day}T12:00:00+05:30`);
    const halves: Array<{ half: SettleTarget['half']; value: string; params: SettleTarget['params'] }> = [];
    if (market.grp === 'main') {
      const open = pana();
      const close = pana();
      halves.push({ half: 'open', value: open, params: mainParams(open, null) });
      if (!last) halves.push({ half: 'close', value: close, params: mainParams(open, close) });
    } else if (market.grp === 'starline') {
      const value = pana();
      halves.push({ half: 'single', value, params: starlineParams(value) });
    } else {
      const value = String(Math.floor(Math.random() * 100)).padStart(2, '0');
      halves.push({ half: 'single', value, params: galiParams(value) });
    }
    for (const h of halves) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO results (market_id, market_date, half, value, declared_at) VALUES ($1, $2::date, $3, $4, $5) RETURNING id`,
        [market.id, day, h.half, h.value, at],
      );
      const outcome = await settle(
        db,
        {
          resultId: rows[0]?.id ?? 0,
          marketId: market.id,
          marketDate: day,
          half: h.half,
          params: h.params,
          note: `Win ${market.name}`,
        },
        at,
      );
      settled += outcome.settled;
    }
  }
  return settled;
}

interface Timing {
  label: string;
  first: number;
  min: number;
  median: number;
  max: number;
  rows: string;
  kb: number;
}

async function time(
  url: string,
  token: string,
  label: string,
  path: string,
  query: Record<string, string | number>,
) {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const target = `${url}${path}${search ? `?${search}` : ''}`;
  const ask = async () => {
    const t0 = performance.now();
    const res = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`);
    return { ms, body };
  };
  const first = await ask();
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push((await ask()).ms);
  runs.sort((a, b) => a - b);
  const rowsOf = (): string => {
    if (query.format === 'csv') return String(first.body.split('\r\n').length - 2);
    const json = JSON.parse(first.body) as {
      total_rows?: number;
      next_draws?: unknown[];
      markets?: unknown[];
    };
    return json.total_rows !== undefined
      ? String(json.total_rows)
      : `${json.markets?.length ?? 0} markets, ${json.next_draws?.length ?? 0} draws`;
  };
  const rows = rowsOf();
  return {
    label,
    first: first.ms,
    min: runs[0] ?? Number.NaN,
    median: percentile(runs, 50),
    max: runs[runs.length - 1] ?? Number.NaN,
    rows,
    kb: first.body.length / 1024,
  } satisfies Timing;
}

const reuse = process.env.BENCH_REUSE === '1';
const bench = await startBench('reports', { reuse });
try {
  const { db } = bench;
  let markets: BenchMarket[];
  let firstPlayer: number;
  let summary = '';
  const { rows: kept } = await db.query<BenchMarket>(
    `SELECT id, grp, name, (schedule->>'openMinutes')::int AS open FROM markets WHERE name LIKE 'REPORT %' ORDER BY id`,
  );
  if (reuse && kept.length > 0) {
    // BENCH_REUSE=1: measure again on the month an earlier run seeded (same BENCH_DAYS), without seeding again.
    markets = kept;
    const { rows } = await db.query<{ id: number }>(
      "SELECT min(id) AS id FROM players WHERE user_name LIKE 'Bench %'",
    );
    firstPlayer = rows[0]?.id ?? 0;
    summary = 'the data of an earlier run (BENCH_REUSE=1)';
  } else {
    const started = performance.now();
    const players = await seedPlayers(db, PLAYERS, 1_000_000);
    firstPlayer = Math.min(...players.map((p) => p.id));
    markets = await seedMarkets(db);
    // Bids are partitioned by draw month (migration 0028): the seeded days' months, however far they reach.
    await db.query('SELECT gama_ensure_draw_partitions($1::date, $2::date)', [FIRST, LAST]);
    let settled = 0;
    for (let i = 0; i < DAYS; i++) {
      const day = addDays(FIRST, i);
      await seedBids(db, day, markets, firstPlayer);
      await seedMoney(db, day, firstPlayer);
      settled += await declareDay(db, day, markets, i === DAYS - 1);
    }
    const seeded = (performance.now() - started) / 1000;
    // What autovacuum does after a bulk insert (PostgreSQL); PGlite has none, and the server runs its maintenance.
    const vacuumStart = performance.now();
    if (bench.engine === 'postgres') {
      await db.exec('VACUUM (ANALYZE)');
      await db.query('CHECKPOINT');
    } else {
      await db.exec(MAINTENANCE_SQL);
    }
    const vacuumed = (performance.now() - vacuumStart) / 1000;
    summary =
      `${settled} settled; seeded in ${fmt(seeded, 0)} s, ` +
      `${bench.engine === 'postgres' ? 'VACUUM ANALYZE' : 'maintenance'} ${fmt(vacuumed, 0)} s`;
  }
  const { rows: sizes } = await db.query<{
    bids: number;
    players: number;
    journals: number;
    entries: number;
    credits: number;
    mb: number;
  }>(
    `SELECT (SELECT count(*) FROM bids) AS bids, (SELECT count(*) FROM players) AS players,
            (SELECT count(*) FROM journals) AS journals, (SELECT count(*) FROM entries) AS entries,
            (SELECT count(*) FROM win_credits) AS credits,
            (pg_database_size(current_database()) / 1048576)::bigint AS mb`,
  );

  const clock = bench.app.deps.clock;
  if (!(clock instanceof ManualClock)) throw new Error('the bench runs on a manual clock');
  clock.set(`${LAST}T12:00:00+05:30`);
  const { rows: owners } = await db.query("SELECT 1 FROM operators WHERE username = 'bench-owner'");
  if (owners.length === 0) {
    await createOperator(db, {
      username: 'bench-owner',
      password: 'bench-owner-pass-1',
      role: 'owner',
      now: clock.now(),
    });
  }
  const login = await fetch(`${bench.url}/admin-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-owner', password: 'bench-owner-pass-1' }),
  });
  const { token } = (await login.json()) as { token: string };

  const month = { from: FIRST, to: LAST };
  const one = markets[0] as BenchMarket;
  const timings: Timing[] = [];
  // How much of the machine other jobs took while the questions ran: the shared machine's noise.
  const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : '';
  const ours = followProcesses(
    (p) => processTree(process.pid)(p) || (database !== '' && postgresBackendsOf(database)(p)),
  );
  const machineBefore = machineTime();
  const run = async (label: string, path: string, query: Record<string, string | number> = {}) =>
    timings.push(await time(bench.url, token, label, path, query));
  await run('dashboard (today)', '/admin-api/dashboard');
  await run('sell, month', '/admin-api/reports/sell', month);
  await run('sell, month, one market', '/admin-api/reports/sell', { ...month, market_id: one.id });
  await run('sell, month, Starline', '/admin-api/reports/sell', { ...month, group: 'starline' });
  await run('sell, one day', '/admin-api/reports/sell', { from: LAST, to: LAST });
  await run('winning, month, first page', '/admin-api/reports/winning', month);
  await run('winning, month, largest payouts', '/admin-api/reports/winning', { ...month, sort: 'payout' });
  await run('profit and loss, month', '/admin-api/reports/profit-loss', month);
  await run('customer sell, month', '/admin-api/reports/customer-sell', month);
  await run('wallet, month, per player', '/admin-api/reports/wallet', month);
  await run('wallet, month, one player', '/admin-api/reports/wallet', { ...month, player_id: firstPlayer });
  await run('wallet, month, day by day', '/admin-api/reports/wallet/daily', month);
  await run('transfers, month', '/admin-api/reports/transfers', month);
  await run('deposits, month', '/admin-api/reports/deposits', month);
  await run('withdrawals, month', '/admin-api/reports/withdrawals', month);
  await run('sell, month, CSV (every row)', '/admin-api/reports/sell', { ...month, format: 'csv' });
  await run('customer sell, month, CSV', '/admin-api/reports/customer-sell', { ...month, format: 'csv' });

  const machineAfter = machineTime();
  const oursUs = ours();
  const total = machineAfter.total - machineBefore.total;
  const others = total > 0 ? (100 * (machineAfter.busy - machineBefore.busy - oursUs)) / total : Number.NaN;
  console.log(`# Reports: ${bench.engine}`);
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}`,
  );
  const s = sizes[0];
  console.log(
    `${s?.bids} bids over ${DAYS} days (${FIRST} to ${LAST}) on ${markets.length} markets from ${s?.players} players; ` +
      `${s?.journals} journals, ${s?.entries} entries, ${s?.credits} win credits; database ${s?.mb} MB; ${summary}.`,
  );
  console.log(`other jobs used ${fmt(others, 0)}% of the machine's CPU while the questions ran`);
  console.log('');
  console.log('| question | rows | first ms | min ms | median ms | max ms | KiB |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const t of timings) {
    console.log(
      `| ${t.label} | ${t.rows} | ${fmt(t.first, 0)} | ${fmt(t.min, 0)} | ${fmt(t.median, 0)} | ${fmt(t.max, 0)} | ${fmt(t.kb, 0)} |`,
    );
  }
  if (process.env.BENCH_VERIFY !== '0') {
    const violations = await verifyLedger(db);
    console.log(
      violations.length === 0
        ? 'ledger:verify clean'
        : `ledger:verify: ${JSON.stringify(violations).slice(0, 800)}`,
    );
  }
} finally {
  await bench.close();
}
