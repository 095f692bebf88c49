import { fundsMessages } from '@gama/core/contract/funds-messages';
import { pointsToPaise } from '@gama/core/rules/money';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionPlayer } from '../auth/sessions.ts';
import { getSetting } from '../content/settings.ts';
import { lockPlayersAccounts, walletAccountId } from '../ledger/accounts.ts';
import { repayDebts } from '../ledger/debt.ts';
import { once } from '../ledger/idempotency.ts';
import { postJournal } from '../ledger/post.ts';
import { findPlayerByMobile } from '../auth/player-accounts.ts';
import { accountsForDebit } from '../wallet/service.ts';
import { maskName, transferNote } from '../wallet/transfer-note.ts';

/**
 * The masked name of the player a phone belongs to. It tells who is registered, so the route counts it in the
 * shared lookup budget (auth/lookups.ts), answered or not.
 */
export async function checkRecipient(deps: Deps, sender: SessionPlayer, mobile: string): Promise<string> {
  const { db } = deps;
  if (mobile === sender.mobile) throw new AppError('TRANSFER_TO_SELF', fundsMessages.transferOwnPhone);
  const recipient = await findPlayerByMobile(db, mobile);
  if (!recipient) throw new AppError('NOT_FOUND', fundsMessages.recipientNotFound);
  return maskName(recipient.user_name);
}

/** One journal: the sender's wallet down, the recipient's up, by the same amount. */
export async function transferPoints(
  deps: Deps,
  sender: SessionPlayer,
  input: { mobile: string; points: number },
  key: string | undefined,
  body: unknown,
): Promise<{ status: true; msg: string; transfer_id: number }> {
  const { db, clock } = deps;
  return db.transaction((tx) =>
    once(tx, { scope: `player:${sender.id}`, key, endpoint: 'transfer', body, at: clock.now() }, async () => {
      if (input.mobile === sender.mobile)
        throw new AppError('TRANSFER_TO_SELF', fundsMessages.transferOwnPhone);
      const { min_points: min } = await getSetting(tx, 'transfer');
      if (input.points < min)
        throw new AppError('TRANSFER_BELOW_MIN', fundsMessages.transferMinOf(String(min)));
      const amount = pointsToPaise(input.points);
      const at = { now: clock.now(), timeZone: deps.config.MARKET_TIME_ZONE };
      // Judged before the recipient is looked up, so a sender who may not or cannot send hears the same refusal
      // for a registered phone and an unknown one (issue 27): a transfer is no way to ask who plays. Judged
      // again below under the lock, which is taken for both players at once, in id order.
      const early = await accountsForDebit(tx, sender.id, 'transfer', at, false);
      if (amount > early.balance)
        throw new AppError('TRANSFER_OVER_BALANCE', fundsMessages.transferNotEnough);
      const recipient = await findPlayerByMobile(tx, input.mobile);
      if (!recipient) throw new AppError('NOT_FOUND', fundsMessages.recipientNotFound);
      await lockPlayersAccounts(tx, [sender.id, recipient.id]);
      const accounts = await accountsForDebit(tx, sender.id, 'transfer', at);
      if (amount > accounts.balance)
        throw new AppError('TRANSFER_OVER_BALANCE', fundsMessages.transferNotEnough);
      const now = clock.now();
      const toId = await walletAccountId(tx, recipient.id);
      const journalId = await postJournal(
        tx,
        {
          kind: 'transfer',
          actor: `player:${sender.id}`,
          refType: 'player',
          refId: recipient.id,
          note: transferNote(
            { id: sender.id, name: sender.userName },
            { id: recipient.id, name: recipient.user_name },
          ),
          at: now,
        },
        [
          { account: accounts.walletId, amount: -amount },
          { account: toId, amount },
        ],
        () => new AppError('TRANSFER_OVER_BALANCE', fundsMessages.transferNotEnough),
      );
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO transfers (from_player_id, to_player_id, amount, journal_id, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [sender.id, recipient.id, amount, journalId, now],
      );
      await repayDebts(tx, [recipient.id], now);
      return {
        response: { status: true as const, msg: fundsMessages.transferDone, transfer_id: rows[0]?.id ?? 0 },
        journalId,
      };
    }),
  );
}
