/**
 * The restore drill's balance check: each account's entries and cached balance in a restored database against
 * the live database's entries of the same journals.
 */
import type { Queryable } from '../db/database.ts';

export interface BalanceMismatch {
  account_id: number;
  restored_balance: number | null;
  restored_entries: number;
  live_entries: number;
}

/**
 * Each account's entries in the restored database against the live database's entries of the same journals
 * (journal ids are an identity: the restored set is every id up to its newest, less the gaps, which hold
 * transactions rolled back or committed after the instant). Wallets and debts also carry a cached balance.
 */
export async function compareBalances(
  restored: Queryable,
  live: Queryable,
): Promise<{ mismatches: BalanceMismatch[]; journals: number; liveAfter: number }> {
  const { rows: top } = await restored.query<{ max: string | null; count: string }>(
    'SELECT max(id) AS max, count(*) AS count FROM journals',
  );
  const newest = Number(top[0]?.max ?? 0);
  const journals = Number(top[0]?.count ?? 0);
  const { rows: gapRows } = await restored.query<{ gaps: string[] | null }>(
    `SELECT array_agg(g) AS gaps FROM generate_series(1, $1::bigint) g
      WHERE NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = g)`,
    [newest],
  );
  const gaps = gapRows[0]?.gaps ?? [];
  const { rows: restoredRows } = await restored.query<{ id: string; balance: string | null; total: string }>(
    `SELECT a.id, a.balance, coalesce(sum(e.amount), 0) AS total
       FROM accounts a LEFT JOIN entries e ON e.account_id = a.id GROUP BY a.id`,
  );
  const { rows: liveRows } = await live.query<{ id: string; total: string }>(
    `SELECT e.account_id AS id, sum(e.amount) AS total FROM entries e
      WHERE e.journal_id <= $1 AND NOT (e.journal_id = ANY($2::bigint[])) GROUP BY e.account_id`,
    [newest, gaps],
  );
  const { rows: liveCount } = await live.query<{ same: string; after: string }>(
    `SELECT count(*) FILTER (WHERE id <= $1 AND NOT (id = ANY($2::bigint[]))) AS same,
            count(*) FILTER (WHERE id > $1 OR id = ANY($2::bigint[])) AS after FROM journals`,
    [newest, gaps],
  );
  const liveTotals = new Map(liveRows.map((r) => [Number(r.id), Number(r.total)]));
  const mismatches: BalanceMismatch[] = [];
  for (const r of restoredRows) {
    const account = Number(r.id);
    const restoredEntries = Number(r.total);
    const liveEntries = liveTotals.get(account) ?? 0;
    liveTotals.delete(account);
    const balance = r.balance === null ? null : Number(r.balance);
    if (restoredEntries !== liveEntries || (balance !== null && balance !== liveEntries)) {
      mismatches.push({
        account_id: account,
        restored_balance: balance,
        restored_entries: restoredEntries,
        live_entries: liveEntries,
      });
    }
  }
  // Accounts the restore lacks but whose live entries belong to restored journals: the two databases differ.
  for (const [account, total] of liveTotals) {
    mismatches.push({
      account_id: account,
      restored_balance: null,
      restored_entries: 0,
      live_entries: total,
    });
  }
  if (Number(liveCount[0]?.same ?? 0) !== journals) {
    throw new Error(
      `the live database has ${liveCount[0]?.same ?? 0} of the restored ${journals} journals: is it the database this repository backs up?`,
    );
  }
  return { mismatches, journals, liveAfter: Number(liveCount[0]?.after ?? 0) };
}
