/**
 * Posting a journal: one row in `journals`, all of its entries in one INSERT, so the database's
 * statement trigger can check the journal balances and move cached balances (see migration 0002).
 */
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';

export type JournalKind =
  | 'bid'
  | 'win'
  | 'win_reversal'
  | 'deposit'
  | 'withdraw_hold'
  | 'withdraw_payout'
  | 'withdraw_release'
  | 'transfer'
  | 'adjustment'
  | 'debt_repayment'
  | 'debt_carried'
  | 'referral_reward';

export interface JournalSpec {
  kind: JournalKind;
  actor: string;
  refType?: string;
  refId?: number;
  note: string;
  at: Date;
}

/** An entry's account is an id, or a SQL subquery naming a system account (see `systemAccount`). */
export interface EntrySpec {
  account: number | string;
  amount: number;
}

export class InsufficientFunds extends Error {
  constructor() {
    super('insufficient funds');
  }
}

/**
 * Writes one journal and its entries. `onOverdraft` builds the error to throw when the wallet CHECK refuses a
 * debit (the caller knows the words for its screen); without it an `InsufficientFunds` is thrown.
 */
export async function postJournal(
  tx: Queryable,
  journal: JournalSpec,
  entries: readonly EntrySpec[],
  onOverdraft: () => Error = () => new InsufficientFunds(),
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [journal.kind, journal.actor, journal.refType ?? null, journal.refId ?? null, journal.note, journal.at],
  );
  const journalId = rows[0]?.id;
  if (journalId === undefined) throw new Error('journal insert returned no id');
  const values: string[] = [];
  const params: unknown[] = [journalId];
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0)
      throw new RangeError(`bad entry amount ${entry.amount}`);
    params.push(entry.amount);
    const amount = `$${params.length}::bigint`;
    if (typeof entry.account === 'number') {
      params.push(entry.account);
      values.push(`($1, $${params.length}::bigint, ${amount})`);
    } else {
      values.push(`($1, ${entry.account}, ${amount})`);
    }
  }
  try {
    await tx.query(
      `INSERT INTO entries (journal_id, account_id, amount) VALUES ${values.join(', ')}`,
      params,
    );
  } catch (error) {
    // The wallet CHECK refused it: the debit would overdraw (L3), whatever ran concurrently.
    if (pgCode(error) === '23514' && String((error as Error).message).includes('wallet_not_negative')) {
      throw onOverdraft();
    }
    throw error;
  }
  return journalId;
}
