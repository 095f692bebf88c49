/**
 * Debt from a corrected result (game-rules D7) is repaid from the wallet as soon as points arrive:
 * after any credit, a repayment journal moves min(wallet, debt) from the wallet to the debt account.
 */
import type { Queryable } from '../../db/database.ts';

export async function repayDebts(
  tx: Queryable,
  playerIds: ReadonlyArray<number | string>,
  at: Date,
): Promise<void> {
  if (playerIds.length === 0) return;
  const { rows } = await tx.query<{ player_id: number; wallet_id: number; debt_id: number; amount: number }>(
    `SELECT w.player_id, w.id AS wallet_id, d.id AS debt_id, least(w.balance, -d.balance) AS amount
       FROM accounts w JOIN accounts d ON d.player_id = w.player_id AND d.kind = 'debt'
      WHERE w.kind = 'wallet' AND w.player_id = ANY($1::bigint[]) AND d.balance < 0 AND w.balance > 0
      ORDER BY w.player_id`,
    [playerIds],
  );
  for (const row of rows) {
    const { rows: j } = await tx.query<{ id: number }>(
      `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
       VALUES ('debt_repayment', 'system', 'player', $1, 'Debt repaid from wallet', $2) RETURNING id`,
      [row.player_id, at],
    );
    await tx.query(
      `INSERT INTO entries (journal_id, account_id, amount) VALUES ($1, $2, -$4::bigint), ($1, $3, $4::bigint)`,
      [j[0]?.id, row.wallet_id, row.debt_id, row.amount],
    );
  }
}
