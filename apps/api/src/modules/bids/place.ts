/**
 * Placing bids, one path for all three market groups (architecture section 5): validate every row with the
 * core rules, check each row's cut-off against the server clock, price it on the server, debit the wallet
 * once, and store each row with the rate in force now. Any failure writes nothing.
 */
import type { SubmitBidRequest, SubmitBidResponse } from '@gama/core/contract/bids';
import { bidPlacementMessages } from '@gama/core/contract/bids';
import type { BetType, MarketGroup } from '@gama/core/rules/bet-types';
import { findBetType } from '@gama/core/rules/bet-types';
import { formatBidDate, parseBidDate } from '@gama/core/rules/dates';
import { bidMessages } from '@gama/core/rules/messages';
import { formatPaise } from '@gama/core/rules/money';
import { checkBidWindow } from '@gama/core/rules/schedule';
import type { Session } from '@gama/core/rules/sessions';
import { zonedParts } from '@gama/core/rules/time';
import type { BidRow } from '@gama/core/rules/validate-entry';
import { validateBidEntry } from '@gama/core/rules/validate-entry';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { systemAccount } from '../ledger/accounts.ts';
import { once } from '../ledger/idempotency.ts';
import { postJournal } from '../ledger/post.ts';
import { faultPoint } from '../../lib/fault.ts';
import type { Market } from '../markets/repository.ts';
import { marketById } from '../markets/repository.ts';
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
  const market: Market | undefined = await marketById(db, body.game_id);
  if (!market || market.grp !== group) throw new AppError('NOT_FOUND', bidPlacementMessages.marketNotFound);
  const { betType, rows, cost } = validateRows(group, body);
  checkTotal(body, cost);
  const bidDate = parseBidDate(body.new_result.bid_date.trim());

  const answer = await db.transaction((tx) =>
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
        const accounts = await accountsForDebit(tx, playerId, 'bid');
        if (cost > accounts.balance) throw new AppError('VALIDATION', bidMessages.insufficientAmount);
        const rates = new Map(
          (
            await tx.query<{ rate_field: string; val_1: number; val_2: number }>(
              'SELECT rate_field, val_1, val_2 FROM game_rates WHERE grp = $1',
              [group],
            )
          ).rows.map((r) => [r.rate_field, r]),
        );
        const journalId = await postJournal(
          tx,
          {
            kind: 'bid',
            actor: `player:${playerId}`,
            refType: 'market',
            refId: market.id,
            note: `Bid ${market.name} ${betType.label} (${formatBidDate(marketDate)})`,
            at: now,
          },
          [
            { account: accounts.walletId, amount: -cost },
            { account: systemAccount('house'), amount: cost },
          ],
          () => new AppError('VALIDATION', bidMessages.insufficientAmount),
        );
        const rateOf = (field: string) => {
          const rate = rates.get(field);
          if (!rate) throw new Error(`no ${group} rate for ${field}`);
          return rate;
        };
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
            rows.map((r) => r.session),
            rows.map((r) => r.digits),
            rows.map((r) => r.closeDigits),
            rows.map((r) => r.points),
            rows.map((r) => r.rateField),
            rows.map((r) => rateOf(r.rateField).val_1),
            rows.map((r) => rateOf(r.rateField).val_2),
          ],
        );
        // The insert holds its market's KEY SHARE lock (the foreign key) from here to commit, and a declaration
        // locks the market before it writes its result: so either the declaration waited for this bid and will
        // settle it, or it committed first and this statement sees it. A bid on a decided draw is refused.
        const { rows: declared } = await tx.query<{ decided: boolean }>(
          // The halves come first, from this bid's own rows: planned the other way round, a market with a
          // large draw being settled had the check walk that draw's bids.
          `WITH halves AS MATERIALIZED (SELECT DISTINCT settle_half FROM bids WHERE journal_id = $1)
           SELECT EXISTS (
             SELECT 1 FROM halves h JOIN results r
                ON r.market_id = $2 AND r.market_date = $3::date AND r.half = h.settle_half AND r.reverted_at IS NULL
           ) AS decided`,
          [journalId, market.id, marketDate],
        );
        if (declared[0]?.decided) throw new AppError('VALIDATION', bidMessages.bettingClosed);
        const response: SubmitBidResponse = {
          status: true,
          msg: bidPlacementMessages.bidPlaced,
          wallet_amt: formatPaise(accounts.balance - cost),
          bid_count: rows.length,
          total_points: cost / 100,
        };
        faultPoint('bid-before-commit');
        return { response, journalId };
      },
    ),
  );
  faultPoint('bid-after-commit');
  return answer;
}
