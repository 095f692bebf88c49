/**
 * Bids and win credits partitioned by draw month (migration 0028, decision 016): bids land in their month's
 * partition, a month without one gets it in time, settlement pays exactly once across months, and an old month
 * detached leaves today's draws and the ledger check working.
 */
import { describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from './helpers.ts';
import { suiteApp } from './helpers.ts';
import { admin, balanceOf, fund, operatorToken } from './money.ts';
import { verifyLedger } from '../src/modules/ledger/verify.ts';
import { seedMarket } from '../src/seed/markets.ts';
import { ensureDrawPartitions } from '../src/db/partitions.ts';

const IST = (day: string, hhmm: string) => `${day}T${hhmm}:00+05:30`;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const bidDate = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
};

let op: string;
let market: number;
type Player = Awaited<ReturnType<TestApp['player']>>;
const players: Record<string, Player> = {};

const t = suiteApp({ now: IST('2026-10-15', '12:00'), ledger: true }, async () => {
  op = await operatorToken(t);
  market = await seedMarket(t.db, { name: 'MONTHS BAZAR', open: '01:00 PM', close: '03:00 PM' });
});

/**
 * A new player of that day (sessions do not last a month) with 1000 points bids 10 on open 6 (wins on 123)
 * and 10 on open 7 (loses), on `day` at noon.
 */
async function bidOn(day: string): Promise<void> {
  t.clock.set(IST(day, '12:00'));
  op = await operatorToken(t);
  const p = await t.player();
  players[day] = p;
  await fund(t, p, op, 1000);
  const res = await t.post<ApiBody>(
    '/api-submit-bid',
    {
      game_id: market,
      new_result: {
        pana: 'Single Digit',
        bid_date: bidDate(day),
        result: [
          { digits: '6', points: 10, session: 'open' },
          { digits: '7', points: 10, session: 'open' },
        ],
      },
    },
    { token: p.token },
  );
  expect(res.json, res.raw).toMatchObject({ status: true });
}

async function declareOpen(day: string) {
  t.clock.set(IST(day, '13:30'));
  const res = await admin<ApiBody & { wins?: number }>(t, op, 'POST', '/admin-api/results/declare', {
    market_id: market,
    date: day,
    half: 'open',
    value: '123',
  });
  expect(res.statusCode).toBe(200);
  return res.json;
}

async function partitionsOf(table: string): Promise<Record<string, number>> {
  const { rows } = await t.db.query<{ part: string; n: number }>(
    `SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM ${table} GROUP BY 1 ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.part, r.n]));
}

const exists = async (name: string) =>
  (await t.db.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [name])).rows[0]?.ok;

describe('bids and win credits by draw month', () => {
  it('partitions both tables by draw date', async () => {
    const { rows } = await t.db.query<{ name: string; strategy: string; key: string }>(
      `SELECT c.relname AS name, p.partstrat AS strategy, pg_get_partkeydef(c.oid) AS key
         FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid ORDER BY 1`,
    );
    expect(rows).toEqual([
      { name: 'bids', strategy: 'r', key: 'RANGE (market_date)' },
      { name: 'win_credits', strategy: 'r', key: 'RANGE (market_date)' },
    ]);
  });

  it('places a bid in a month that had no partition, making it in time', async () => {
    // The test database was migrated today (in November 2026 or later): October 2026 has no partition yet.
    expect(await exists('bids_y2026m10')).toBe(false);
    await bidOn('2026-10-15');
    expect(await exists('bids_y2026m10')).toBe(true);
    expect(await exists('win_credits_y2026m10')).toBe(true);
    // The keeper makes the coming months ahead, and a second run makes nothing.
    await ensureDrawPartitions(t.db, t.clock.now());
    expect(await ensureDrawPartitions(t.db, t.clock.now())).toBe(0);
    expect(await exists('bids_y2027m01')).toBe(true);
  });

  it('settles each month in its own partitions, exactly once', async () => {
    const first = await declareOpen('2026-10-15');
    expect(first).toMatchObject({ settled: 2, wins: 1 });
    await bidOn('2026-11-20');
    expect(await declareOpen('2026-11-20')).toMatchObject({ settled: 2, wins: 1 });
    // A second declare of the same draw resumes and pays nothing more.
    expect(await declareOpen('2026-11-20')).toMatchObject({ resumed: true, settled: 0, wins: 0 });
    expect(await partitionsOf('bids')).toEqual({ bids_y2026m10: 2, bids_y2026m11: 2 });
    expect(await partitionsOf('win_credits')).toEqual({ win_credits_y2026m10: 1, win_credits_y2026m11: 1 });
    // 1000 - 20 staked + 95 won, in each month.
    expect(await balanceOf(t, players['2026-10-15']?.id ?? 0)).toBe(107_500);
    expect(await balanceOf(t, players['2026-11-20']?.id ?? 0)).toBe(107_500);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('reverts a result in its own month', async () => {
    t.clock.set(IST('2026-11-20', '14:00'));
    const res = await admin<ApiBody>(t, op, 'POST', '/admin-api/results/revert', {
      market_id: market,
      date: '2026-11-20',
      half: 'open',
      reason: 'wrong pana entered',
    });
    expect(res.statusCode).toBe(200);
    const november = players['2026-11-20']?.id ?? 0;
    expect(await balanceOf(t, november)).toBe(98_000);
    expect(await declareOpen('2026-11-20')).toMatchObject({ settled: 2, wins: 1 });
    expect(await balanceOf(t, november)).toBe(107_500);
  });

  it('detaches an old month; today draws and the ledger check still work', async () => {
    t.clock.set(IST('2026-12-18', '12:00'));
    // November can still be settled late: too recent to detach.
    await expect(
      t.db.query('SELECT gama_detach_draw_month($1::date, $2)', ['2026-11-01', t.clock.now()]),
    ).rejects.toThrow(/too recent/);
    await t.db.query('SELECT gama_detach_draw_month($1::date, $2)', ['2026-10-01', t.clock.now()]);
    expect(await partitionsOf('bids')).toEqual({ bids_y2026m11: 2 });
    // November's reverted credit and its credit under the new declaration.
    expect(await partitionsOf('win_credits')).toEqual({ win_credits_y2026m11: 2 });
    // The month's rows are kept as plain tables, and the ledger check reads them with the live months.
    expect((await t.db.query('SELECT 1 FROM bids_y2026m10')).rows).toHaveLength(2);
    expect(await verifyLedger(t.db)).toEqual([]);
    // Today's draw: a bid, its settlement and the player's history.
    await bidOn('2026-12-18');
    expect(await declareOpen('2026-12-18')).toMatchObject({ settled: 2, wins: 1 });
    expect(await partitionsOf('bids')).toEqual({ bids_y2026m11: 2, bids_y2026m12: 2 });
    expect(await balanceOf(t, players['2026-12-18']?.id ?? 0)).toBe(107_500);
    expect(await verifyLedger(t.db)).toEqual([]);
    // A detached month is not made again by the keeper: its bids stay where they were put.
    await ensureDrawPartitions(t.db, new Date('2026-10-15T06:30:00Z'));
    expect(await exists('bids_y2026m10')).toBe(true);
    expect(await partitionsOf('bids')).toEqual({ bids_y2026m11: 2, bids_y2026m12: 2 });
  });

  it("keeps every credit naming its bid on the bid's own date, without a foreign key (migration 0030)", async () => {
    const { rows } = await t.db.query<{ bid_id: number; market_date: string; result_id: number }>(
      `SELECT bid_id, market_date::text, result_id FROM win_credits ORDER BY bid_id DESC LIMIT 1`,
    );
    const credit = rows[0];
    expect(credit?.market_date).toBe('2026-12-18');
    const insert = (bidId: number, date: string) =>
      t.db.query(
        `INSERT INTO win_credits (bid_id, market_date, result_id, player_id, payout)
         SELECT $1, $2::date, result_id + 1000, player_id, 0 FROM win_credits WHERE bid_id = $3 AND result_id = $4`,
        [bidId, date, credit?.bid_id, credit?.result_id],
      );
    // Its bid on another month's date, and a bid that does not exist: the whole statement is refused.
    await expect(insert(credit?.bid_id ?? 0, '2026-11-18')).rejects.toThrow(/names no bid/);
    await expect(insert(987_654_321, '2026-12-18')).rejects.toThrow(/names no bid/);
    await expect(
      t.db.query(`UPDATE win_credits SET market_date = '2026-11-18' WHERE bid_id = $1`, [credit?.bid_id]),
    ).rejects.toThrow(/keeps the bid it names/);
    // A bid stays as placed, so a credit that named it keeps naming it.
    await expect(t.db.query('DELETE FROM bids WHERE id = $1', [credit?.bid_id])).rejects.toThrow(
      /kept as placed/,
    );
    await expect(
      t.db.query(`UPDATE bids SET market_date = '2026-12-19' WHERE id = $1`, [credit?.bid_id]),
    ).rejects.toThrow(/kept as placed/);
    await expect(t.db.query('TRUNCATE bids CASCADE')).rejects.toThrow(/kept as placed/);
    // The check is per statement, not per row: a credit for its own bid goes in (and is taken out again here).
    await insert(credit?.bid_id ?? 0, '2026-12-18');
    await t.db.query('DELETE FROM win_credits WHERE bid_id = $1 AND result_id = $2', [
      credit?.bid_id,
      (credit?.result_id ?? 0) + 1000,
    ]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('still refuses a wallet below zero', async () => {
    await expect(
      t.db.query(
        `WITH j AS (INSERT INTO journals (kind, actor, note, created_at) VALUES ('bid', 'test', 'overdraw', now()) RETURNING id)
         INSERT INTO entries (journal_id, account_id, amount)
         SELECT j.id, a.id, -a.balance - 100 FROM j, accounts a WHERE a.player_id = $1 AND a.kind = 'wallet'
         UNION ALL
         SELECT j.id, (SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), (SELECT balance + 100 FROM accounts WHERE player_id = $1 AND kind = 'wallet') FROM j`,
        [players['2026-12-18']?.id],
      ),
    ).rejects.toThrow(/wallet_not_negative/);
  });
});
