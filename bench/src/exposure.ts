/**
 * The results desk's full exposure view of one busy draw day: `BENCH_BIDS` bids (default 200,000) on one main
 * market from 1,000 players, spread over every bet type as a busy day spreads them (digits, panas, jodis and
 * both sangams, so tens of thousands of distinct numbers), asked over HTTP for the whole day, one half, another
 * sort and a later page, before and after the open result is declared and settled. `DATABASE_URL=postgres://…`
 * runs it on PostgreSQL (the bench owns that database: it is emptied first).
 */
import { cpus } from 'node:os';
import { createOperator } from '../../apps/api/src/modules/operators/accounts.ts';
import { mainParams } from '../../apps/api/src/modules/results/outcome-sql.ts';
import { settle } from '../../apps/api/src/modules/results/settle.ts';
import { NOW, fmt, seedPlayers, startBench } from './harness.ts';

const BIDS = Number(process.env.BENCH_BIDS ?? 200_000);
const PLAYERS = 1_000;
const RUNS = 5;
const DATE = '2026-11-20';

// [bet type, label, session rule, digits of g, close digits of g, val_1, val_2], one bid in seven of each.
const KINDS = `(VALUES
  (0, 'single_digit', 'Single Digit', (g % 10)::text, '', 10, 95),
  (1, 'single_pana', 'Single Pana', lpad(((g * 7) % 1000)::text, 3, '0'), '', 10, 1400),
  (2, 'double_pana', 'Double Pana', lpad(((g * 11) % 1000)::text, 3, '0'), '', 10, 2800),
  (3, 'jodi_digit', 'Jodi Digit', lpad((g % 100)::text, 2, '0'), '', 10, 950),
  (4, 'single_digit', 'Single Digit', ((g / 7) % 10)::text, '', 10, 95),
  (5, 'half_sangam', 'Half Sangam', (g % 10)::text, lpad(((g * 13) % 1000)::text, 3, '0'), 10, 10000),
  (6, 'full_sangam', 'Full Sangam', lpad(((g * 17) % 1000)::text, 3, '0'), lpad(((g * 19) % 1000)::text, 3, '0'), 10, 100000)
) AS k(n, bet_type, label, digits, close_digits, val_1, val_2)`;

const bench = await startBench('exposure');
try {
  await seedPlayers(bench.db, PLAYERS, 10_000_000);
  const market = bench.marketId;
  const perPlayer = Math.ceil(BIDS / PLAYERS);
  const seeded = performance.now();
  await bench.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
       SELECT 'bid', 'player:' || p.id, 'market', $1, 'Bench bids', $2 FROM players p`,
      [market, new Date(NOW)],
    );
    // Bids only: the view reads bids, results and win credits, not the ledger (settle.ts writes its own).
    await tx.query(
      `INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                         points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
       SELECT j.player, $1, 'main', $4::date, k.bet_type, k.label,
              CASE WHEN k.bet_type IN ('jodi_digit', 'full_sangam') OR g % 2 = 1 THEN 'close' ELSE 'open' END,
              k.digits, k.close_digits, 10 + g % 90, (10 + g % 90) * 100, k.bet_type, k.val_1, k.val_2, j.id, $2
         FROM (SELECT id, substr(actor, 8)::bigint AS player FROM journals WHERE note = 'Bench bids') j,
              generate_series(1, $3::int) g
         CROSS JOIN LATERAL ${KINDS}
        WHERE k.n = (g + j.id) % 7`,
      [market, new Date(NOW), perPlayer, DATE],
    );
  });
  await bench.db.query('ANALYZE bids');
  const { rows: sizes } = await bench.db.query<{ bids: number; numbers: number }>(
    `SELECT count(*)::int AS bids,
            count(DISTINCT (bet_type, session, digits, close_digits))::int AS numbers FROM bids WHERE market_id = $1`,
    [market],
  );
  console.log(`# Exposure view: ${bench.engine}, ${cpus().length} cores`);
  console.log(
    `${sizes[0]?.bids} bids on one main market, ${sizes[0]?.numbers} distinct numbers ` +
      `(seeded in ${fmt((performance.now() - seeded) / 1000)} s)`,
  );

  await createOperator(bench.db, {
    username: 'bench-owner',
    password: 'bench-owner-pass-1',
    role: 'owner',
    now: new Date(NOW),
  });
  const login = await fetch(`${bench.url}/admin-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-owner', password: 'bench-owner-pass-1' }),
  });
  const { token } = (await login.json()) as { token: string };

  async function measure(label: string, query: string): Promise<void> {
    const ask = async () => {
      const t0 = performance.now();
      const res = await fetch(
        `${bench.url}/admin-api/results/exposure?market_id=${market}&date=${DATE}&${query}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      const body = (await res.json()) as { total: number };
      if (res.status !== 200) throw new Error(`${label}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - t0, total: body.total };
    };
    const first = await ask();
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push((await ask()).ms);
    runs.sort((a, b) => a - b);
    console.log(
      `| ${label.padEnd(44)} | ${String(first.total).padStart(7)} | ${fmt(first.ms).padStart(6)} | ` +
        `${fmt(runs[0] ?? 0).padStart(6)} | ${fmt(runs[Math.floor(RUNS / 2)] ?? 0).padStart(6)} | ` +
        `${fmt(runs[RUNS - 1] ?? 0).padStart(6)} |`,
    );
  }
  console.log('| question | numbers | first ms | min ms | median ms | max ms |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  await measure('whole day, costliest first', 'sort=payout&dir=desc');
  await measure('open half, costliest first', 'half=open');
  await measure(
    'close half, by number, page 20 of 200',
    'half=close&sort=number&dir=asc&page=20&page_size=200',
  );
  await measure('single digits of the open', 'half=open&bet_type=single_digit');

  const { rows: result } = await bench.db.query<{ id: number }>(
    `INSERT INTO results (market_id, market_date, half, value, declared_at) VALUES ($1, $2, 'open', '123', $3)
     RETURNING id`,
    [market, DATE, new Date(NOW)],
  );
  await settle(
    bench.db,
    {
      resultId: result[0]?.id ?? 0,
      marketId: market,
      marketDate: DATE,
      half: 'open',
      params: mainParams('123', null),
      note: 'Win bench',
    },
    new Date(NOW),
  );
  await bench.db.query('ANALYZE');
  await measure('open half after its result, costliest first', 'half=open');
  await measure('whole day after the open result', 'sort=stakes');
} finally {
  await bench.close();
}
