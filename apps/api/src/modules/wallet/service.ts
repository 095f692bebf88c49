import type { TransactionRow } from '@gama/core/endpoints/wallet/index';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { accountMessages } from '@gama/core/contract/messages';
import { formatPaise } from '@gama/core/rules/money';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { PlayerAccounts } from '../ledger/accounts.ts';
import { playerAccounts } from '../ledger/accounts.ts';
import type { PlayerBreak } from '../play/breaks.ts';
import { breakRefusal } from '../play/breaks.ts';
import { transferNote } from './transfer-note.ts';

export type DebitPurpose = 'bid' | 'withdraw' | 'transfer';

/**
 * Locks the player's accounts for a player-initiated debit, then checks the player's flags and refuses while a
 * debt is outstanding (D7). Locking first also orders concurrent debits of one player, so each sees the
 * previous one's result.
 *
 * The flags are read by a statement of their own after the lock is held: an operator switches betting off,
 * blocks or stops transfers while holding this same lock (players/admin-actions.ts), so a debit that was in
 * flight either committed before the switch or reads the new flag here and is refused. (Read in the locking
 * statement itself, a join would see the player row as it was when that statement began waiting.) A running
 * time-out or self-exclusion is read the same way: starting one takes this lock too (play/service.ts).
 */
export async function accountsForDebit(
  tx: Queryable,
  playerId: number,
  purpose: DebitPurpose,
  at: { now: Date; timeZone: string },
  /** Off only for an early answer that the same call, locked, repeats before anything moves. */
  lock = true,
): Promise<PlayerAccounts> {
  const accounts = await playerAccounts(tx, playerId, lock);
  const { rows } = await tx.query<DebitFlags>(
    `SELECT betting_status, blocked_at IS NOT NULL AS blocked, transfer_allowed, break_kind, break_until
       FROM players WHERE id = $1`,
    [playerId],
  );
  const refusal = debitRefusal(rows[0], accounts.debt, purpose, at);
  if (refusal) throw refusal;
  return accounts;
}

/** The player's flags that a debit reads after taking the wallet lock. */
export interface DebitFlags extends PlayerBreak {
  betting_status: string;
  blocked: boolean;
  transfer_allowed?: boolean;
}

/**
 * Why a player-initiated debit is refused, or null: the words for `accountsForDebit` and for the bid function of
 * migration 0029, which judges the same flags in SQL and sends them back with its refusal.
 */
export function debitRefusal(
  flags: DebitFlags | undefined,
  debt: number,
  purpose: DebitPurpose,
  at: { now: Date; timeZone: string },
): AppError | null {
  if (!flags || flags.blocked) return new AppError('ACCOUNT_BLOCKED', accountMessages.accountBlocked);
  if (flags.betting_status !== '1') return new AppError('BETTING_DISABLED', accountMessages.bettingDisabled);
  // A time-out or self-exclusion stops bids and transfers; the player may still take money out.
  if (purpose !== 'withdraw') {
    const refusal = breakRefusal(flags, at);
    if (refusal) return refusal;
  }
  if (purpose === 'transfer' && flags.transfer_allowed === false) {
    return new AppError('TRANSFERS_STOPPED', fundsMessages.transfersStopped);
  }
  if (debt > 0) return new AppError('DEBT_BLOCKED', fundsMessages.debtBlocked(formatPaise(debt)));
  return null;
}

/**
 * Wallet balance and debt (paise, debt as a positive number) of several players in one statement, as
 * `walletBalances` reads them for one; a player without accounts reads as zeros.
 */
export async function walletBalancesOf(
  db: Queryable,
  playerIds: readonly number[],
): Promise<Map<number, { balance: number; debt: number }>> {
  const { rows } = await db.query<{ player_id: number; balance: number; debt: number }>(
    `SELECT p.id AS player_id,
            coalesce(sum(a.balance) FILTER (WHERE a.kind = 'wallet'), 0)::bigint AS balance,
            coalesce(-sum(a.balance) FILTER (WHERE a.kind = 'debt'), 0)::bigint AS debt
       FROM unnest($1::bigint[]) AS p(id) LEFT JOIN accounts a ON a.player_id = p.id
      GROUP BY p.id`,
    [playerIds],
  );
  return new Map(rows.map((r) => [r.player_id, { balance: r.balance, debt: r.debt }]));
}

const HISTORY_LIMIT = 200;

export interface WalletHistory {
  rows: TransactionRow[];
  /** Paise in the wallet now, and before the oldest listed row: opening + listed = balance (C3). */
  balance: number;
  opening: number;
}

/**
 * The player's wallet entries, newest first, as the passbook shows them, with the balance and the opening
 * balance before the oldest row, all read in one snapshot so the figures always add up.
 */
export async function walletHistory(
  db: Database,
  playerId: number,
  timeZone: string,
): Promise<WalletHistory> {
  return db.transaction(async (tx) => {
    if (db.engine === 'postgres') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: wallet } = await tx.query<{ id: number; balance: number }>(
      `SELECT id, balance FROM accounts WHERE player_id = $1 AND kind = 'wallet'`,
      [playerId],
    );
    const account = wallet[0];
    if (!account) return { rows: [], balance: 0, opening: 0 };
    const { rows } = await tx.query<{
      id: number;
      amount: number;
      kind: string;
      note: string;
      created_at: Date;
      from_id: number | null;
      from_name: string | null;
      to_id: number | null;
      to_name: string | null;
    }>(
      // A transfer's line is written for its reader (their own name in full), so it comes from the parties.
      `SELECT e.id, e.amount, j.kind, j.note, j.created_at,
              pf.id AS from_id, pf.user_name AS from_name, pt.id AS to_id, pt.user_name AS to_name
         FROM entries e JOIN journals j ON j.id = e.journal_id
         LEFT JOIN transfers tr ON tr.journal_id = j.id
         LEFT JOIN players pf ON pf.id = tr.from_player_id
         LEFT JOIN players pt ON pt.id = tr.to_player_id
        WHERE e.account_id = $1
        ORDER BY e.id DESC LIMIT ${HISTORY_LIMIT}`,
      [account.id],
    );
    const oldest = rows.at(-1)?.id ?? Number.MAX_SAFE_INTEGER;
    const { rows: before } = await tx.query<{ total: number }>(
      'SELECT coalesce(sum(amount), 0)::bigint AS total FROM entries WHERE account_id = $1 AND id < $2',
      [account.id, oldest],
    );
    return {
      balance: account.balance,
      opening: before[0]?.total ?? 0,
      rows: rows.map((r) => ({
        transaction_id: r.id,
        transaction_type: r.amount > 0 ? '1' : '2',
        transaction_note:
          r.from_id !== null && r.from_name !== null && r.to_id !== null && r.to_name !== null
            ? transferNote({ id: r.from_id, name: r.from_name }, { id: r.to_id, name: r.to_name }, playerId)
            : r.note,
        insert_date: formatDateTime(r.created_at, timeZone),
        amount: formatPaise(Math.abs(r.amount)),
        amount_status: '1',
        kind: r.kind,
      })),
    };
  });
}
