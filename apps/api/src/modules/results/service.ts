/**
 * Declaring, previewing and reverting results. A declaration is a result revision; settlement and revert are
 * keyed by it, so repeating a call (or racing two) ends in the state one call would leave.
 */
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { formatBidDate, isIsoDate } from '@gama/core/rules/dates';
import { formatPaise } from '@gama/core/rules/money';
import { isPana } from '@gama/core/rules/panas';
import { dayTimes, marketDayAt } from '@gama/core/rules/schedule';
import { weekdayOf } from '@gama/core/rules/dates';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Market } from '../markets/repository.ts';
import { marketById } from '../markets/repository.ts';
import type { ResultParams } from './outcome-sql.ts';
import {
  PAYOUT_SQL,
  galiParams,
  mainParams,
  paramValues,
  starlineParams,
  wonExpression,
} from './outcome-sql.ts';
import { revertRevision } from './revert.ts';
import { settle } from './settle.ts';

export const resultMessages = {
  openFirst: 'Please Declare Open Result First',
  alreadyDeclared: 'Result already declared',
  badPana: 'Please enter one of the 220 panas',
  badGali: 'Please enter two digits, 00 to 99',
  halfRequired: 'Choose the open or close half',
  noHalf: 'This market has a single result; leave half out',
  badDate: 'Date must be YYYY-MM-DD',
  tooEarly: 'Bidding for this draw is still open; declare after its time',
  nothingToRevert: 'No declared result to revert',
  revertInProgress: 'A revert of this result is in progress; run revert again to finish it',
  marketNotFound: 'Market not found',
} as const;

export type Half = 'open' | 'close' | 'single';

export interface ResultRow {
  id: number;
  market_id: number;
  market_date: string;
  half: Half;
  value: string;
  declared_at: Date;
  settled_at: Date | null;
  revert_started_at: Date | null;
  reverted_at: Date | null;
}

const RESULT_COLUMNS = `id, market_id, to_char(market_date, 'YYYY-MM-DD') AS market_date, half, value, declared_at,
  settled_at, revert_started_at, reverted_at`;

async function liveResults(db: Queryable, marketId: number, date: string): Promise<Map<Half, ResultRow>> {
  const { rows } = await db.query<ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM results WHERE market_id = $1 AND market_date = $2::date AND reverted_at IS NULL`,
    [marketId, date],
  );
  return new Map(rows.map((r) => [r.half, r]));
}

interface Target {
  market: Market;
  date: string;
  half: Half;
}

async function resolveTarget(
  deps: Deps,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined },
): Promise<Target> {
  if (!isIsoDate(input.date)) throw new AppError('VALIDATION', resultMessages.badDate);
  const market = await marketById(deps.db, input.market_id);
  if (!market) throw new AppError('NOT_FOUND', resultMessages.marketNotFound);
  if (market.grp === 'main') {
    if (!input.half) throw new AppError('VALIDATION', resultMessages.halfRequired);
    return { market, date: input.date, half: input.half };
  }
  if (input.half) throw new AppError('VALIDATION', resultMessages.noHalf);
  return { market, date: input.date, half: 'single' };
}

function checkValue(group: MarketGroup, value: string): void {
  if (group === 'gali') {
    if (!/^\d{2}$/.test(value)) throw new AppError('VALIDATION', resultMessages.badGali);
  } else if (!/^\d{3}$/.test(value) || !isPana(value)) {
    throw new AppError('VALIDATION', resultMessages.badPana);
  }
}

/** A draw can be declared once its bidding has closed: never for a future day or before its time. */
function checkDrawTime(target: Target, now: Date): void {
  const { market, date, half } = target;
  const day = dayTimes(market.schedule, weekdayOf(date));
  const drawMinutes = half === 'close' ? day.closeMinutes + (day.closesNextDay ? 1440 : 0) : day.openMinutes;
  const current = marketDayAt(market.schedule, now, market.grp);
  if (current.date < date || (current.date === date && current.minutes < drawMinutes)) {
    throw new AppError('VALIDATION', resultMessages.tooEarly);
  }
}

function paramsFor(group: MarketGroup, half: Half, value: string, live: Map<Half, ResultRow>): ResultParams {
  if (group === 'starline') return starlineParams(value);
  if (group === 'gali') return galiParams(value);
  if (half === 'open') return mainParams(value, null);
  const open = live.get('open');
  if (!open) throw new AppError('VALIDATION', resultMessages.openFirst);
  return mainParams(open.value, value);
}

function noteFor(market: Market, date: string, half: Half, value: string): string {
  const what = half === 'single' ? 'result' : `${half} result`;
  return `Win ${market.name} ${formatBidDate(date)} (${what} ${value})`;
}

export async function declareResult(
  deps: Deps,
  operatorId: number,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined; value: string },
): Promise<{ result_id: number; settled: number; wins: number; resumed: boolean }> {
  const { db, clock } = deps;
  const target = await resolveTarget(deps, input);
  checkValue(target.market.grp, input.value);
  let live = await liveResults(db, target.market.id, target.date);
  const params = paramsFor(target.market.grp, target.half, input.value, live);
  checkDrawTime(target, clock.now());

  let result = live.get(target.half);
  let resumed = true;
  if (!result) {
    try {
      const rows = await db.transaction(async (tx) => {
        // Every bid insert holds a KEY SHARE lock on its market (the foreign key) until it commits, and checks
        // for a live result after it (place.ts). Locking the market here waits for bids in flight, so the
        // settlement that follows sees them; bids that come after see this result and are refused.
        await tx.query('SELECT 1 FROM markets WHERE id = $1 FOR UPDATE', [target.market.id]);
        const inserted = await tx.query<{ id: number }>(
          `INSERT INTO results (market_id, market_date, half, value, declared_by, declared_at)
           VALUES ($1, $2::date, $3, $4, $5, $6) RETURNING id`,
          [target.market.id, target.date, target.half, input.value, operatorId, clock.now()],
        );
        return inserted.rows;
      });
      resumed = false;
      live = await liveResults(db, target.market.id, target.date);
      result = live.get(target.half);
      if (!result || result.id !== rows[0]?.id) throw new Error('declared result not found');
    } catch (error) {
      // Another declare of the same half won the race: continue as a retry of it.
      if (pgCode(error) !== '23505') throw error;
      live = await liveResults(db, target.market.id, target.date);
      result = live.get(target.half);
      if (!result) throw error;
    }
  }
  if (result.value !== input.value) throw new AppError('CONFLICT', resultMessages.alreadyDeclared);
  if (result.revert_started_at) throw new AppError('CONFLICT', resultMessages.revertInProgress);
  const outcome = await settle(
    db,
    {
      resultId: result.id,
      marketId: target.market.id,
      marketDate: target.date,
      half: target.half,
      params,
      note: noteFor(target.market, target.date, target.half, input.value),
    },
    clock.now(),
  );
  deps.markets.invalidate();
  return { result_id: result.id, settled: outcome.settled, wins: outcome.wins, resumed };
}

/**
 * Finishes every live declaration whose settlement stopped midway (the server went down during a declare):
 * run at start-up, so the bids above a revision's cursor do not wait for an operator to declare again.
 */
export async function resumeSettlements(deps: Deps): Promise<Array<{ result_id: number; settled: number }>> {
  const { db, clock } = deps;
  const { rows } = await db.query<ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM results
      WHERE reverted_at IS NULL AND settled_at IS NULL AND revert_started_at IS NULL ORDER BY id`,
  );
  const resumed = [];
  for (const result of rows) {
    const market = await marketById(db, result.market_id);
    if (!market) continue;
    const live = await liveResults(db, market.id, result.market_date);
    const params = paramsFor(market.grp, result.half, result.value, live);
    const outcome = await settle(
      db,
      {
        resultId: result.id,
        marketId: market.id,
        marketDate: result.market_date,
        half: result.half,
        params,
        note: noteFor(market, result.market_date, result.half, result.value),
      },
      clock.now(),
    );
    resumed.push({ result_id: result.id, settled: outcome.settled });
  }
  if (resumed.length > 0) deps.markets.invalidate();
  return resumed;
}

/** Reverts the latest declaration of a market and date; reverting the open first reverts the close. */
export async function revertResult(
  deps: Deps,
  operatorId: number,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined },
): Promise<{ reverted: Array<{ result_id: number; half: Half; reversed: number; reopened: number }> }> {
  const { db, clock } = deps;
  if (!isIsoDate(input.date)) throw new AppError('VALIDATION', resultMessages.badDate);
  const market = await marketById(db, input.market_id);
  if (!market) throw new AppError('NOT_FOUND', resultMessages.marketNotFound);
  const live = await liveResults(db, market.id, input.date);
  let halves: Half[];
  if (market.grp !== 'main') halves = ['single'];
  else if (input.half === 'open') halves = ['close', 'open'];
  else if (input.half === 'close') halves = ['close'];
  else halves = live.has('close') ? ['close'] : ['open'];
  const todo = halves.map((h) => live.get(h)).filter((r): r is ResultRow => r !== undefined);
  if (todo.length === 0) throw new AppError('NOT_FOUND', resultMessages.nothingToRevert);
  const reverted = [];
  for (const result of todo) {
    const now = clock.now();
    await db.query('UPDATE results SET revert_started_at = coalesce(revert_started_at, $2) WHERE id = $1', [
      result.id,
      now,
    ]);
    const note = `Result corrected: ${market.name} ${formatBidDate(result.market_date)} (${result.half === 'single' ? 'result' : `${result.half} result`} ${result.value} reverted)`;
    const step = await revertRevision(db, result.id, note, now);
    await db.query(
      'UPDATE results SET reverted_at = $2, reverted_by = $3 WHERE id = $1 AND reverted_at IS NULL',
      [result.id, clock.now(), operatorId],
    );
    reverted.push({ result_id: result.id, half: result.half, ...step });
  }
  deps.markets.invalidate();
  return { reverted };
}

/** For a candidate result: how many pending bids would win and what they would be paid. */
export async function previewResult(
  deps: Deps,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined; value: string },
): Promise<{ bids: number; winners: number; payout: string; stakes: string }> {
  const { db } = deps;
  const target = await resolveTarget(deps, input);
  checkValue(target.market.grp, input.value);
  const live = await liveResults(db, target.market.id, target.date);
  const params = paramsFor(target.market.grp, target.half, input.value, live);
  const { rows } = await db.query<{ bids: number; winners: number; payout: number; stakes: number }>(
    `SELECT count(*)::int AS bids, count(*) FILTER (WHERE ${wonExpression(4)})::int AS winners,
            coalesce(sum(${PAYOUT_SQL}) FILTER (WHERE ${wonExpression(4)}), 0)::bigint AS payout,
            coalesce(sum(b.amount), 0)::bigint AS stakes
       FROM bid_outcomes b
      WHERE b.market_id = $1 AND b.market_date = $2::date AND b.settle_half = $3 AND b.status = 'pending'`,
    [target.market.id, target.date, target.half, ...paramValues(params)],
  );
  const row = rows[0] ?? { bids: 0, winners: 0, payout: 0, stakes: 0 };
  return {
    bids: row.bids,
    winners: row.winners,
    payout: formatPaise(row.payout),
    stakes: formatPaise(row.stakes),
  };
}

/** The house's exposure: for each number bet on, what it would pay if that number came. */
export async function exposure(
  deps: Deps,
  input: { market_id: number; date: string; bet_type?: string | undefined },
): Promise<
  Array<{
    bet_type: string;
    session: string;
    digits: string;
    close_digits: string;
    bids: number;
    stakes: string;
    payout: string;
  }>
> {
  // PostgreSQL's ::date cast would throw on anything else (a 500); refuse it as the declare path does.
  if (!isIsoDate(input.date)) throw new AppError('VALIDATION', resultMessages.badDate);
  const { rows } = await deps.db.query<{
    bet_type: string;
    session: string;
    digits: string;
    close_digits: string;
    bids: number;
    stakes: number;
    payout: number;
  }>(
    `SELECT b.bet_type, b.session, b.digits, b.close_digits, count(*)::int AS bids,
            sum(b.amount)::bigint AS stakes, sum(${PAYOUT_SQL})::bigint AS payout
       FROM bid_outcomes b
      WHERE b.market_id = $1 AND b.market_date = $2::date AND b.status = 'pending' AND ($3::text IS NULL OR b.bet_type = $3)
      GROUP BY b.bet_type, b.session, b.digits, b.close_digits
      ORDER BY payout DESC, b.bet_type, b.digits LIMIT 1000`,
    [input.market_id, input.date, input.bet_type ?? null],
  );
  return rows.map((r) => ({ ...r, stakes: formatPaise(r.stakes), payout: formatPaise(r.payout) }));
}

export async function resultHistory(
  db: Queryable,
  marketId: number,
  date: string | undefined,
): Promise<ResultRow[]> {
  if (date !== undefined && !isIsoDate(date)) throw new AppError('VALIDATION', resultMessages.badDate);
  const { rows } = await db.query<ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM results WHERE market_id = $1 AND ($2::date IS NULL OR market_date = $2::date)
      ORDER BY market_date DESC, id DESC LIMIT 500`,
    [marketId, date ?? null],
  );
  return rows;
}
