import type { WithdrawMethod } from '@gama/core/contract/funds-types';
import type { WithdrawRow } from '@gama/core/endpoints/funds/index';
import { withdrawMethodUpiType } from '@gama/core/contract/funds-types';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { ledgerNotes } from '@gama/core/contract/ledger-notes';
import { formatPaise, pointsToPaise } from '@gama/core/rules/money';
import { parseClockTime, zonedParts } from '@gama/core/rules/time';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { getSetting } from '../content/settings.ts';
import { systemAccount } from '../ledger/accounts.ts';
import { once } from '../ledger/idempotency.ts';
import { postJournal } from '../ledger/post.ts';
import { checkAtWithdrawal } from '../signals/detect.ts';
import { accountsForDebit } from '../wallet/service.ts';

/** The withdraw window is inclusive at both ends, in the market time zone (spec 01 section 5). */
export function withinWithdrawWindow(
  now: Date,
  timeZone: string,
  openText: string,
  closeText: string,
): boolean {
  const open = parseClockTime(openText);
  const close = parseClockTime(closeText);
  if (open === null || close === null) return false;
  const { minutes } = zonedParts(now, timeZone);
  return open <= close ? minutes >= open && minutes <= close : minutes >= open || minutes <= close;
}

/** A request holds the amount at once: a journal from the wallet to withdrawals_pending. */
export async function requestWithdrawal(
  deps: Deps,
  playerId: number,
  input: { points: number; method: WithdrawMethod },
  key: string | undefined,
  body: unknown,
): Promise<{ status: true; msg: string; request_number: number }> {
  const { db, clock, config } = deps;
  const settings = await getSetting(db, 'withdraw');
  return db.transaction((tx) =>
    once(
      tx,
      { scope: `player:${playerId}`, key, endpoint: 'withdraw-request', body, at: clock.now() },
      async () => {
        const accounts = await accountsForDebit(tx, playerId, 'withdraw', {
          now: clock.now(),
          timeZone: config.MARKET_TIME_ZONE,
        });
        const amount = pointsToPaise(input.points);
        if (amount > accounts.balance)
          throw new AppError('WITHDRAWAL_OVER_BALANCE', fundsMessages.walletLimitExceeded);
        if (input.points < settings.min_withdrawal) {
          throw new AppError(
            'WITHDRAWAL_BELOW_MIN',
            fundsMessages.minWithdraw(String(settings.min_withdrawal)),
          );
        }
        const { rows: methods } = await tx.query<{ number: string }>(
          'SELECT number FROM payout_methods WHERE player_id = $1 AND upi_type = $2',
          [playerId, withdrawMethodUpiType[input.method]],
        );
        const payout = methods[0]?.number;
        if (!payout) throw new AppError('PAYOUT_METHOD_NOT_SAVED', fundsMessages.methodNotSaved);
        const now = clock.now();
        if (!withinWithdrawWindow(now, config.MARKET_TIME_ZONE, settings.open_time, settings.close_time)) {
          throw new AppError('WITHDRAWAL_OUTSIDE_HOURS', fundsMessages.withdrawHours);
        }
        const journalId = await postJournal(
          tx,
          {
            kind: 'withdraw_hold',
            actor: `player:${playerId}`,
            refType: 'player',
            refId: playerId,
            note: ledgerNotes.withdrawalRequested,
            at: now,
          },
          [
            { account: accounts.walletId, amount: -amount },
            { account: systemAccount('withdrawals_pending'), amount },
          ],
          () => new AppError('WITHDRAWAL_OVER_BALANCE', fundsMessages.walletLimitExceeded),
        );
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO withdraw_requests (player_id, amount, payment_method, payout_number, hold_journal_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [playerId, amount, input.method, payout, journalId, now],
        );
        // After the insert, so the request's own payout number counts among the player's links. The player is
        // told nothing different: the request waits in the queue like any other until the hold is cleared.
        const holdReason = await checkAtWithdrawal(tx, playerId, now, config.MARKET_TIME_ZONE);
        if (holdReason !== null) {
          await tx.query('UPDATE withdraw_requests SET hold_reason = $2, held_at = $3 WHERE id = $1', [
            rows[0]?.id,
            holdReason,
            now,
          ]);
        }
        const id = rows[0]?.id ?? 0;
        return {
          response: { status: true as const, msg: fundsMessages.withdrawSent, request_number: id },
          journalId,
        };
      },
    ),
  );
}

const METHOD_FIELD = { '2': 'google_pay_number', '3': 'paytm_number', '4': 'phone_pay_number' } as const;

export async function withdrawHistory(
  db: Queryable,
  playerId: number,
  timeZone: string,
): Promise<WithdrawRow[]> {
  const { rows } = await db.query<{
    id: number;
    status: '0' | '1' | '2';
    amount: number;
    created_at: Date;
    receipt_url: string | null;
    payment_method: WithdrawMethod;
    payout_number: string;
  }>(
    `SELECT id, status, amount, created_at, receipt_url, payment_method, payout_number
       FROM withdraw_requests WHERE player_id = $1 ORDER BY id DESC LIMIT 200`,
    [playerId],
  );
  return rows.map((r) => ({
    request_number: r.id,
    request_status: r.status,
    request_amount: formatPaise(r.amount),
    insert_date: formatDateTime(r.created_at, timeZone),
    payment_receipt: r.receipt_url ?? '',
    [METHOD_FIELD[r.payment_method]]: r.payout_number,
  }));
}
