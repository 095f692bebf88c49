/**
 * Referral codes: one per player, made the first time the player asks for it, and the lookup registration
 * makes of a typed or linked code.
 */
import { randomInt } from 'node:crypto';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_CODE_PATTERN,
} from '@gama/core/endpoints/referrals/index';
import type { Queryable } from '../../db/database.ts';

function newCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * The player's code, made now if the player has none. A new code that another player already holds (one in
 * about 10^12 per pair) is drawn again; two first asks of one player at once both answer the one that won.
 */
export async function referralCodeOf(db: Queryable, playerId: number, now: Date): Promise<string> {
  for (;;) {
    const { rows } = await db.query<{ code: string }>(
      `WITH made AS (
         INSERT INTO referral_codes (player_id, code, created_at)
         SELECT $1, $2, $3
          WHERE NOT EXISTS (SELECT 1 FROM referral_codes WHERE code = $2)
         ON CONFLICT (player_id) DO NOTHING
         RETURNING code
       )
       SELECT code FROM made UNION ALL SELECT code FROM referral_codes WHERE player_id = $1`,
      [playerId, newCode(), now],
    );
    const code = rows[0]?.code;
    if (code !== undefined) return code;
  }
}

/** The open account that holds `code`, or undefined (unknown, or its account was closed). */
export async function referrerOf(db: Queryable, code: string): Promise<number | undefined> {
  if (!REFERRAL_CODE_PATTERN.test(code)) return undefined;
  const { rows } = await db.query<{ id: number; closed_at: Date | null }>(
    `SELECT p.id, p.closed_at FROM referral_codes c JOIN players p ON p.id = c.player_id WHERE c.code = $1`,
    [code],
  );
  const row = rows[0];
  if (!row || row.closed_at !== null) return undefined;
  return row.id;
}
