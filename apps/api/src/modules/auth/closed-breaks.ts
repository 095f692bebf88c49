/**
 * A time-out or self-exclusion outlives the account it was taken on (decision 014): closing the account keeps a
 * keyed hash of its phone with the break's end, and that phone cannot open a new account until then.
 */
import { playMessages } from '@gama/core/contract/play-messages';
import type { BreakKind } from '@gama/core/rules/responsible-play';
import { createHmac, hkdfSync } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/format.ts';

/**
 * Keyed, not a bare hash: Indian mobile numbers are few enough (4 billion) to hash them all, so a copy of the
 * table alone must not tell whose phone it holds. Its own key, derived from the pepper, so this hash can never
 * be mistaken for a code hash made with the pepper itself.
 */
export function phoneMac(pepper: string, mobile: string): Buffer {
  const key = Buffer.from(hkdfSync('sha256', pepper, 'gama', 'closed account break phone', 32));
  return createHmac('sha256', key).update(mobile).digest();
}

/**
 * Called inside the closure's transaction, while the player row still holds the phone: keeps the running break
 * (when one runs) under the phone's keyed hash; a later end wins over an earlier one.
 */
export async function keepBreakOfClosedAccount(
  tx: Queryable,
  pepper: string,
  player: { mobile: string; breakKind: BreakKind | null; breakUntil: Date | null },
  now: Date,
): Promise<void> {
  // Rows whose end has passed say nothing more; dropping them here keeps no phone longer than it must.
  await tx.query('DELETE FROM closed_account_breaks WHERE until <= $1', [now]);
  if (player.breakKind === null || player.breakUntil === null || player.breakUntil <= now) return;
  await tx.query(
    `INSERT INTO closed_account_breaks (phone_mac, kind, until, closed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (phone_mac) DO UPDATE
       SET kind = CASE WHEN EXCLUDED.until > closed_account_breaks.until THEN EXCLUDED.kind
                       ELSE closed_account_breaks.kind END,
           until = GREATEST(EXCLUDED.until, closed_account_breaks.until),
           closed_at = EXCLUDED.closed_at`,
    [phoneMac(pepper, player.mobile), player.breakKind, player.breakUntil, now],
  );
}

/** Refuses a registration step for a phone whose closed account's break still runs. */
export async function refuseWhileClosedAccountBreakRuns(
  deps: Pick<Deps, 'db' | 'clock' | 'pepper' | 'config'>,
  mobile: string,
): Promise<void> {
  const { rows } = await deps.db.query<{ until: Date }>(
    'SELECT until FROM closed_account_breaks WHERE phone_mac = $1 AND until > $2',
    [phoneMac(deps.pepper, mobile), deps.clock.now()],
  );
  const until = rows[0]?.until;
  if (until) {
    throw new AppError(
      'CLOSED_ACCOUNT_BREAK',
      playMessages.closedAccountBreak(formatDateTime(until, deps.config.MARKET_TIME_ZONE)),
    );
  }
}
