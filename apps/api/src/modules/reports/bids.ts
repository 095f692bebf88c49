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
import { formatPaise } from '@gama/core/rules/money';
import type { Session } from '@gama/core/rules/sessions';
import type { Queryable } from '../../db/database.ts';
import type { Page, Paging } from './sql.ts';
import { PENDING, Params, bidWhere, localTime, orderBy, outcomeCtes, pagedAggregate } from './sql.ts';

export interface Report<R, T> {
  rows: R[];
  totals: T;
  totalRows: number;
}

const MARKET_ORDER = 's.market_sort, s.market_id';

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
    `SELECT to_char(a.market_date, 'YYYY-MM-DD') AS date, a.market_id, m.name AS market_name, m.grp,
            m.sort AS market_sort, a.bet_type, a.session, a.bids, a.stakes, a.total
       FROM (SELECT b.market_date, b.market_id, b.bet_type, b.session, count(*) AS bids,
                    coalesce(sum(b.amount), 0)::bigint AS stakes, GROUPING(b.market_date) = 1 AS total
               FROM bids b WHERE ${bidWhere(q, p)}
              GROUP BY GROUPING SETS ((b.market_date, b.market_id, b.bet_type, b.session), ())) a
       LEFT JOIN markets m ON m.id = a.market_id`,
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
      `s.date, ${MARKET_ORDER}, s.bet_type, s.session`,
    ),
    paging,
  );
  return {
    rows: page.rows.map((r) => ({
      date: r.date,
      ...marketCells(r),
      ...betCells(r),
      bids: r.bids,
      stakes: formatPaise(r.stakes),
    })),
    totals: { bids: page.totals.bids, stakes: formatPaise(page.totals.stakes) },
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
  stake: number;
  payout: number;
  placed_at: string;
}

/** The winning bids of the range and filters, with `columns` selected over `paid w`, `bids b` and `joins`. */
function winnersSql(q: WinningQuery, p: Params, columns: string, joins = ''): string {
  const player = q.player_id === undefined ? '' : ` AND b.player_id = ${p.add(q.player_id, 'bigint')}`;
  return `WITH ${outcomeCtes(q, p)}
    SELECT ${columns} FROM paid w JOIN bids b ON b.id = w.bid_id ${joins}
     WHERE ${bidWhere(q, p)}${player}`;
}

/** Every winning bid (one row each, so a page is read with LIMIT), and the totals over all of them. */
export async function winningReport(tx: Queryable, q: WinningQuery, paging: Paging) {
  const tp = new Params();
  const { rows: totals } = await tx.query<{
    winning_bids: number;
    winners: number;
    stakes: number;
    payout: number;
  }>(
    winnersSql(
      q,
      tp,
      `count(*) AS winning_bids, count(DISTINCT b.player_id) AS winners,
       coalesce(sum(b.amount), 0)::bigint AS stakes, coalesce(sum(w.payout), 0)::bigint AS payout`,
    ),
    tp.values,
  );
  const p = new Params();
  const winners = winnersSql(
    q,
    p,
    `to_char(b.market_date, 'YYYY-MM-DD') AS date, b.market_id, m.name AS market_name, m.grp, m.sort AS market_sort,
     b.bet_type, b.session, b.digits, b.close_digits, w.value AS result, b.id AS bid_id, b.player_id,
     pl.user_name, pl.mobile, b.amount AS stake, w.payout, ${localTime('b.created_at')} AS placed_at`,
    'JOIN markets m ON m.id = b.market_id JOIN players pl ON pl.id = b.player_id',
  );
  const order = orderBy(
    {
      date: { sql: 's.date', dir: 'asc' },
      market: { sql: 's.market_name', dir: 'asc' },
      payout: { sql: 's.payout', dir: 'desc' },
      points: { sql: 's.stake', dir: 'desc' },
    },
    q.sort,
    q.dir,
    `s.date, ${MARKET_ORDER}, s.bid_id`,
  );
  const { rows } = await tx.query<WinningRow>(
    `SELECT s.* FROM (${winners}) s ORDER BY ${order}
      LIMIT ${p.add(paging.limit, 'bigint')} OFFSET ${p.add(paging.offset, 'bigint')}`,
    p.values,
  );
  const t = totals[0] ?? { winning_bids: 0, winners: 0, stakes: 0, payout: 0 };
  return {
    rows: rows.map((r) => ({
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
      points: formatPaise(r.stake),
      payout: formatPaise(r.payout),
      placed_at: r.placed_at,
    })),
    totals: {
      winning_bids: t.winning_bids,
      winners: t.winners,
      stakes: formatPaise(t.stakes),
      payout: formatPaise(t.payout),
    },
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
  stakes: formatPaise(r.stakes),
  pending_stakes: formatPaise(r.pending_stakes),
  winning_bids: r.winning_bids,
  payouts: formatPaise(r.payouts),
  house_result: formatPaise(r.stakes - r.payouts),
});

/** Aggregates of bids with their outcome, for `SELECT … FROM bids b` joined to `live` and `paid`. */
export const OUTCOME_MEASURES = `count(*) AS bids, coalesce(sum(b.amount), 0)::bigint AS stakes,
  coalesce(sum(b.amount) FILTER (WHERE ${PENDING}), 0)::bigint AS pending_stakes,
  count(w.bid_id) AS winning_bids, coalesce(sum(w.payout), 0)::bigint AS payouts`;

interface ProfitLossRow extends MarketCells, Measures {
  total: boolean;
  date: string;
}

export async function profitLossReport(tx: Queryable, q: ProfitLossQuery, paging: Paging) {
  const p = new Params();
  const page = await pagedAggregate<ProfitLossRow>(
    tx,
    `WITH ${outcomeCtes(q, p)}
     SELECT to_char(a.market_date, 'YYYY-MM-DD') AS date, a.market_id, m.name AS market_name, m.grp,
            m.sort AS market_sort, a.bids, a.stakes, a.pending_stakes, a.winning_bids, a.payouts,
            a.stakes - a.payouts AS house_result, a.total
       FROM (SELECT b.market_date, b.market_id, ${OUTCOME_MEASURES}, GROUPING(b.market_date) = 1 AS total
               FROM bids b
               LEFT JOIN live l ON l.market_id = b.market_id AND l.market_date = b.market_date AND l.half = b.settle_half
               LEFT JOIN paid w ON w.bid_id = b.id
              WHERE ${bidWhere(q, p)}
              GROUP BY GROUPING SETS ((b.market_date, b.market_id), ())) a
       LEFT JOIN markets m ON m.id = a.market_id`,
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
      `s.date, ${MARKET_ORDER}`,
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
  stakes: formatPaise(r.stakes),
  winning_bids: r.winning_bids,
  payouts: formatPaise(r.payouts),
  player_net: formatPaise(r.payouts - r.stakes),
});

export async function customerSellReport(tx: Queryable, q: CustomerSellQuery, paging: Paging) {
  const p = new Params();
  const player = q.player_id === undefined ? '' : ` AND b.player_id = ${p.add(q.player_id, 'bigint')}`;
  const page = await pagedAggregate<CustomerRow>(
    tx,
    `WITH ${outcomeCtes(q, p)}
     SELECT a.player_id, pl.user_name, pl.mobile, a.bids, a.stakes, a.winning_bids, a.payouts,
            a.payouts - a.stakes AS player_net, a.total
       FROM (SELECT b.player_id, count(*) AS bids, coalesce(sum(b.amount), 0)::bigint AS stakes,
                    count(w.bid_id) AS winning_bids, coalesce(sum(w.payout), 0)::bigint AS payouts,
                    GROUPING(b.player_id) = 1 AS total
               FROM bids b LEFT JOIN paid w ON w.bid_id = b.id
              WHERE ${bidWhere(q, p)}${player}
              GROUP BY GROUPING SETS ((b.player_id), ())) a
       LEFT JOIN players pl ON pl.id = a.player_id`,
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
  return {
    rows: page.rows.map((r) => ({
      player_id: r.player_id,
      user_name: r.user_name,
      mobile: r.mobile,
      ...customerCells(r),
    })),
    totals: { players: page.totalRows, ...customerCells(page.totals) },
    totalRows: page.totalRows,
  };
}
