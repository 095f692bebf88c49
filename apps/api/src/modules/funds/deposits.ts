import { fundsMessages } from '@gama/core/contract/funds-messages';
import { pointsToPaise } from '@gama/core/rules/money';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { getSetting } from '../content/settings.ts';
import { playerAccounts } from '../ledger/accounts.ts';
import { once } from '../ledger/idempotency.ts';
import type { PlayerBreak } from '../play/breaks.ts';
import { breakRefusal } from '../play/breaks.ts';
import { checkPlayLimit } from '../play/limits.ts';

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
        if (points < min_amt)
          throw new AppError('DEPOSIT_BELOW_MIN', fundsMessages.depositMin(String(min_amt)));
        if (points > MAX_DEPOSIT_POINTS)
          throw new AppError('DEPOSIT_POINTS_INVALID', fundsMessages.pointsInvalid);
        // The wallet lock orders one player's requests, so two cannot both fit under the deposit limit.
        await playerAccounts(tx, playerId, true);
        const at = { now: clock.now(), timeZone: deps.config.MARKET_TIME_ZONE };
        const { rows: flags } = await tx.query<PlayerBreak>(
          'SELECT break_kind, break_until FROM players WHERE id = $1',
          [playerId],
        );
        const refusal = flags[0] ? breakRefusal(flags[0], at) : null;
        if (refusal) throw refusal;
        await checkPlayLimit(tx, playerId, 'deposit', pointsToPaise(points), at);
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
