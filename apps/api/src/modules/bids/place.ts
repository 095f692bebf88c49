/**
 * Placing bids, one path for all three market groups (architecture section 5): validate every row with the
 * core rules, check each row's cut-off against the server clock, price it on the server, debit the wallet
 * once, and store each row with the rate in force now. Any failure writes nothing.
 */
import type { SubmitBidRequest, SubmitBidResponse } from '@gama/core/contract/bids';
import { bidPlacementMessages } from '@gama/core/contract/bids';
import { ledgerNotes } from '@gama/core/contract/ledger-notes';
import type { BetType, MarketGroup } from '@gama/core/rules/bet-types';
import { findBetType } from '@gama/core/rules/bet-types';
import { formatBidDate, parseBidDate } from '@gama/core/rules/dates';
import { bidMessages } from '@gama/core/rules/messages';
import { addPaise, formatPaise, stakePaise } from '@gama/core/rules/money';
import { checkBidWindow } from '@gama/core/rules/schedule';
import { scheduleMessages } from '@gama/core/rules/schedule-edit';
import type { Session } from '@gama/core/rules/sessions';
import { zonedParts } from '@gama/core/rules/time';
import type { BidRow } from '@gama/core/rules/validate-entry';
import { validateBidEntry } from '@gama/core/rules/validate-entry';
import { ensureDrawPartitions, isMissingPartition } from '../../db/partitions.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { systemAccount } from '../ledger/accounts.ts';
import { once } from '../ledger/idempotency.ts';
import { postJournal } from '../ledger/post.ts';
import { faultPoint } from '../../lib/fault.ts';
import type { MarketWithRev } from '../markets/repository.ts';
import { marketById } from '../markets/repository.ts';
import { checkPlayLimit } from '../play/limits.ts';
import { limitReached, numberLabel, reserveExposure } from '../risk/exposure.ts';
import { accountsForDebit } from '../wallet/service.ts';

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
  if (!betType) throw new AppError('VALIDATION', bidPlacementMessages.unknownGameType);
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
    if (!entry.ok) throw new AppError('VALIDATION', entry.message);
    for (const r of entry.rows) rows.push({ ...r, session: entry.session, points: entry.points });
    cost += entry.costPaise;
  }
  if (!Number.isSafeInteger(cost)) throw new AppError('VALIDATION', bidPlacementMessages.totalMismatch);
  return { betType, rows, cost };
}

function checkTotal(body: SubmitBidRequest, cost: number): void {
  const total = body.new_result.totalbit;
  if (total === undefined || total === '') return;
  if (String(total).trim() !== String(cost / 100))
    throw new AppError('VALIDATION', bidPlacementMessages.totalMismatch);
}

export async function placeBids(
  deps: Deps,
  playerId: number,
  group: MarketGroup,
  body: SubmitBidRequest,
  key: string | undefined,
): Promise<SubmitBidResponse> {
  const { db, clock, config } = deps;
  const market: MarketWithRev | undefined = await marketById(db, body.game_id);
  if (!market || market.grp !== group) throw new AppError('NOT_FOUND', bidPlacementMessages.marketNotFound);
  const { betType, rows, cost: fullCost } = validateRows(group, body);
  checkTotal(body, fullCost);
  const bidDate = parseBidDate(body.new_result.bid_date.trim());

  const place = () =>
    db.transaction((tx) =>
      once(
        tx,
        { scope: `player:${playerId}`, key, endpoint: `bid:${group}`, body, at: clock.now() },
        async () => {
          const now = clock.now();
          if (!market.active) throw new AppError('VALIDATION', bidMessages.bettingClosed);
          let marketDate = '';
          for (const row of rows) {
            const window = checkBidWindow(market.schedule, betType, row.session, now);
            if (!window.ok) throw new AppError('VALIDATION', window.message);
            marketDate = window.marketDate;
          }
          // The screen shows today's date; an overnight market's day began the calendar day before.
          const today = zonedParts(now, config.MARKET_TIME_ZONE).date;
          if (bidDate === null || (bidDate !== marketDate && bidDate !== today)) {
            throw new AppError('VALIDATION', bidMessages.backDate);
          }
          const at = { now, timeZone: config.MARKET_TIME_ZONE };
          const accounts = await accountsForDebit(tx, playerId, 'bid', at);
          const rates = new Map(
            (
              await tx.query<{ rate_field: string; val_1: number; val_2: number }>(
                'SELECT rate_field, val_1, val_2 FROM game_rates WHERE grp = $1',
                [group],
              )
            ).rows.map((r) => [r.rate_field, r]),
          );
          const rateOf = (field: string) => {
            const rate = rates.get(field);
            if (!rate) throw new Error(`no ${group} rate for ${field}`);
            return rate;
          };
          // Liability caps (issue 16): a row whose number would pass its cap stays out; the rest are placed.
          const { accepted, refused } = await reserveExposure(
            tx,
            { marketId: market.id, marketDate, group },
            rows.map((r) => ({
              ...r,
              rateVal1: rateOf(r.rateField).val_1,
              rateVal2: rateOf(r.rateField).val_2,
            })),
          );
          const refusals = [
            ...new Set(refused.map((r) => limitReached(numberLabel(r.digits, r.closeDigits)))),
          ];
          if (accepted.length === 0)
            throw new AppError('VALIDATION', refusals[0] ?? bidMessages.bettingClosed);
          const placed = refused.length === 0 ? rows : accepted;
          const cost = refused.length === 0 ? fullCost : addPaise(...placed.map((r) => stakePaise(r.points)));
          if (cost > accounts.balance) throw new AppError('VALIDATION', bidMessages.insufficientAmount);
          // Under the wallet lock taken above: concurrent bids of one player take turns here, so each sees the
          // stakes of those before it and together they cannot pass the limit (decision 010). What is judged is
          // what will be staked, the rows left out at their cap not counted.
          await checkPlayLimit(tx, playerId, 'stake', cost, at);
          const journalId = await postJournal(
            tx,
            {
              kind: 'bid',
              actor: `player:${playerId}`,
              refType: 'market',
              refId: market.id,
              note: ledgerNotes.bid(market.name, betType.label, formatBidDate(marketDate)),
              at: now,
            },
            [
              { account: accounts.walletId, amount: -cost },
              { account: systemAccount('house'), amount: cost },
            ],
            () => new AppError('VALIDATION', bidMessages.insufficientAmount),
          );
          await tx.query(
            `INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                           points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
         SELECT $1, $2, $3, $4::date, $5, $6, s, d, c, p, p * 100, f, v1, v2, $7, $8
           FROM unnest($9::text[], $10::text[], $11::text[], $12::bigint[], $13::text[], $14::int[], $15::int[])
             AS r(s, d, c, p, f, v1, v2)`,
            [
              playerId,
              market.id,
              group,
              marketDate,
              betType.id,
              betType.label,
              journalId,
              now,
              placed.map((r) => r.session),
              placed.map((r) => r.digits),
              placed.map((r) => r.closeDigits),
              placed.map((r) => r.points),
              placed.map((r) => r.rateField),
              placed.map((r) => rateOf(r.rateField).val_1),
              placed.map((r) => rateOf(r.rateField).val_2),
            ],
          );
          // The insert holds its market's KEY SHARE lock (the foreign key) from here to commit, and a declaration
          // locks the market before it writes its result: so either the declaration waited for this bid and will
          // settle it, or it committed first and this statement sees it. A bid on a decided draw is refused.
          const { rows: declared } = await tx.query<{ decided: boolean }>(
            // The halves come first, from this bid's own rows: planned the other way round, a market with a
            // large draw being settled had the check walk that draw's bids.
            `WITH halves AS MATERIALIZED (
             SELECT DISTINCT settle_half FROM bids WHERE journal_id = $1 AND market_date = $3::date)
           SELECT EXISTS (
             SELECT 1 FROM halves h JOIN results r
                ON r.market_id = $2 AND r.market_date = $3::date AND r.half = h.settle_half AND r.reverted_at IS NULL
           ) AS decided`,
            [journalId, market.id, marketDate],
          );
          if (declared[0]?.decided) throw new AppError('VALIDATION', bidMessages.bettingClosed);
          // The same lock orders this bid against schedule changes (markets/edit.ts locks the market FOR UPDATE):
          // a change that committed after the market was read above has counted up the revision, and the cut-off
          // checked here was the old timetable's.
          const { rows: revision } = await tx.query<{ schedule_rev: number }>(
            'SELECT schedule_rev FROM markets WHERE id = $1',
            [market.id],
          );
          if (revision[0]?.schedule_rev !== market.schedule_rev)
            throw new AppError('VALIDATION', scheduleMessages.scheduleChanged);
          const response: SubmitBidResponse = {
            status: true,
            // A legacy client shows only `msg`: it names the numbers left out.
            msg: [bidPlacementMessages.bidPlaced, ...refusals].join('. '),
            wallet_amt: formatPaise(accounts.balance - cost),
            bid_count: placed.length,
            total_points: cost / 100,
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
          faultPoint('bid-before-commit');
          return { response, journalId };
        },
      ),
    );
  let answer: SubmitBidResponse;
  try {
    answer = await place();
  } catch (error) {
    // The draw's month has no partition yet (migration 0028; the server makes them months ahead, so only a
    // server that has not run for months meets this): make it and place again. The failed try wrote nothing.
    if (!isMissingPartition(error)) throw error;
    await ensureDrawPartitions(db, clock.now());
    answer = await place();
  }
  faultPoint('bid-after-commit');
  return answer;
}
