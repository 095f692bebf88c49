import { fundsMessages } from '@gama/core/contract/funds-messages';
import { formatPaise, pointsToPaise } from '@gama/core/rules/money';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { getSetting } from '../content/settings.ts';
import { once } from '../ledger/idempotency.ts';
import { repayDebts } from '../ledger/debt.ts';
import { postJournal } from '../ledger/post.ts';
import { systemAccount, walletAccountId } from '../ledger/accounts.ts';

const MAX_DEPOSIT_POINTS = 1_000_000;

/** A player's claim that money was paid by UPI: recorded as pending until an operator approves it. */
export async function requestDeposit(
  deps: Deps,
  playerId: number,
  points: number,
  key: string | undefined,
  body: unknown,
): Promise<{ status: true; msg: string; request_id: number }> {
  const { db, clock } = deps;
  const { min_amt } = await getSetting(db, 'deposit');
  return db.transaction((tx) =>
    once(
      tx,
      { scope: `player:${playerId}`, key, endpoint: 'deposit-request', body, at: clock.now() },
      async () => {
        if (points < min_amt) throw new AppError('VALIDATION', fundsMessages.depositMin(String(min_amt)));
        if (points > MAX_DEPOSIT_POINTS) throw new AppError('VALIDATION', fundsMessages.pointsInvalid);
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO deposit_requests (player_id, amount, created_at) VALUES ($1, $2, $3) RETURNING id',
          [playerId, pointsToPaise(points), clock.now()],
        );
        const id = rows[0]?.id ?? 0;
        return {
          response: { status: true as const, msg: fundsMessages.depositRequested, request_id: id },
          journalId: null,
        };
      },
    ),
  );
}

export type Decision = 'approved' | 'rejected';

/**
 * Approve posts exactly one credit however often it is called; approve and reject racing end with one winner:
 * the status only moves from pending by a conditional update, and the credit rides on that update.
 */
export async function decideDeposit(
  deps: Deps,
  operatorId: number,
  requestId: number,
  decision: Decision,
): Promise<{ deposit_status: Decision; amount: string; player_id: number }> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const now = clock.now();
    // Waits for a concurrent decision, then sees its outcome: only a pending request can be decided.
    const { rows } = await tx.query<{ player_id: number; amount: number; status: string }>(
      'SELECT player_id, amount, status FROM deposit_requests WHERE id = $1 FOR UPDATE',
      [requestId],
    );
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', 'Deposit request not found');
    if (row.status !== 'pending') throw new AppError('CONFLICT', `Deposit request already ${row.status}`);
    let journalId: number | null = null;
    if (decision === 'approved') {
      const walletId = await walletAccountId(tx, row.player_id);
      journalId = await postJournal(
        tx,
        {
          kind: 'deposit',
          actor: `operator:${operatorId}`,
          refType: 'deposit_request',
          refId: requestId,
          note: 'Deposit approved',
          at: now,
        },
        [
          { account: walletId, amount: row.amount },
          { account: systemAccount('deposits'), amount: -row.amount },
        ],
      );
    }
    await tx.query(
      `UPDATE deposit_requests SET status = $2, journal_id = $3, decided_at = $4, decided_by = $5
        WHERE id = $1 AND status = 'pending'`,
      [requestId, decision, journalId, now, operatorId],
    );
    if (journalId !== null) await repayDebts(tx, [row.player_id], now);
    return { deposit_status: decision, amount: formatPaise(row.amount), player_id: row.player_id };
  });
}
