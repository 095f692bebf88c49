/**
 * The full exposure view of a draw: every number bet on, with its bids, stakes and what it would pay if it
 * came, and once the draw is declared which numbers won and the house result. One pass over the draw's bids
 * (the `bids_by_deciding_result` index) groups them by number; the totals come from the same groups, so a page
 * and its totals always agree.
 */
import { resultMessages, type ExposureResponse } from '@gama/core/endpoints/results/index';
import { isIsoDate } from '@gama/core/rules/dates';
import { subtractPaise } from '@gama/core/rules/money';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { pageWindow, type PageParams } from '../../lib/paging.ts';
import { marketById } from '../markets/repository.ts';
import { PAYOUT_SQL } from './outcome-sql.ts';
import { formatExposure, type ExposurePaise, type Half } from './service.ts';

export type ExposureSort = 'payout' | 'stakes' | 'bids' | 'number';

export interface ExposureQuery extends PageParams {
  market_id: number;
  date: string;
  half?: Half | undefined;
  bet_type?: string | undefined;
  sort: ExposureSort;
}

/** A number's identity, also the tie-break of every sort so pages never overlap. */
const NUMBER_ORDER = ['bet_type', 'digits', 'close_digits', 'session'];

function orderOf(sort: ExposureSort, dir: 'asc' | 'desc'): string {
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  const keys = sort === 'number' ? NUMBER_ORDER : [sort, ...NUMBER_ORDER];
  return keys.map((key, i) => (i === 0 || sort === 'number' ? `g.${key} ${d}` : `g.${key}`)).join(', ');
}

type GroupRow = ExposurePaise & {
  outcome: 'pending' | 'won' | 'lost';
  cap: number | null;
  cap_used: number | null;
};
type Totals = {
  total: number;
  all_bids: number;
  all_stakes: number;
  all_pending_bids: number;
  all_pending_stakes: number;
  all_paid: number;
};

export async function exposure(deps: Deps, query: ExposureQuery): Promise<ExposureResponse> {
  const { db } = deps;
  // PostgreSQL's ::date cast would throw on anything else (a 500); refuse it as the declare path does.
  if (!isIsoDate(query.date)) throw new AppError('RESULT_DATE_INVALID', resultMessages.badDate);
  const market = await marketById(db, query.market_id);
  if (!market) throw new AppError('NOT_FOUND', resultMessages.marketNotFound);
  const window = pageWindow(query);

  // The totals row always comes back (a page past the end still has them); its page rows, if there are some, are joined
  // to it, so the columns of a number are null on an empty page.
  const { rows } = await db.query<Totals & { [K in keyof GroupRow]: GroupRow[K] | null }>(
    `WITH g AS MATERIALIZED (
       SELECT b.bet_type, b.rate_field, b.session, b.settle_half AS half, b.digits, b.close_digits,
              count(*)::int AS bids, sum(b.amount)::bigint AS stakes, sum(${PAYOUT_SQL})::bigint AS payout,
              (count(*) FILTER (WHERE b.status = 'pending'))::int AS pending_bids,
              coalesce(sum(b.amount) FILTER (WHERE b.status = 'pending'), 0)::bigint AS pending_stakes,
              coalesce(sum(b.payout) FILTER (WHERE b.status = 'won'), 0)::bigint AS paid,
              CASE WHEN bool_or(b.status = 'pending') THEN 'pending'
                   WHEN bool_or(b.status = 'won') THEN 'won' ELSE 'lost' END AS outcome
         FROM bid_outcomes b
        WHERE b.market_id = $1 AND b.market_date = $2::date
          AND ($3::text IS NULL OR b.bet_type = $3) AND ($4::text IS NULL OR b.settle_half = $4)
        GROUP BY b.bet_type, b.rate_field, b.session, b.settle_half, b.digits, b.close_digits),
     t AS (
       SELECT count(*)::int AS total, coalesce(sum(bids), 0)::int AS all_bids,
              coalesce(sum(stakes), 0)::bigint AS all_stakes,
              coalesce(sum(pending_bids), 0)::int AS all_pending_bids,
              coalesce(sum(pending_stakes), 0)::bigint AS all_pending_stakes,
              coalesce(sum(paid), 0)::bigint AS all_paid
         FROM g)
     SELECT t.*, p.bet_type, p.session, p.half, p.digits, p.close_digits, p.bids, p.stakes, p.payout,
            p.outcome, p.cap, p.cap_used
       FROM t LEFT JOIN LATERAL (
         -- Caps and what is held against them are per rate field, so the page's numbers join them by it.
         SELECT g.*, lc.cap, CASE WHEN lc.cap IS NOT NULL THEN ne.payout END AS cap_used
           FROM g
           LEFT JOIN liability_caps lc ON lc.grp = $7 AND lc.rate_field = g.rate_field
           LEFT JOIN number_exposure ne
             ON ne.market_id = $1 AND ne.market_date = $2::date AND ne.rate_field = g.rate_field
            AND ne.session = g.session AND ne.digits = g.digits AND ne.close_digits = g.close_digits
          ORDER BY ${orderOf(query.sort, query.dir)} LIMIT $5 OFFSET $6) p ON true`,
    [
      query.market_id,
      query.date,
      query.bet_type ?? null,
      query.half ?? null,
      window.limit,
      window.offset,
      market.grp,
    ],
  );
  const totals = rows[0];
  if (!totals) throw new Error('the exposure totals row is missing');

  const halves: Half[] = query.half ? [query.half] : market.grp === 'main' ? ['open', 'close'] : ['single'];
  const { rows: results } = await db.query<{
    half: Half;
    value: string;
    declared_at: Date;
    settled: boolean;
  }>(
    `SELECT half, value, declared_at, settled_at IS NOT NULL AS settled FROM results
      WHERE market_id = $1 AND market_date = $2::date AND reverted_at IS NULL AND half = ANY($3::text[])
      ORDER BY declared_at`,
    [query.market_id, query.date, halves],
  );
  const settled = halves.every((h) => results.some((r) => r.half === h && r.settled));

  return {
    status: true,
    market_id: market.id,
    market_name: market.name,
    group: market.grp,
    date: query.date,
    results: results.map((r) => ({ half: r.half, value: r.value, declared_at: r.declared_at.toISOString() })),
    bids: totals.all_bids,
    stakes_paise: totals.all_stakes,
    pending_bids: totals.all_pending_bids,
    pending_stakes_paise: totals.all_pending_stakes,
    paid_paise: totals.all_paid,
    house_paise: settled ? subtractPaise(totals.all_stakes, totals.all_paid) : null,
    total: totals.total,
    page: query.page,
    page_size: query.page_size,
    exposure: rows.flatMap((r) =>
      r.bet_type === null
        ? []
        : [
            {
              ...formatExposure(r as GroupRow),
              outcome: r.outcome ?? 'pending',
              cap_paise: r.cap,
              cap_used_paise: r.cap_used,
            },
          ],
    ),
  };
}
