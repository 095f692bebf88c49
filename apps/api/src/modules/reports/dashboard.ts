/**
 * The dashboard: today so far, read live from bids, results and the money requests. "Today" is the market day of
 * the server clock in the market time zone; bid figures count the bids of today's draws (as the sell report does),
 * and the chart puts each of them in the hour it was placed.
 */
import type { DashboardAnswer } from '@gama/core/endpoints/reports/schemas';
import type { BetTypeId, MarketGroup } from '@gama/core/rules/bet-types';
import { BET_TYPES } from '@gama/core/rules/bet-types';
import { subtractPaise } from '@gama/core/rules/money';
import { marketDayAt } from '@gama/core/rules/schedule';
import type { Session } from '@gama/core/rules/sessions';
import { MINUTES_PER_DAY, zonedParts } from '@gama/core/rules/time';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import type { Market } from '../markets/repository.ts';
import { PAYOUT_SQL } from '../results/outcome-sql.ts';
import { OUTCOME_MEASURES } from './bids.ts';
import { Params, bidWhere, instants, liveCte, localTime, paidCte, readInZone } from './sql.ts';

const GROUPS: readonly MarketGroup[] = ['main', 'starline', 'gali'];

/** How many of today's undeclared draws the dashboard shows, and how many numbers of each. */
const DRAWS_SHOWN = 20;
const TOP_NUMBERS = 5;

interface Measures {
  bids: number;
  stakes: number;
  pending_stakes: number;
  payouts: number;
  players: number;
}
const measureCells = (r: Measures) => ({
  bids: r.bids,
  stakes_paise: r.stakes,
  pending_stakes_paise: r.pending_stakes,
  payouts_paise: r.payouts,
  house_result_paise: subtractPaise(r.stakes, r.payouts),
  players: r.players,
});
const none: Measures = { bids: 0, stakes: 0, pending_stakes: 0, payouts: 0, players: 0 };

interface Draw {
  market: Market;
  date: string;
  half: 'open' | 'close' | 'single';
  /** Minutes after the market day's midnight (past 1440 for a close after midnight). */
  minutes: number;
  open: boolean;
}

/** Every draw of each active market's current market day, and whether it still takes bids. */
function todaysDraws(markets: readonly Market[], now: Date): Draw[] {
  const draws: Draw[] = [];
  for (const market of markets) {
    if (!market.active) continue;
    const day = marketDayAt(market.schedule, now, market.grp);
    if (!day.active) continue;
    const at = (half: Draw['half'], minutes: number) =>
      draws.push({ market, date: day.date, half, minutes, open: day.minutes < minutes });
    if (market.grp === 'main') {
      at('open', day.openMinutes);
      at('close', day.closeMinutes + (day.closesNextDay ? MINUTES_PER_DAY : 0));
    } else {
      at('single', day.openMinutes);
    }
  }
  return draws;
}

async function dayFigures(tx: Queryable, today: string) {
  const p = new Params();
  const range = { from: today, to: today };
  const { rows } = await tx.query<
    Measures & { market_id: number | null; grp: MarketGroup | null; by_market: boolean; by_group: boolean }
  >(
    `WITH ${liveCte(range, p)}, ${paidCte(range, p)}
     SELECT b.market_id, b.grp, GROUPING(b.market_id) = 0 AS by_market, GROUPING(b.grp) = 0 AS by_group,
            ${OUTCOME_MEASURES.map(([sql, name]) => `${sql} AS ${name}`).join(', ')},
            count(DISTINCT b.player_id) AS players
       FROM bids b
       LEFT JOIN live l ON l.market_id = b.market_id AND l.market_date = b.market_date AND l.half = b.settle_half
       LEFT JOIN paid w ON w.bid_id = b.id
      WHERE ${bidWhere(range, p)}
      GROUP BY GROUPING SETS ((b.market_id, b.grp), (b.grp), ())`,
    p.values,
  );
  return {
    totals: rows.find((r) => !r.by_group) ?? none,
    groups: rows.filter((r) => r.by_group && !r.by_market),
    markets: rows.filter((r) => r.by_market),
  };
}

async function byHour(tx: Queryable, today: string) {
  const { rows } = await tx.query<{ hour: number; bids: number; stakes: number }>(
    `SELECT extract(hour FROM b.created_at)::int AS hour, count(*) AS bids, coalesce(sum(b.amount), 0)::bigint AS stakes
       FROM bids b WHERE b.market_date = $1::date GROUP BY 1`,
    [today],
  );
  return Array.from({ length: 24 }, (_, hour) => {
    const row = rows.find((r) => r.hour === hour);
    return { hour, bids: row?.bids ?? 0, stakes_paise: row?.stakes ?? 0 };
  });
}

/** Approved today (by the decision's time) and waiting now (whenever requested). */
async function moneyRequests(tx: Queryable, today: string) {
  const p = new Params();
  const { start, end } = instants({ from: today, to: today }, p);
  const part = (table: string, approved: string, pending: string) => `
    SELECT '${table}' AS kind,
           count(*) FILTER (WHERE r.status = '${approved}' AND r.decided_at >= ${start} AND r.decided_at < ${end}) AS approved_n,
           coalesce(sum(r.amount) FILTER (WHERE r.status = '${approved}' AND r.decided_at >= ${start} AND r.decided_at < ${end}), 0)::bigint AS approved_amount,
           count(*) FILTER (WHERE r.status = '${pending}') AS pending_n,
           coalesce(sum(r.amount) FILTER (WHERE r.status = '${pending}'), 0)::bigint AS pending_amount
      FROM ${table} r WHERE r.status = '${pending}' OR r.decided_at >= ${start}`;
  const { rows } = await tx.query<{
    kind: string;
    approved_n: number;
    approved_amount: number;
    pending_n: number;
    pending_amount: number;
  }>(
    `${part('deposit_requests', 'approved', 'pending')} UNION ALL ${part('withdraw_requests', '2', '0')}`,
    p.values,
  );
  const of = (kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      approved: { count: row?.approved_n ?? 0, amount_paise: row?.approved_amount ?? 0 },
      pending: { count: row?.pending_n ?? 0, amount_paise: row?.pending_amount ?? 0 },
    };
  };
  return { deposits: of('deposit_requests'), withdrawals: of('withdraw_requests') };
}

/** Debt now, by whether its account is open (owed) or closed with no successor (written off). */
async function debts(tx: Queryable) {
  const { rows } = await tx.query<{ closed: boolean; n: number; amount: number }>(
    `SELECT p.closed_at IS NOT NULL AS closed, count(*)::int AS n, (-sum(d.balance))::bigint AS amount
       FROM accounts d JOIN players p ON p.id = d.player_id
      WHERE d.kind = 'debt' AND d.balance < 0
      GROUP BY 1`,
  );
  const of = (closed: boolean) => {
    const row = rows.find((r) => r.closed === closed);
    return { count: row?.n ?? 0, amount_paise: row?.amount ?? 0 };
  };
  return { owed: of(false), written_off: of(true) };
}

/** Today's draws without a live result, soonest first, with their pending stakes and largest exposures. */
async function nextDraws(tx: Queryable, draws: readonly Draw[]) {
  const { rows: timed } = await tx.query<{ i: number; draw_at: string; declared: boolean }>(
    `SELECT d.i, ${localTime("(d.market_date + d.minutes * interval '1 minute') AT TIME ZONE d.tz")} AS draw_at,
            EXISTS (SELECT 1 FROM results r WHERE r.market_id = d.market_id AND r.market_date = d.market_date
                       AND r.half = d.half AND r.reverted_at IS NULL) AS declared
       FROM unnest($1::int[], $2::bigint[], $3::date[], $4::text[], $5::int[], $6::text[])
            AS d(i, market_id, market_date, half, minutes, tz)
      ORDER BY (d.market_date + d.minutes * interval '1 minute') AT TIME ZONE d.tz, d.i`,
    [
      draws.map((_, i) => i),
      draws.map((d) => d.market.id),
      draws.map((d) => d.date),
      draws.map((d) => d.half),
      draws.map((d) => d.minutes),
      draws.map((d) => d.market.schedule.timeZone),
    ],
  );
  const shown = timed.filter((d) => !d.declared).slice(0, DRAWS_SHOWN);
  const picked = shown.map((d) => draws[d.i] as Draw);
  const { rows: numbers } = await tx.query<{
    i: number;
    bet_type: BetTypeId;
    session: Session;
    digits: string;
    close_digits: string;
    bids: number;
    stakes: number;
    payout: number;
    draw_bids: number;
    draw_stakes: number;
  }>(
    `WITH d AS (SELECT * FROM unnest($1::int[], $2::bigint[], $3::date[], $4::text[]) AS d(i, market_id, market_date, half)),
     numbers AS (
       SELECT d.i, b.bet_type, b.session, b.digits, b.close_digits, count(*) AS bids,
              sum(b.amount)::bigint AS stakes, sum(${PAYOUT_SQL})::bigint AS payout
         FROM d JOIN bids b ON b.market_id = d.market_id AND b.market_date = d.market_date AND b.settle_half = d.half
        GROUP BY d.i, b.bet_type, b.session, b.digits, b.close_digits),
     ranked AS (
       SELECT n.*, row_number() OVER (PARTITION BY n.i ORDER BY n.payout DESC, n.bet_type, n.digits, n.close_digits) AS rank,
              sum(n.bids) OVER (PARTITION BY n.i)::bigint AS draw_bids,
              sum(n.stakes) OVER (PARTITION BY n.i)::bigint AS draw_stakes
         FROM numbers n)
     SELECT * FROM ranked WHERE rank <= ${TOP_NUMBERS} ORDER BY i, rank`,
    [
      shown.map((d) => d.i),
      picked.map((d) => d.market.id),
      picked.map((d) => d.date),
      picked.map((d) => d.half),
    ],
  );
  return shown.map((d, index) => {
    const draw = picked[index] as Draw;
    const mine = numbers.filter((n) => n.i === d.i);
    return {
      market_id: draw.market.id,
      market_name: draw.market.name,
      group: draw.market.grp,
      date: draw.date,
      half: draw.half,
      draw_at: d.draw_at,
      status: draw.open ? ('open' as const) : ('awaiting_result' as const),
      bids: mine[0]?.draw_bids ?? 0,
      pending_stakes_paise: mine[0]?.draw_stakes ?? 0,
      top_exposure: mine.map((n) => ({
        bet_type: n.bet_type,
        bet_label: BET_TYPES[n.bet_type].label,
        session: n.session,
        digits: n.digits,
        close_digits: n.close_digits,
        bids: n.bids,
        stakes_paise: n.stakes,
        payout_paise: n.payout,
      })),
    };
  });
}

export async function dashboard(deps: Deps): Promise<DashboardAnswer> {
  const { db, clock, config } = deps;
  const timeZone = config.MARKET_TIME_ZONE;
  const now = clock.now();
  const today = zonedParts(now, timeZone).date;
  return readInZone(db, timeZone, async (tx) => {
    const { rows: markets } = await tx.query<Market>(
      'SELECT id, grp, name, schedule, active, sort FROM markets',
    );
    const byId = new Map(markets.map((m) => [m.id, m]));
    // Main markets first, then Starline, then Gali, each in the order the player app lists them.
    const rank = new Map(
      [...markets]
        .sort((a, b) => GROUPS.indexOf(a.grp) - GROUPS.indexOf(b.grp) || a.sort - b.sort || a.id - b.id)
        .map((m, i) => [m.id, i]),
    );
    const figures = await dayFigures(tx, today);
    return {
      status: true,
      date: today,
      time_zone: timeZone,
      server_time: now.toISOString(),
      totals: measureCells(figures.totals),
      groups: GROUPS.map((group) => ({
        group,
        ...measureCells(figures.groups.find((g) => g.grp === group) ?? none),
      })),
      markets: figures.markets
        .map((r) => ({ row: r, market: byId.get(r.market_id ?? 0) }))
        .sort((a, b) => (rank.get(a.row.market_id ?? 0) ?? 0) - (rank.get(b.row.market_id ?? 0) ?? 0))
        .map(({ row, market }) => ({
          market_id: row.market_id ?? 0,
          market_name: market?.name ?? '',
          group: row.grp ?? 'main',
          ...measureCells(row),
        })),
      stakes_by_hour: await byHour(tx, today),
      ...(await moneyRequests(tx, today)),
      debts: await debts(tx),
      next_draws: await nextDraws(tx, todaysDraws(markets, now)),
    };
  });
}
