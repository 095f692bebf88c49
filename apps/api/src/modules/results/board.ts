/**
 * The results desk's board: every market's draws of one market date with where each stands. A draw is
 * `declared` once it has a live result, `pending_approval` while a declaration waits for a second operator,
 * `no_draw` on the market's day off, an off date or a day outside its first and last days (or while the market
 * is switched off), `bidding_open` until its time, and `closed_awaiting_result` after it: the same rule the
 * declare call applies, so a draw the board shows as open is one a declaration would refuse as too early.
 */
import type { BoardResponse } from '@gama/core/endpoints/results/index';
import { resultMessages } from '@gama/core/endpoints/results/index';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { isIsoDate } from '@gama/core/rules/dates';
import { dayOn, drawMinutesOf, marketDayAt } from '@gama/core/rules/schedule';
import { MINUTES_PER_DAY, formatClockTime, zonedParts } from '@gama/core/rules/time';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { Market } from '../markets/repository.ts';
import { PAYOUT_SQL } from './outcome-sql.ts';
import type { ExposurePaise, Half } from './service.ts';
import { formatExposure } from './service.ts';
import { ownerSetting } from '../settings/owner-settings.ts';

/** How many of a draw's costliest numbers the board carries; the exposure call lists them all. */
const TOP_EXPOSURE = 3;
const GROUP_ORDER: readonly MarketGroup[] = ['main', 'starline', 'gali'];

type BoardDraw = BoardResponse['markets'][number]['draws'][number];

const key = (marketId: number, half: string) => `${marketId}:${half}`;

/** A declaration as the board reads it, waiting or rejected. */
interface DeclarationSql {
  id: number;
  market_id: number;
  half: Half;
  value: string;
  maker_id: number;
  maker: string;
}

export async function resultsBoard(
  deps: Deps,
  query: { date?: string | undefined; group?: MarketGroup | undefined },
): Promise<BoardResponse> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const date = query.date ?? zonedParts(now, config.MARKET_TIME_ZONE).date;
  if (!isIsoDate(date)) throw new AppError('RESULT_DATE_INVALID', resultMessages.badDate);

  const { rows: markets } = await db.query<Market>(
    `SELECT id, grp, name, schedule, active, sort FROM markets WHERE $1::text IS NULL OR grp = $1
      ORDER BY sort, id`,
    [query.group ?? null],
  );
  const { rows: results } = await db.query<{
    id: number;
    market_id: number;
    half: Half;
    value: string;
    declared_at: Date;
    paid: number;
  }>(
    `SELECT r.id, r.market_id, r.half, r.value, r.declared_at,
            (SELECT coalesce(sum(c.payout), 0) FROM win_credits c
              WHERE c.result_id = r.id AND c.reversal_journal_id IS NULL)::bigint AS paid
       FROM results r WHERE r.market_date = $1::date AND r.reverted_at IS NULL`,
    [date],
  );
  const { rows: pending } = await db.query<DeclarationSql & { created_at: Date }>(
    `SELECT d.id, d.market_id, d.half, d.value, d.maker_id, o.username AS maker, d.created_at
       FROM result_declarations d JOIN operators o ON o.id = d.maker_id
      WHERE d.market_date = $1::date AND d.state = 'pending_approval'`,
    [date],
  );
  const { rows: rejected } = await db.query<
    DeclarationSql & {
      checker_id: number | null;
      checker: string | null;
      reason: string | null;
      decided_at: Date;
    }
  >(
    `SELECT d.id, d.market_id, d.half, d.value, d.maker_id, m.username AS maker, d.checker_id,
            c.username AS checker, d.reason, d.decided_at
       FROM result_declarations d
       JOIN operators m ON m.id = d.maker_id
       LEFT JOIN operators c ON c.id = d.checker_id
      WHERE d.market_date = $1::date AND d.state = 'rejected'
        AND NOT EXISTS (SELECT 1 FROM result_declarations n
                         WHERE n.market_id = d.market_id AND n.market_date = d.market_date AND n.half = d.half
                           AND n.id > d.id)`,
    [date],
  );
  // One pass over the day's undecided bids: per draw its totals and its costliest numbers.
  const { rows: exposure } = await db.query<
    ExposurePaise & { market_id: number; rank: number; total_bids: number; total_stakes: number }
  >(
    `WITH g AS (
       SELECT b.market_id, b.settle_half AS half, b.bet_type, b.session, b.digits, b.close_digits,
              count(*)::int AS bids, sum(b.amount)::bigint AS stakes, sum(${PAYOUT_SQL})::bigint AS payout
         FROM bid_outcomes b
        WHERE b.market_date = $1::date AND b.status = 'pending'
        GROUP BY b.market_id, b.settle_half, b.bet_type, b.session, b.digits, b.close_digits),
     ranked AS (
       SELECT g.*,
              row_number() OVER (PARTITION BY g.market_id, g.half ORDER BY g.payout DESC, g.bet_type, g.digits)
                AS rank,
              sum(g.bids) OVER (PARTITION BY g.market_id, g.half)::int AS total_bids,
              sum(g.stakes) OVER (PARTITION BY g.market_id, g.half)::bigint AS total_stakes
         FROM g)
     SELECT * FROM ranked WHERE rank <= $2 ORDER BY market_id, half, rank`,
    [date, TOP_EXPOSURE],
  );

  const resultBy = new Map(results.map((r) => [key(r.market_id, r.half), r]));
  const pendingBy = new Map(pending.map((p) => [key(p.market_id, p.half), p]));
  const rejectedBy = new Map(rejected.map((r) => [key(r.market_id, r.half), r]));
  const exposureBy = new Map<string, typeof exposure>();
  for (const row of exposure) {
    const list = exposureBy.get(key(row.market_id, row.half)) ?? [];
    list.push(row);
    exposureBy.set(key(row.market_id, row.half), list);
  }

  function drawOf(market: Market, half: Half): BoardDraw {
    const day = dayOn(market.schedule, date);
    const drawMinutes = drawMinutesOf(day, half);
    const current = marketDayAt(market.schedule, now, market.grp);
    const biddingOpen = current.date < date || (current.date === date && current.minutes < drawMinutes);
    const result = resultBy.get(key(market.id, half));
    const waiting = pendingBy.get(key(market.id, half));
    const refused = result ? undefined : rejectedBy.get(key(market.id, half));
    const top = exposureBy.get(key(market.id, half)) ?? [];
    let state: BoardDraw['state'];
    if (result) state = 'declared';
    else if (waiting) state = 'pending_approval';
    else if (!day.active || !market.active) state = 'no_draw';
    else if (biddingOpen) state = 'bidding_open';
    else state = 'closed_awaiting_result';
    return {
      half,
      draw_time: formatClockTime(drawMinutes % MINUTES_PER_DAY),
      next_day: drawMinutes >= MINUTES_PER_DAY,
      state,
      result: result
        ? {
            result_id: result.id,
            value: result.value,
            declared_at: result.declared_at.toISOString(),
            paid_paise: result.paid,
          }
        : null,
      pending: waiting
        ? {
            declaration_id: waiting.id,
            value: waiting.value,
            maker: { id: waiting.maker_id, username: waiting.maker },
            created_at: waiting.created_at.toISOString(),
          }
        : null,
      rejected: refused
        ? {
            declaration_id: refused.id,
            value: refused.value,
            maker: { id: refused.maker_id, username: refused.maker },
            checker:
              refused.checker_id === null
                ? null
                : { id: refused.checker_id, username: refused.checker ?? `operator ${refused.checker_id}` },
            reason: refused.reason,
            decided_at: refused.decided_at.toISOString(),
          }
        : null,
      pending_bids: top[0]?.total_bids ?? 0,
      pending_stakes_paise: top[0]?.total_stakes ?? 0,
      top_exposure: top.map(formatExposure),
    };
  }

  const ordered = [...markets].sort((a, b) => GROUP_ORDER.indexOf(a.grp) - GROUP_ORDER.indexOf(b.grp));
  return {
    status: true,
    date,
    server_time: now.toISOString(),
    time_zone: config.MARKET_TIME_ZONE,
    two_person: await ownerSetting(db, 'results_two_person'),
    markets: ordered.map((market) => ({
      market_id: market.id,
      name: market.name,
      group: market.grp,
      active: market.active,
      draws:
        market.grp === 'main'
          ? [drawOf(market, 'open'), drawOf(market, 'close')]
          : [drawOf(market, 'single')],
    })),
  };
}
