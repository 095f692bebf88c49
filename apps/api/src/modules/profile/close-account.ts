/**
 * A player closes their own account (issue 17, `/delete`). Refused while anything of value or in motion is
 * left (points, debt, a pending deposit or withdrawal, a bid waiting for its result), because after closing
 * nobody could receive it. Then the person is removed and the books kept: the ledger, bids and requests stay
 * for the operator and the regulator; name, phone, password, date of birth and payout numbers go.
 */
import { accountClosureMessages as closure, accountMessages as m } from '@gama/core/contract/messages';
import { formatPaise } from '@gama/core/rules/money';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { playerAccounts } from '../ledger/accounts.ts';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import type { ThrottlePolicy } from '../auth/throttle.ts';
import { reserveLoginAttempt } from '../auth/throttle.ts';
import { findPlayerById } from '../auth/player-accounts.ts';
import { keepBreakOfClosedAccount, phoneMac } from '../auth/closed-breaks.ts';
import type { BreakKind } from '@gama/core/rules/responsible-play';

/** The password is asked again here, so it is guessed no faster than at sign-in. */
const closurePolicy: ThrottlePolicy = {
  subjectKind: 'close_player',
  ipKind: 'close_ip',
  ipFailuresPerHour: 30,
};

export async function closeAccount(
  deps: Deps,
  playerId: number,
  password: string,
  ip: string,
): Promise<void> {
  const { db, clock } = deps;
  const attempt = await reserveLoginAttempt(db, clock, closurePolicy, String(playerId), ip);
  const player = await findPlayerById(db, playerId);
  if (!player) {
    await burnPasswordCheck(password);
    throw new AppError('UNAUTHENTICATED', m.sessionExpired);
  }
  if (!(await verifyPassword(player.password_hash, password)))
    throw new AppError('INVALID_CREDENTIALS', m.wrongPassword);
  await attempt.succeeded();

  await db.transaction(async (tx) => {
    // The wallet lock every credit and debit takes: nothing can arrive or leave while this decides.
    const accounts = await playerAccounts(tx, playerId, true);
    if (accounts.balance > 0)
      throw new AppError('CLOSE_BALANCE_LEFT', closure.balanceLeft(formatPaise(accounts.balance)));
    if (accounts.debt > 0)
      throw new AppError('CLOSE_DEBT_LEFT', closure.debtLeft(formatPaise(accounts.debt)));
    const { rows } = await tx.query<{ withdrawals: boolean; deposits: boolean; bids: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM withdraw_requests WHERE player_id = $1 AND status = '0') AS withdrawals,
              EXISTS (SELECT 1 FROM deposit_requests WHERE player_id = $1 AND status = 'pending') AS deposits,
              EXISTS (SELECT 1 FROM bid_outcomes WHERE player_id = $1 AND status = 'pending') AS bids`,
      [playerId],
    );
    const open = rows[0];
    if (open?.withdrawals) throw new AppError('CLOSE_WITHDRAWAL_PENDING', closure.withdrawalPending);
    if (open?.deposits) throw new AppError('CLOSE_DEPOSIT_PENDING', closure.depositPending);
    if (open?.bids) throw new AppError('CLOSE_BIDS_OPEN', closure.bidsOpen);

    // Read under the wallet lock a break's start also takes, so a break started while this ran is seen here.
    const { rows: held } = await tx.query<{
      mobile: string;
      break_kind: BreakKind | null;
      break_until: Date | null;
    }>('SELECT mobile, break_kind, break_until FROM players WHERE id = $1', [playerId]);
    const person = held[0];
    if (person) {
      await keepBreakOfClosedAccount(
        tx,
        deps.pepper,
        { mobile: person.mobile, breakKind: person.break_kind, breakUntil: person.break_until },
        clock.now(),
      );
    }

    await tx.query('DELETE FROM payout_methods WHERE player_id = $1', [playerId]);
    // Nobody can read them once the account is closed; what they told is kept by the ledger and the requests.
    await tx.query('DELETE FROM notifications WHERE player_id = $1', [playerId]);
    // The phone's keyed hash stays, so a debt a later revert leaves here follows the phone (ledger/debt.ts).
    await tx.query(
      `UPDATE players
          SET closed_at = $2, user_name = 'Closed account', mobile = 'closed-' || id, password_hash = '!',
              dob = NULL, closed_phone_mac = $3
        WHERE id = $1`,
      [playerId, clock.now(), person ? phoneMac(deps.pepper, person.mobile) : null],
    );
    await revokeAllSessions(tx, clock, playerId);
  });
  deps.sessions.forgetPlayer(playerId);
}
