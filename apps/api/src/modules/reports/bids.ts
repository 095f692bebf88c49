/**
 * The reports built from bids: sell, winning, profit and loss, and per customer. A bid belongs to its market day
 * (`market_date`, the draw it is for), so an overnight market's bids after midnight count on the day they were
 * placed for. Stakes are the bids' amounts; payouts are the win credits of live results not taken back, which are
 * exactly the win journals less the win reversals of the ledger.
 */
import type {
  CustomerSellQuery,
  ProfitLossQuery,
  SellQuery,
  WinningQuery,
} from '@gama/core/endpoints/reports/schemas';
import type { BetTypeId, MarketGroup } from '@gama/core/rules/bet-types';
import { BET_TYPES } from '@gama/core/rules/bet-types';
import { subtractPaise } from '@gama/core/rules/money';
import type { Session } from '@gama/core/rules/sessions';
import type { Queryable } from '../../db/database.ts';
import type { Page, Paging } from './sql.ts';
import {
  PENDING,
  Params,
  bidWhere,
  liveCte,
  localTime,
  orderBy,
  pagedAggregate,
  paidCte,
  perPlayer,
} from './sql.ts';

/** Markets as the player app lists them: main, then Starline, then Gali, each by its sort order. */
const marketOrder = (x: string) =>
  `array_position(ARRAY['main', 'starline', 'gali'], ${x}.grp), ${x}.market_sort, ${x}.market_id`;

interface MarketCells {
  market_id: number;
  market_name: string;
  grp: MarketGroup;
}
const marketCells = (r: MarketCells) => ({
  market_id: r.market_id,
  market_name: r.market_name,
  group: r.grp,
});
const betCells = (r: { bet_type: BetTypeId; session: Session }) => ({
  bet_type: r.bet_type,
  bet_label: BET_TYPES[r.bet_type].label,
  session: r.session,
});

interface SellRow extends MarketCells {
  total: boolean;
  date: string;
  bet_type: BetTypeId;
  session: Session;
  bids: number;
  stakes: number;
}

export async function sellReport(tx: Queryable, q: SellQuery, paging: Paging) {
  const p = new Params();
  const page: Page<SellRow> = await pagedAggregate<SellRow>(
    tx,
    {
      from: `FROM bids b WHERE ${bidWhere(q, p)}`,
      keys: [
        'b.market_date AS market_date',
        'b.market_id AS market_id',
        'b.bet_type AS bet_type',
        'b.session AS session',
      ],
      measures: [
        ['count(*)', 'bids'],
        ['sum(b.amount)::bigint', 'stakes'],
      ],
      select: `SELECT to_char(a.market_date, 'YYYY-MM-DD') AS date, a.market_id, m.name AS market_name, m.grp,
                      m.sort AS market_sort, a.bet_type, a.session, a.bids, a.stakes, a.total
                 FROM a LEFT JOIN markets m ON m.id = a.market_id`,
    },
    p,
    orderBy(
      {
        date: { sql: 's.date', dir: 'asc' },
        market: { sql: 's.market_name', dir: 'asc' },
        bet_type: { sql: 's.bet_type', dir: 'asc' },
        bids: { sql: 's.bids', dir: 'desc' },
        stakes: { sql: 's.stakes', dir: 'desc' },
      },
      q.sort,
      q.dir,
      `s.date, ${marketOrder('s')}, s.bet_type, s.session`,
    ),
    paging,
  );
  return {
    rows: page.rows.map((r) => ({
      date: r.date,
      ...marketCells(r),
      ...betCells(r),
      bids: r.bids,
      stakes_paise: r.stakes,
    })),
    totals: { bids: page.totals.bids, stakes_paise: page.totals.stakes },
    totalRows: page.totalRows,
  };
}

interface WinningRow extends MarketCells {
  date: string;
  bet_type: BetTypeId;
  session: Session;
  digits: string;
  close_digits: string;
  result: string;
  bid_id: number;
  player_id: number;
  user_name: string;
  mobile: string;
  amount: number;
  payout: number;
  placed_at: string;
}

/**
 * Every winning bid (one row each), and the totals over all of them, in one statement: the winners are read once,
 * the page is cut from them, and only the page's rows fetch their players' names.
 */
export async function winningReport(tx: Queryable, q: WinningQuery, paging: Paging) {
  const p = new Params();
  const order = (x: string) =>
    orderBy(
      {
        date: { sql: `${x}.market_date`, dir: 'asc' },
        market: { sql: `${x}.market_name`, dir: 'asc' },
        payout: { sql: `${x}.payout`, dir: 'desc' },
        points: { sql: `${x}.amount`, dir: 'desc' },
      },
      q.sort,
      q.dir,
      `${x}.market_date, ${marketOrder(x)}, ${x}.bid_id`,
    );
  // The credits carry their draw, player and payout: the totals and the page's order need no bid, unless a filter
  // on the bid or the order by stake does. The page's rows then read their bids and players by key.
  const { rows } = await tx.query<
    Partial<WinningRow> & { winning_bids: number; winners: number; total_payout: number }
  >(
    `WITH ${liveCte(q, p)}, ${paidCte(q, p, q.sort === 'points')},
     totals AS (
       SELECT count(*) AS winning_bids, count(DISTINCT w.player_id) AS winners,
              coalesce(sum(w.payout), 0)::bigint AS total_payout
         FROM paid w),
     page AS (
       SELECT w.* FROM (SELECT w.*, m.name AS market_name, m.grp, m.sort AS market_sort
                          FROM paid w JOIN markets m ON m.id = w.market_id) w
        ORDER BY ${order('w')}
        LIMIT ${p.add(paging.limit, 'bigint')} OFFSET ${p.add(paging.offset, 'bigint')})
     SELECT t.*, to_char(pg.market_date, 'YYYY-MM-DD') AS date, pg.market_id, pg.market_name, pg.grp,
            pg.market_sort, b.bet_type, b.session, b.digits, b.close_digits, pg.value AS result, pg.bid_id,
            pg.player_id, pl.user_name, pl.mobile, b.amount, pg.payout, ${localTime('b.created_at')} AS placed_at
       FROM totals t
       LEFT JOIN page pg ON true
       LEFT JOIN bids b ON b.id = pg.bid_id
       LEFT JOIN players pl ON pl.id = pg.player_id
      ORDER BY ${order('pg')}`,
    p.values,
  );
  const t = rows[0] ?? { winning_bids: 0, winners: 0, total_payout: 0 };
  const page = rows.filter((r): r is WinningRow & typeof t => r.bid_id !== null && r.bid_id !== undefined);
  return {
    rows: page.map((r) => ({
      date: r.date,
      ...marketCells(r),
      ...betCells(r),
      digits: r.digits,
      close_digits: r.close_digits,
      result: r.result,
      bid_id: r.bid_id,
      player_id: r.player_id,
      user_name: r.user_name,
      mobile: r.mobile,
      points_paise: r.amount,
      payout_paise: r.payout,
      placed_at: r.placed_at,
    })),
    totals: { winning_bids: t.winning_bids, winners: t.winners, payout_paise: t.total_payout },
    totalRows: t.winning_bids,
  };
}

interface Measures {
  bids: number;
  stakes: number;
  pending_stakes: number;
  winning_bids: number;
  payouts: number;
}
const measureCells = (r: Measures) => ({
  bids: r.bids,
  stakes_paise: r.stakes,
  pending_stakes_paise: r.pending_stakes,
  winning_bids: r.winning_bids,
  payouts_paise: r.payouts,
  house_result_paise: subtractPaise(r.stakes, r.payouts),
});

/** Additive aggregates of bids with their outcome, over `bids b` joined to `live l` and `paid w` (the dashboard). */
export const OUTCOME_MEASURES: ReadonlyArray<readonly [string, string]> = [
  ['count(*)', 'bids'],
  ['coalesce(sum(b.amount), 0)::bigint', 'stakes'],
  [`coalesce(sum(b.amount) FILTER (WHERE ${PENDING}), 0)::bigint`, 'pending_stakes'],
  ['count(w.bid_id)', 'winning_bids'],
  ['coalesce(sum(w.payout), 0)::bigint', 'payouts'],
];

interface ProfitLossRow extends MarketCells, Measures {
  total: boolean;
  date: string;
}

/**
 * Stakes come from one pass over the range's bids, grouped by draw (market day, market, deciding half); a draw
 * without a live result is all pending, a settled one has nothing pending, and only a draw being settled right
 * now counts its bids past the settlement's cursor. Payouts come from the credits alone, which carry their draw.
 */
export async function profitLossReport(tx: Queryable, q: ProfitLossQuery, paging: Paging) {
  const p = new Params();
  const page = await pagedAggregate<ProfitLossRow>(
    tx,
    {
      ctes: `${liveCte(q, p)}, ${paidCte(q, p)},
        draws AS (
          SELECT b.market_date, b.market_id, b.settle_half, count(*) AS bids, sum(b.amount)::bigint AS stakes
            FROM bids b WHERE ${bidWhere(q, p)}
           GROUP BY 1, 2, 3),
        moved AS (
          SELECT d.market_date, d.market_id, d.bids, d.stakes,
                 CASE WHEN l.id IS NULL THEN d.stakes
                      WHEN l.settled_at IS NOT NULL THEN 0
                      ELSE (SELECT coalesce(sum(b.amount), 0)::bigint FROM bids b
                             WHERE b.market_id = d.market_id AND b.market_date = d.market_date
                               AND b.settle_half = d.settle_half AND b.id > l.settled_through AND ${bidWhere(q, p)})
                 END AS pending_stakes,
                 0 AS winning_bids, 0 AS payouts
            FROM draws d
            LEFT JOIN live l ON l.market_id = d.market_id AND l.market_date = d.market_date AND l.half = d.settle_half
          UNION ALL
          SELECT w.market_date, w.market_id, 0, 0, 0, count(*), sum(w.payout)::bigint
            FROM paid w GROUP BY 1, 2)`,
      from: 'FROM moved x',
      keys: ['x.market_date AS market_date', 'x.market_id AS market_id'],
      measures: [
        ['sum(x.bids)::bigint', 'bids'],
        ['sum(x.stakes)::bigint', 'stakes'],
        ['sum(x.pending_stakes)::bigint', 'pending_stakes'],
        ['sum(x.winning_bids)::bigint', 'winning_bids'],
        ['sum(x.payouts)::bigint', 'payouts'],
      ],
      select: `SELECT to_char(a.market_date, 'YYYY-MM-DD') AS date, a.market_id, m.name AS market_name, m.grp,
                      m.sort AS market_sort, a.bids, a.stakes, a.pending_stakes, a.winning_bids, a.payouts,
                      a.stakes - a.payouts AS house_result, a.total
                 FROM a LEFT JOIN markets m ON m.id = a.market_id`,
    },
    p,
    orderBy(
      {
        date: { sql: 's.date', dir: 'asc' },
        market: { sql: 's.market_name', dir: 'asc' },
        stakes: { sql: 's.stakes', dir: 'desc' },
        payouts: { sql: 's.payouts', dir: 'desc' },
        house_result: { sql: 's.house_result', dir: 'desc' },
      },
      q.sort,
      q.dir,
      `s.date, ${marketOrder('s')}`,
    ),
    paging,
  );
  return {
    rows: page.rows.map((r) => ({ date: r.date, ...marketCells(r), ...measureCells(r) })),
    totals: measureCells(page.totals),
    totalRows: page.totalRows,
  };
}

interface CustomerRow {
  total: boolean;
  player_id: number;
  user_name: string;
  mobile: string;
  bids: number;
  stakes: number;
  winning_bids: number;
  payouts: number;
}
const customerCells = (r: CustomerRow) => ({
  bids: r.bids,
  stakes_paise: r.stakes,
  winning_bids: r.winning_bids,
  payouts_paise: r.payouts,
  player_net_paise: subtractPaise(r.payouts, r.stakes),
});

/** Stakes per player from the bids, payouts per player from the credits (which name their player). */
export async function customerSellReport(tx: Queryable, q: CustomerSellQuery, paging: Paging) {
  const p = new Params();
  const player = q.player_id === undefined ? '' : ` AND b.player_id = ${p.add(q.player_id, 'bigint')}`;
  const page = await pagedAggregate<CustomerRow>(
    tx,
    {
      ctes: `${liveCte(q, p)}, ${paidCte(q, p)},
        moved AS (
          SELECT b.player_id, count(*) AS bids, sum(b.amount)::bigint AS stakes, 0 AS winning_bids, 0 AS payouts
            FROM bids b WHERE ${bidWhere(q, p)}${player}
           GROUP BY 1
          UNION ALL
          SELECT w.player_id, 0, 0, count(*), sum(w.payout)::bigint FROM paid w GROUP BY 1)`,
      from: 'FROM moved x',
      keys: ['x.player_id AS player_id'],
      measures: [
        ['sum(x.bids)::bigint', 'bids'],
        ['sum(x.stakes)::bigint', 'stakes'],
        ['sum(x.winning_bids)::bigint', 'winning_bids'],
        ['sum(x.payouts)::bigint', 'payouts'],
      ],
      select: `SELECT a.player_id, pl.user_name, pl.mobile, a.bids, a.stakes, a.winning_bids, a.payouts,
                      a.payouts - a.stakes AS player_net, a.total
                 FROM a LEFT JOIN players pl ON pl.id = a.player_id`,
    },
    p,
    orderBy(
      {
        player: { sql: 's.player_id', dir: 'asc' },
        bids: { sql: 's.bids', dir: 'desc' },
        stakes: { sql: 's.stakes', dir: 'desc' },
        payouts: { sql: 's.payouts', dir: 'desc' },
        player_net: { sql: 's.player_net', dir: 'desc' },
      },
      q.sort,
      q.dir,
      's.stakes DESC, s.player_id',
    ),
    paging,
  );
  return perPlayer(page, customerCells);
}
