/**
 * Debt from a corrected result (game-rules D7) is repaid from the wallet as soon as points arrive:
 * after any credit, a repayment journal moves min(wallet, debt) from the wallet to the debt account.
 *
 * A debt follows the phone: one left on a closed account is carried to the account that registered the same
 * phone again (its successor), whichever came first, the revert or the new registration.
 */
import type { Queryable } from '../../db/database.ts';
import { postJournal } from './post.ts';

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
  if (rows.length === 0) return;
  // One journal per player, all in one posting: wallet to debt account.
  await tx.query(
    `SELECT gama_post_journals('debt_repayment', 'system', 'player', 'Debt repaid from wallet', $1,
                               $2::bigint[], $3::int[], $4::bigint[], $5::text[], $6::bigint[])`,
    [
      at,
      rows.map((r) => r.player_id),
      rows.flatMap((_, i) => [i + 1, i + 1]),
      rows.flatMap((r) => [r.wallet_id, r.debt_id]),
      rows.flatMap(() => [null, null]),
      rows.flatMap((r) => [-r.amount, r.amount]),
    ],
  );
}

/**
 * Names `playerId` the successor of every closed account of the same phone (by its keyed hash) and carries
 * their debt to it. Called in the registration's transaction.
 */
export async function adoptClosedAccounts(
  tx: Queryable,
  playerId: number,
  phoneMac: Buffer,
  at: Date,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'UPDATE players SET successor_id = $1 WHERE closed_phone_mac = $2 AND id <> $1 RETURNING id',
    [playerId, phoneMac],
  );
  return carryClosedDebts(
    tx,
    rows.map((r) => r.id),
    at,
  );
}

/**
 * Carries the debt of each closed account among `playerIds` that has an open successor to that successor (a
 * journal between the two debt accounts), then lets the successor's wallet repay it. Answers the paise moved.
 */
export async function carryClosedDebts(
  tx: Queryable,
  playerIds: ReadonlyArray<number | string>,
  at: Date,
): Promise<number> {
  if (playerIds.length === 0) return 0;
  const { rows } = await tx.query<{
    closed_id: number;
    successor_id: number;
    from_id: number;
    to_id: number;
  }>(
    `SELECT p.id AS closed_id, s.id AS successor_id, d.id AS from_id, sd.id AS to_id
       FROM players p
       JOIN players s ON s.id = p.successor_id AND s.closed_at IS NULL
       JOIN accounts d ON d.player_id = p.id AND d.kind = 'debt'
       JOIN accounts sd ON sd.player_id = s.id AND sd.kind = 'debt'
      WHERE p.id = ANY($1::bigint[]) AND p.closed_at IS NOT NULL AND d.balance < 0
      ORDER BY p.id`,
    [playerIds],
  );
  if (rows.length === 0) return 0;
  // Both sides locked in id order, as every writer does, before the balances are read for the journal.
  const { rows: locked } = await tx.query<{ id: number; balance: number }>(
    'SELECT id, balance FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
    [rows.flatMap((r) => [r.from_id, r.to_id])],
  );
  const balance = new Map(locked.map((a) => [Number(a.id), Number(a.balance)]));
  let carried = 0;
  for (const row of rows) {
    const amount = -(balance.get(Number(row.from_id)) ?? 0);
    if (amount <= 0) continue;
    await postJournal(
      tx,
      {
        kind: 'debt_carried',
        actor: 'system',
        refType: 'player',
        refId: Number(row.closed_id),
        note: 'Debt of a closed account, carried to the account of its phone',
        at,
      },
      [
        { account: Number(row.from_id), amount },
        { account: Number(row.to_id), amount: -amount },
      ],
    );
    carried += amount;
  }
  await repayDebts(tx, [...new Set(rows.map((r) => r.successor_id))], at);
  return carried;
}
