/**
 * One-time recovery codes for two-factor sign-in (issue 32): an operator who loses the phone signs in with one
 * instead of waiting for an owner's reset. A set is handed out when two-factor is turned on, shown that once,
 * and kept only as HMACs under the pepper (a leaked table names no code); each code signs in one time.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@gama/core/endpoints/operators/index';
import type { Queryable } from '../../db/database.ts';

/** RFC 4648 base32's letters and digits: no 0/O or 1/l to misread from paper. 256 is a multiple of 32. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function newCode(): string {
  const chars = Array.from(randomBytes(10), (byte) => ALPHABET.charAt(byte % ALPHABET.length)).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function hashOf(pepper: string, code: string): string {
  return createHmac('sha256', pepper).update(`operator recovery code:${code.toLowerCase()}`).digest('hex');
}

/** Replaces the operator's codes with a fresh set and answers the codes; only their hashes are stored. */
export async function issueRecoveryCodes(
  tx: Queryable,
  pepper: string,
  operatorId: number,
  at: Date,
): Promise<string[]> {
  await dropRecoveryCodes(tx, operatorId);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  for (const code of codes) {
    await tx.query(
      'INSERT INTO operator_recovery_codes (operator_id, code_hash, created_at) VALUES ($1, $2, $3)',
      [operatorId, hashOf(pepper, code), at],
    );
  }
  return codes;
}

/** Spends one code: the count still unused after it, or null when it is not the operator's or already used. */
export async function spendRecoveryCode(
  db: Queryable,
  pepper: string,
  operatorId: number,
  code: string,
  at: Date,
): Promise<number | null> {
  // One statement: two sign-ins racing with the same code cannot both find it unused.
  const { rows } = await db.query<{ left: number }>(
    `WITH spent AS (
       UPDATE operator_recovery_codes SET used_at = $3
        WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL
        RETURNING id)
     SELECT (SELECT count(*)::int FROM operator_recovery_codes
              WHERE operator_id = $1 AND used_at IS NULL) - 1 AS left
       FROM spent`,
    [operatorId, hashOf(pepper, code), at],
  );
  return rows[0]?.left ?? null;
}

/** Two-factor off or reset: the codes go with it. */
export async function dropRecoveryCodes(tx: Queryable, operatorId: number): Promise<void> {
  await tx.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
}
