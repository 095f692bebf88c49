import type { Queryable } from '../../db/database.ts';

export type SystemAccount =
  | 'house'
  | 'deposits'
  | 'withdrawals_pending'
  | 'withdrawals_paid'
  | 'adjustments'
  // Referral rewards leave it (migration 0065).
  | 'promotions';

/**
 * A system account named by kind, as an SQL expression (`gama_system_account`, db/functions/post_journals.sql).
 * Given as an entry's account to `postJournal`, which passes the kind to the posting function to look up.
 */
export type SystemAccountRef = `gama_system_account('${SystemAccount}')`;

export const systemAccount = (kind: SystemAccount): SystemAccountRef => `gama_system_account('${kind}')`;

/** The kind a `systemAccount` names. */
export function systemAccountKind(ref: SystemAccountRef): SystemAccount {
  const kind = /^gama_system_account\('([a-z_]+)'\)$/.exec(ref)?.[1];
  if (kind === undefined) throw new Error(`not a system account: ${ref}`);
  return kind as SystemAccount;
}

export interface PlayerAccounts {
  walletId: number;
  debtId: number;
  /** Paise. */
  balance: number;
  /** Paise owed after a corrected result, as a positive number; 0 when none. */
  debt: number;
}

export async function playerAccounts(db: Queryable, playerId: number, lock = false): Promise<PlayerAccounts> {
  const { rows } = await db.query<{ id: number; kind: 'wallet' | 'debt'; balance: number }>(
    `SELECT id, kind, balance FROM accounts WHERE player_id = $1 ORDER BY id${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [playerId],
  );
  const wallet = rows.find((r) => r.kind === 'wallet');
  const debt = rows.find((r) => r.kind === 'debt');
  if (!wallet || !debt) throw new Error(`player ${playerId} has no ledger accounts`);
  return { walletId: wallet.id, debtId: debt.id, balance: wallet.balance, debt: -debt.balance };
}

export async function walletBalances(
  db: Queryable,
  playerId: number,
): Promise<{ balance: number; debt: number }> {
  const { rows } = await db.query<{ balance: number; debt: number }>(
    `SELECT coalesce(sum(balance) FILTER (WHERE kind = 'wallet'), 0)::bigint AS balance,
            coalesce(-sum(balance) FILTER (WHERE kind = 'debt'), 0)::bigint AS debt
       FROM accounts WHERE player_id = $1`,
    [playerId],
  );
  return rows[0] ?? { balance: 0, debt: 0 };
}

/**
 * Locks every account of these players in ascending id order, in one statement. Any transaction that
 * touches more than one player's accounts calls this first, so two of them can never wait on each other
 * in a cycle (the entry trigger then finds the locks already held).
 */
export async function lockPlayersAccounts(db: Queryable, playerIds: readonly number[]): Promise<void> {
  await db.query(
    'SELECT id FROM accounts WHERE player_id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
    [playerIds],
  );
}

export async function walletAccountId(db: Queryable, playerId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM accounts WHERE player_id = $1 AND kind = 'wallet'`,
    [playerId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`player ${playerId} has no wallet`);
  return id;
}
