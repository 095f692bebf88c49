/**
 * Posting a journal from TypeScript: the one wrapper around `gama_post_journals`
 * (db/functions/post_journals.sql), the database's single entry point for journals. It writes the journal row
 * and all of its entries in one INSERT, so the ledger's statement trigger checks the journal balances and moves
 * the cached balances (decision 040).
 */
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import type { SystemAccountRef } from './accounts.ts';
import { systemAccountKind } from './accounts.ts';

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

/** An entry's account is an id, or a system account named by kind (`systemAccount`). */
export interface EntrySpec {
  account: number | SystemAccountRef;
  amount: number;
}

export class InsufficientFunds extends Error {
  constructor() {
    super('insufficient funds');
  }
}

/** The SQL of one journal's posting; `$1`..`$9` as `postJournal` binds them. Exported for the benchmarks. */
export const POST_JOURNAL_SQL = `SELECT (gama_post_journals($1, $2, $3, $4, $5, ARRAY[$6::bigint], $7::int[], $8::bigint[],
                                                $9::text[], $10::bigint[]))[1] AS id`;

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
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0)
      throw new RangeError(`bad entry amount ${entry.amount}`);
  }
  let rows: Array<{ id: number }>;
  try {
    ({ rows } = await tx.query<{ id: number }>(POST_JOURNAL_SQL, [
      journal.kind,
      journal.actor,
      journal.refType ?? null,
      journal.note,
      journal.at,
      journal.refId ?? null,
      entries.map(() => 1),
      entries.map((e) => (typeof e.account === 'number' ? e.account : null)),
      entries.map((e) => (typeof e.account === 'number' ? null : systemAccountKind(e.account))),
      entries.map((e) => e.amount),
    ]));
  } catch (error) {
    // The wallet CHECK refused it: the debit would overdraw (L3), whatever ran concurrently.
    if (pgCode(error) === '23514' && String((error as Error).message).includes('wallet_not_negative')) {
      throw onOverdraft();
    }
    throw error;
  }
  const journalId = rows[0]?.id;
  if (journalId === undefined || journalId === null) throw new Error('journal posting returned no id');
  return journalId;
}
