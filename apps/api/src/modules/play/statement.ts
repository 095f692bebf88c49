/**
 * The monthly account statement (issue 16; UKGC RTS 1B): every movement of the player's wallet in one calendar
 * month of the market time zone, with the opening balance and the balance after each row, read in one
 * snapshot so the figures add up.
 */
import { formatPaise } from '@gama/core/rules/money';
import type { Database } from '../../db/database.ts';
import { formatDateTime } from '../../lib/format.ts';

export interface StatementRow {
  date: string;
  type: string;
  details: string;
  credit: string;
  debit: string;
  balance: string;
}

const KIND_LABELS: Record<string, string> = {
  bid: 'Bid',
  win: 'Win',
  win_reversal: 'Win reversed',
  deposit: 'Deposit',
  withdraw_hold: 'Withdrawal',
  withdraw_payout: 'Withdrawal paid',
  withdraw_release: 'Withdrawal returned',
  transfer: 'Transfer',
  adjustment: 'Adjustment',
  debt_repayment: 'Debt repayment',
  debt_carried: 'Debt carried from a closed account',
  referral_reward: 'Referral reward',
};

export const STATEMENT_COLUMNS = ['date', 'type', 'details', 'credit', 'debit', 'balance'] as const;

export async function monthStatement(
  db: Database,
  playerId: number,
  month: string,
  timeZone: string,
): Promise<{ opening: string; closing: string; rows: StatementRow[] }> {
  return db.transaction(async (tx) => {
    if (db.engine === 'postgres') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const from = `(($2 || '-01')::date::timestamp AT TIME ZONE $3)`;
    const to = `((($2 || '-01')::date + interval '1 month')::timestamp AT TIME ZONE $3)`;
    const { rows: before } = await tx.query<{ total: number }>(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS total
         FROM accounts a JOIN entries e ON e.account_id = a.id JOIN journals j ON j.id = e.journal_id
        WHERE a.player_id = $1 AND a.kind = 'wallet' AND j.created_at < ${from}`,
      [playerId, month, timeZone],
    );
    const { rows } = await tx.query<{ amount: number; kind: string; note: string; created_at: Date }>(
      `SELECT e.amount, j.kind, j.note, j.created_at
         FROM accounts a JOIN entries e ON e.account_id = a.id JOIN journals j ON j.id = e.journal_id
        WHERE a.player_id = $1 AND a.kind = 'wallet' AND j.created_at >= ${from} AND j.created_at < ${to}
        ORDER BY j.created_at, e.id`,
      [playerId, month, timeZone],
    );
    const opening = before[0]?.total ?? 0;
    let balance = opening;
    const lines = rows.map((r) => {
      balance += r.amount;
      return {
        date: formatDateTime(r.created_at, timeZone),
        type: KIND_LABELS[r.kind] ?? r.kind,
        details: r.note,
        credit: r.amount > 0 ? formatPaise(r.amount) : '',
        debit: r.amount < 0 ? formatPaise(-r.amount) : '',
        balance: formatPaise(balance),
      };
    });
    return { opening: formatPaise(opening), closing: formatPaise(balance), rows: lines };
  });
}
