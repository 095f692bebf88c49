/**
 * Operator limits (issue 27 item 1, decision 027): what one operator may move out of the house alone.
 *
 * Every credit of a wallet an operator makes and every payout they approve is a row of operator_money_moves,
 * marked solo when no second operator approved it. An operator's solo rows of the last 24 hours are their use
 * of the allowance; the check and the row that records the move are made under a lock on the operator's row,
 * so two approvals of one operator at once are counted one after the other, never both against the same
 * remainder. Locks are taken in one order: the request row, then the operator, then the player's accounts.
 */
import type { Role } from '@gama/core/operators/permissions';
import { pointsToPaise } from '@gama/core/rules/money';
import type { Queryable } from '../../db/database.ts';
import { ownerSettings } from '../settings/owner-settings.ts';

export type MoveKind = 'credit' | 'payout';
const DAY_MS = 86_400_000;

/** Serializes the money decisions of one operator (see the header). */
export async function lockOperator(tx: Queryable, operatorId: number): Promise<void> {
  await tx.query('SELECT id FROM operators WHERE id = $1 FOR NO KEY UPDATE', [operatorId]);
}

/** The role's allowance in points, or null for no limit (the setting's 0). */
export async function allowancePoints(tx: Queryable, role: Role, kind: MoveKind): Promise<number | null> {
  const settings = await ownerSettings(tx);
  const points =
    role === 'owner'
      ? kind === 'credit'
        ? settings.owner_credit_allowance
        : settings.owner_payout_allowance
      : kind === 'credit'
        ? settings.cashier_credit_allowance
        : settings.cashier_payout_allowance;
  return points === 0 ? null : points;
}

/** Paise the operator moved alone of this kind in the 24 hours before `now`. */
export async function soloUsedPaise(
  tx: Queryable,
  operatorId: number,
  kind: MoveKind,
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ used: number }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS used FROM operator_money_moves
      WHERE operator_id = $1 AND kind = $2 AND solo AND created_at > $3 AND created_at <= $4`,
    [operatorId, kind, new Date(now.getTime() - DAY_MS), now],
  );
  return Number(rows[0]?.used ?? 0);
}

export interface AllowanceCheck {
  /** The points allowed in 24 hours; null: no limit. */
  allowancePoints: number | null;
  usedPaise: number;
  /** Whether `amountPaise` more stays within the allowance. */
  fits: boolean;
}

/** Whether one more solo move of `amountPaise` fits the operator's allowance. Call with the operator locked. */
export async function checkAllowance(
  tx: Queryable,
  operator: { id: number; role: Role },
  kind: MoveKind,
  amountPaise: number,
  now: Date,
): Promise<AllowanceCheck> {
  const allowance = await allowancePoints(tx, operator.role, kind);
  const used = await soloUsedPaise(tx, operator.id, kind, now);
  return {
    allowancePoints: allowance,
    usedPaise: used,
    fits: allowance === null || used + amountPaise <= pointsToPaise(allowance),
  };
}

export async function recordMove(
  tx: Queryable,
  move: {
    operatorId: number;
    kind: MoveKind;
    playerId: number;
    amountPaise: number;
    solo: boolean;
    refType: 'deposit_request' | 'withdraw_request' | 'money_hold' | 'player' | 'referral';
    refId: number;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO operator_money_moves (operator_id, kind, player_id, amount, solo, ref_type, ref_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      move.operatorId,
      move.kind,
      move.playerId,
      move.amountPaise,
      move.solo,
      move.refType,
      move.refId,
      move.at,
    ],
  );
}

/** Why one operator's approval cannot pay a withdrawal alone; empty when it can. */
export type SoloPayoutBar = 'player_day_total' | 'operator_allowance' | 'credited_player';

/**
 * The player's withdrawals that count against the two-person threshold: every one still waiting (the one
 * being approved included) and every one paid in the 24 hours before `now`.
 */
export async function playerDayWithdrawalsPaise(tx: Queryable, playerId: number, now: Date): Promise<number> {
  const { rows } = await tx.query<{ total: number }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS total FROM withdraw_requests
      WHERE player_id = $1 AND (status = '0' OR (status = '2' AND decided_at > $2))`,
    [playerId, new Date(now.getTime() - DAY_MS)],
  );
  return Number(rows[0]?.total ?? 0);
}

/** Whether the operator credited the player (manual credit or deposit approval) within the owner's window. */
export async function creditedWithinWindow(
  tx: Queryable,
  operatorId: number,
  playerId: number,
  now: Date,
): Promise<boolean> {
  const days = (await ownerSettings(tx)).credit_payout_window_days;
  if (days === 0) return false;
  const { rows } = await tx.query(
    `SELECT 1 FROM operator_money_moves
      WHERE operator_id = $1 AND player_id = $2 AND kind = 'credit' AND created_at > $3 AND created_at <= $4
      LIMIT 1`,
    [operatorId, playerId, new Date(now.getTime() - days * DAY_MS), now],
  );
  return rows.length > 0;
}

/**
 * What stands between this operator and paying the withdrawal alone. Call with the request and the operator
 * locked. `thresholdPoints` is the owner's two-person threshold (null: never).
 */
export async function soloPayoutBars(
  tx: Queryable,
  operator: { id: number; role: Role },
  request: { playerId: number; amountPaise: number },
  thresholdPoints: number | null,
  now: Date,
): Promise<{ bars: SoloPayoutBar[]; allowance: AllowanceCheck; dayTotalPaise: number }> {
  const bars: SoloPayoutBar[] = [];
  const dayTotal = await playerDayWithdrawalsPaise(tx, request.playerId, now);
  if (thresholdPoints !== null && dayTotal > pointsToPaise(thresholdPoints)) bars.push('player_day_total');
  const allowance = await checkAllowance(tx, operator, 'payout', request.amountPaise, now);
  if (!allowance.fits) bars.push('operator_allowance');
  // An unlimited role (the owner's default) is the one that sets the limits: the credit rule follows them.
  if (
    allowance.allowancePoints !== null &&
    (await creditedWithinWindow(tx, operator.id, request.playerId, now))
  )
    bars.push('credited_player');
  return { bars, allowance, dayTotalPaise: dayTotal };
}
