/**
 * Placing bids, one path for all three market groups (architecture section 5): validate every row with the
 * core rules, check each row's cut-off against the server clock, price it on the server, debit the wallet
 * once, and store each row with the rate in force now. Any failure writes nothing.
 *
 * What needs the database is one call, gama_place_bid (db/functions/place_bid.sql, decision 018): the checks under
 * the wallet lock, the writes, and the outcome kept under the idempotency key; under load several slips share one
 * transaction and one call (batches.ts, decision 043), each still judged on its own. This module checks what needs no
 * table before it and words the answer or the refusal after it.
 */
import type { SubmitBidRequest } from '@gama/core/contract/bids';
import type { SubmitBidResponse } from '@gama/core/endpoints/bids/index';
import { bidPlacementMessages } from '@gama/core/contract/bids';
import { ledgerNotes } from '@gama/core/contract/ledger-notes';
import type { BetType, MarketGroup } from '@gama/core/rules/bet-types';
import { findBetType } from '@gama/core/rules/bet-types';
import { formatBidDate, parseBidDate } from '@gama/core/rules/dates';
import { bidMessages } from '@gama/core/rules/messages';
import { formatPaise, wholePointsOf } from '@gama/core/rules/money';
import { checkBidWindow } from '@gama/core/rules/schedule';
import { scheduleMessages } from '@gama/core/rules/schedule-edit';
import type { Session } from '@gama/core/rules/sessions';
import { zonedParts } from '@gama/core/rules/time';
import type { BidRow } from '@gama/core/rules/validate-entry';
import { validateBidEntry } from '@gama/core/rules/validate-entry';
import { idempotencyMessages } from '@gama/core/contract/idempotency';
import type { LimitPeriod } from '@gama/core/rules/responsible-play';
import { periodStart } from '@gama/core/rules/responsible-play';
import { pgCode } from '../../db/database.ts';
import { ensureDrawPartitions, isMissingPartition } from '../../db/partitions.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { faultPoint } from '../../lib/fault.ts';
import { requestHash, storedResponse } from '../ledger/idempotency.ts';
import type { MarketWithRev } from '../markets/repository.ts';
import { marketById } from '../markets/repository.ts';
import { playLimitRefusal } from '../play/limits.ts';
import { limitReached, numberLabel } from '../risk/exposure.ts';
import type { DebitFlags } from '../wallet/service.ts';
import { debitRefusal } from '../wallet/service.ts';

interface PricedRow extends BidRow {
  session: Session;
  points: number;
}

/** Pure checks: the bet type, every row's numbers and points. Time and money are checked in the transaction. */
function validateRows(
  group: MarketGroup,
  body: SubmitBidRequest,
): { betType: BetType; rows: PricedRow[]; cost: number } {
  const betType = findBetType(group, body.new_result.pana);
  if (!betType) throw new AppError('BID_UNKNOWN_GAME', bidPlacementMessages.unknownGameType);
  const rows: PricedRow[] = [];
  let cost = 0;
  for (const row of body.new_result.result) {
    const sangam = betType.closeDigitInput !== null;
    // Legacy clients put a close-session number in `closedigits` and leave `digits` empty (spec 02 section 7).
    const digit = sangam || (row.digits !== undefined && row.digits !== '') ? row.digits : row.closedigits;
    const entry = validateBidEntry(betType, {
      digit,
      closeDigit: sangam ? row.closedigits : undefined,
      points: row.points,
      session: row.session ?? body.new_result.session,
      ...(row.lists ? { lists: row.lists } : {}),
    });
    if (!entry.ok) throw new AppError('BID_INVALID_ROW', entry.message);
    for (const r of entry.rows) rows.push({ ...r, session: entry.session, points: entry.points });
    cost += entry.costPaise;
  }
  if (!Number.isSafeInteger(cost))
    throw new AppError('BID_TOTAL_MISMATCH', bidPlacementMessages.totalMismatch);
  return { betType, rows, cost };
}

function checkTotal(body: SubmitBidRequest, cost: number): void {
  const total = body.new_result.totalbit;
  if (total === undefined || total === '') return;
  if (String(total).trim() !== formatPaise(cost))
    throw new AppError('BID_TOTAL_MISMATCH', bidPlacementMessages.totalMismatch);
}

/** The draw a slip is for, or the refusal the cut-offs and the date give (checked at the server's clock). */
function drawOf(
  market: MarketWithRev,
  betType: BetType,
  rows: readonly PricedRow[],
  bidDate: string | null,
  now: Date,
  timeZone: string,
): { marketDate: string } | AppError {
  if (!market.active) return new AppError('BID_CLOSED', bidMessages.bettingClosed);
  let marketDate = '';
  for (const row of rows) {
    const window = checkBidWindow(market.schedule, betType, row.session, now);
    if (!window.ok) return new AppError('BID_CUT_OFF', window.message);
    marketDate = window.marketDate;
  }
  // The screen shows today's date; an overnight market's day began the calendar day before.
  const today = zonedParts(now, timeZone).date;
  if (bidDate === null || (bidDate !== marketDate && bidDate !== today)) {
    return new AppError('BID_BACK_DATE', bidMessages.backDate);
  }
  return { marketDate };
}

/** What gama_place_bid (migration 0029) stores under the key and answers: numbers, worded by `answerOf`. */
interface Outcome {
  journal_id: number;
  /** Paise left in the wallet. */
  balance: number;
  /** Paise staked. */
  cost: number;
  /** Ordinals (from 1) of the rows left out at their number's cap. */
  refused: number[];
}

function isOutcome(stored: unknown): stored is Outcome {
  return typeof stored === 'object' && stored !== null && 'journal_id' in stored && 'refused' in stored;
}

function answerOf(outcome: Outcome, rows: readonly PricedRow[]): SubmitBidResponse {
  const left = new Set(outcome.refused);
  const refused = rows.filter((_, i) => left.has(i + 1));
  const refusals = [...new Set(refused.map((r) => limitReached(numberLabel(r.digits, r.closeDigits))))];
  return {
    status: true,
    // A legacy client shows only `msg`: it names the numbers left out.
    msg: [bidPlacementMessages.bidPlaced, ...refusals].join('. '),
    wallet_amt: formatPaise(outcome.balance),
    bid_count: rows.length - refused.length,
    total_points: wholePointsOf(outcome.cost),
    total_paise: outcome.cost,
    ...(refused.length > 0
      ? {
          refused: refused.map((r) => ({
            session: r.session,
            digits: r.digits,
            closedigits: r.closeDigits,
            points: r.points,
            msg: limitReached(numberLabel(r.digits, r.closeDigits)),
          })),
        }
      : {}),
  };
}

/** A first answer stored under the key: an outcome, or (from before migration 0029) the answer itself. */
function replayOf(stored: unknown, rows: readonly PricedRow[]): SubmitBidResponse {
  return isOutcome(stored) ? answerOf(stored, rows) : (stored as SubmitBidResponse);
}

const BID_REFUSAL = 'GB000';

/** A refusal raised by gama_place_bid, worded here; undefined for every other error. */
function refusalOf(
  error: unknown,
  rows: readonly PricedRow[],
  at: { now: Date; timeZone: string },
): AppError | 'stale' | undefined {
  if (pgCode(error) === '23514' && String((error as Error).message).includes('wallet_not_negative'))
    return new AppError('BID_INSUFFICIENT_BALANCE', bidMessages.insufficientAmount);
  if (pgCode(error) !== BID_REFUSAL) return undefined;
  const reason = (error as Error).message;
  const detail: unknown = JSON.parse((error as { detail?: string }).detail ?? 'null');
  switch (reason) {
    case 'key_mismatch':
      return new AppError('IDEMPOTENCY_MISMATCH', idempotencyMessages.mismatch);
    case 'key_in_progress':
      return new AppError('IDEMPOTENCY_IN_PROGRESS', idempotencyMessages.inProgress);
    case 'player': {
      const flags = detail as DebitFlags & { break_until: string | null; debt: number };
      const refusal = debitRefusal(
        { ...flags, break_until: flags.break_until === null ? null : new Date(flags.break_until) },
        flags.debt,
        'bid',
        at,
      );
      if (!refusal)
        throw new Error(`gama_place_bid refused a player the server would let bid: ${String(error)}`);
      // The flags' own codes stay (ACCOUNT_BLOCKED, BETTING_DISABLED); a break and a debt get the bids' codes.
      if (refusal.code === 'DEBT_BLOCKED') return new AppError('BID_DEBT', refusal.message);
      if (refusal.code === 'BREAK_RUNNING') return new AppError('BID_ON_BREAK', refusal.message);
      return refusal;
    }
    case 'all_refused': {
      const [ordinal = 0] = (detail as { refused: number[] }).refused;
      const first = rows[ordinal - 1];
      return first
        ? new AppError('BID_LIMIT_REACHED', limitReached(numberLabel(first.digits, first.closeDigits)))
        : new AppError('BID_CLOSED', bidMessages.bettingClosed);
    }
    case 'insufficient':
      return new AppError('BID_INSUFFICIENT_BALANCE', bidMessages.insufficientAmount);
    case 'play_limit': {
      // What will be staked: the rows left out at their cap are not counted.
      const { limits, used, cost } = detail as {
        limits: Array<{ period: LimitPeriod; amount: number }>;
        used: Record<LimitPeriod, number>;
        cost: number;
      };
      const refusal = playLimitRefusal('stake', limits, used, cost);
      return refusal
        ? new AppError('BID_PLAY_LIMIT', refusal.message)
        : new AppError('BID_CLOSED', bidMessages.bettingClosed);
    }
    case 'decided':
    case 'closed':
      return new AppError('BID_CLOSED', bidMessages.bettingClosed);
    case 'schedule_changed':
      return 'stale';
    default:
      return undefined;
  }
}

/** Runs `place`, and once more if its failure is one `again` says a second try settles; the failed try wrote nothing. */
async function placeAgainOnce<T>(
  place: () => Promise<T>,
  again: (error: unknown) => Promise<boolean>,
): Promise<T> {
  try {
    return await place();
  } catch (error) {
    if (!(await again(error))) throw error;
    return place();
  }
}

export async function placeBids(
  deps: Deps,
  playerId: number,
  group: MarketGroup,
  body: SubmitBidRequest,
  key: string | undefined,
): Promise<SubmitBidResponse> {
  const { db, clock, config } = deps;
  const scope = `player:${playerId}`;
  const endpoint = `bid:${group}`;
  const timeZone = config.MARKET_TIME_ZONE;

  // The market comes from this process's copy first; whatever it says is checked again in the transaction (the
  // schedule revision and the active flag), and a refusal on its word is only given after reading it afresh.
  const attempt = async (fresh: boolean): Promise<SubmitBidResponse> => {
    const market = fresh ? await marketById(db, body.game_id) : await deps.markets.market(body.game_id);
    if (!market || market.grp !== group)
      throw new AppError('BID_MARKET_NOT_FOUND', bidPlacementMessages.marketNotFound);
    const { betType, rows, cost: fullCost } = validateRows(group, body);
    checkTotal(body, fullCost);
    const now = clock.now();
    const at = { now, timeZone };
    const draw = drawOf(market, betType, rows, parseBidDate(body.new_result.bid_date.trim()), now, timeZone);
    if (draw instanceof AppError) {
      if (!fresh) return attempt(true);
      // A replay of a call that succeeded gets its first answer, though the cut-off has passed since.
      const stored = key === undefined ? undefined : await storedResponse(db, scope, key, endpoint, body);
      if (stored !== undefined) return replayOf(stored, rows);
      throw draw;
    }
    const today = zonedParts(now, timeZone).date;
    // Through this shard's queue (batches.ts, decision 043): alone when the database is idle, else in the next
    // batch; either way the same function judges it and a refusal comes back as the single call raises it.
    const place = async (): Promise<Outcome | { replay: unknown }> =>
      (await deps.bids.place({
        player: playerId,
        scope,
        key: key ?? null,
        endpoint,
        hash: requestHash(endpoint, body),
        now,
        market: market.id,
        scheduleRev: market.schedule_rev,
        grp: group,
        marketDate: draw.marketDate,
        betType: betType.id,
        label: betType.label,
        note: ledgerNotes.bid(market.name, betType.label, formatBidDate(draw.marketDate)),
        sessions: rows.map((r) => r.session),
        digits: rows.map((r) => r.digits),
        close: rows.map((r) => r.closeDigits),
        points: rows.map((r) => r.points),
        fields: rows.map((r) => r.rateField),
        timeZone,
        today,
        week: periodStart('week', today),
        month: periodStart('month', today),
      })) as Outcome | { replay: unknown };
    let outcome: Outcome | { replay: unknown };
    try {
      outcome = await placeAgainOnce(place, async (error) => {
        // The draw's month has no partition yet (migration 0028; the server makes them months ahead, so only a
        // server that has not run for months meets this): make it and place again. The failed try wrote nothing.
        if (isMissingPartition(error)) {
          await ensureDrawPartitions(db, clock.now());
          return true;
        }
        // A duplicate of this key committed after the function looked it up: asked again, it answers the replay.
        return (
          pgCode(error) === '23505' && String((error as Error).message).includes('idempotency_keys_pkey')
        );
      });
    } catch (error) {
      const refusal = refusalOf(error, rows, at);
      if (refusal === undefined) throw error;
      if (refusal !== 'stale') throw refusal;
      // The schedule changed after this copy of the market was read: again with the market as it is now, whose
      // cut-offs then decide. Read afresh and still behind, it changed while this call ran.
      if (!fresh) return attempt(true);
      throw new AppError('BID_SCHEDULE_CHANGED', scheduleMessages.scheduleChanged);
    }
    return 'replay' in outcome ? replayOf(outcome.replay, rows) : answerOf(outcome, rows);
  };
  const answer = await attempt(false);
  faultPoint('bid-after-commit');
  return answer;
}
