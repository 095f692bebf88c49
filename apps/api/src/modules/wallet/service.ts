import type { TransactionRow } from '@gama/core/contract/funds-types';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { formatPaise } from '@gama/core/rules/money';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { PlayerAccounts } from '../ledger/accounts.ts';
import { playerAccounts } from '../ledger/accounts.ts';

/**
 * Locks the player's accounts for a player-initiated debit and refuses while a debt is outstanding (D7).
 * Locking first also orders concurrent debits of one player, so each sees the previous one's result.
 */
export async function accountsForDebit(tx: Queryable, playerId: number): Promise<PlayerAccounts> {
  const accounts = await playerAccounts(tx, playerId, true);
  if (accounts.debt > 0)
    throw new AppError('FORBIDDEN', fundsMessages.debtBlocked(formatPaise(accounts.debt)));
  return accounts;
}

const HISTORY_LIMIT = 200;

/** The player's wallet entries, newest first, as the passbook shows them. */
export async function walletHistory(
  db: Queryable,
  playerId: number,
  timeZone: string,
): Promise<TransactionRow[]> {
  const { rows } = await db.query<{
    id: number;
    amount: number;
    kind: string;
    note: string;
    created_at: Date;
  }>(
    `SELECT e.id, e.amount, j.kind, j.note, j.created_at
       FROM entries e
       JOIN journals j ON j.id = e.journal_id
      WHERE e.account_id = (SELECT id FROM accounts WHERE player_id = $1 AND kind = 'wallet')
      ORDER BY e.id DESC LIMIT ${HISTORY_LIMIT}`,
    [playerId],
  );
  return rows.map((r) => ({
    transaction_id: r.id,
    transaction_type: r.amount > 0 ? '1' : '2',
    transaction_note: r.note,
    insert_date: formatDateTime(r.created_at, timeZone),
    amount: formatPaise(Math.abs(r.amount)),
    amount_status: '1',
    kind: r.kind,
  }));
}
