import { formatPaise, pointsToPaise } from '@gama/core/rules/money';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { systemAccount, walletAccountId } from '../ledger/accounts.ts';
import { repayDebts } from '../ledger/debt.ts';
import { once } from '../ledger/idempotency.ts';
import { postJournal } from '../ledger/post.ts';

export interface PlayerSummary {
  id: number;
  user_name: string;
  mobile: string;
  betting_status: '0' | '1';
  wallet_amt: string;
  debt_amt: string;
  created_at: Date;
}

export async function listPlayers(
  db: Queryable,
  mobile: string | undefined,
  limit: number,
): Promise<PlayerSummary[]> {
  const { rows } = await db.query<
    Omit<PlayerSummary, 'wallet_amt' | 'debt_amt'> & { balance: number; debt: number }
  >(
    `SELECT p.id, p.user_name, p.mobile, p.betting_status, p.created_at, w.balance, -d.balance AS debt
       FROM players p
       JOIN accounts w ON w.player_id = p.id AND w.kind = 'wallet'
       JOIN accounts d ON d.player_id = p.id AND d.kind = 'debt'
      WHERE $1::text IS NULL OR p.mobile LIKE $1 || '%'
      ORDER BY p.id DESC LIMIT $2`,
    [mobile ?? null, limit],
  );
  return rows.map(({ balance, debt, ...p }) => ({
    ...p,
    wallet_amt: formatPaise(balance),
    debt_amt: formatPaise(debt),
  }));
}

/** An operator's correction of a wallet, with a reason, as one journal against the adjustments account. */
export async function adjustWallet(
  deps: Deps,
  operatorId: number,
  playerId: number,
  input: { points: number; reason: string },
  key: string | undefined,
): Promise<{ status: true; wallet_amt: string; journal_id: number }> {
  const { db, clock } = deps;
  return db.transaction((tx) =>
    once(
      tx,
      { scope: `operator:${operatorId}`, key, endpoint: `adjust:${playerId}`, body: input, at: clock.now() },
      async () => {
        const { rows: found } = await tx.query('SELECT 1 FROM players WHERE id = $1', [playerId]);
        if (found.length === 0) throw new AppError('NOT_FOUND', 'Player not found');
        const walletId = await walletAccountId(tx, playerId);
        const amount = Math.sign(input.points) * pointsToPaise(Math.abs(input.points));
        const now = clock.now();
        const journalId = await postJournal(
          tx,
          {
            kind: 'adjustment',
            actor: `operator:${operatorId}`,
            refType: 'player',
            refId: playerId,
            note: input.reason,
            at: now,
          },
          [
            { account: walletId, amount },
            { account: systemAccount('adjustments'), amount: -amount },
          ],
          () => new AppError('CONFLICT', 'The wallet does not hold that many points'),
        );
        if (amount > 0) await repayDebts(tx, [playerId], now);
        const { rows: after } = await tx.query<{ balance: number }>(
          'SELECT balance FROM accounts WHERE id = $1',
          [walletId],
        );
        return {
          response: {
            status: true as const,
            wallet_amt: formatPaise(after[0]?.balance ?? 0),
            journal_id: journalId,
          },
          journalId,
        };
      },
    ),
  );
}
