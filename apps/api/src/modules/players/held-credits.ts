/**
 * Deciding a held credit (decision 027): an operator other than its maker approves it, and the credit is made
 * then, once, under the hold's row lock; or anyone with the permission rejects it and nothing moves. Routes too.
 */
import { endpoints } from '@gama/core/endpoints';
import type { MoneyHold } from '@gama/core/endpoints/holds/index';
import { playerMessages } from '@gama/core/endpoints/players/index';
import { limitMessages } from '@gama/core/operators/limits';
import { adjustmentLimitMessage, adjustmentLimitPoints } from '@gama/core/operators/permissions';
import { wholePointsOf } from '@gama/core/rules/money';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { audit } from '../audit/writer.ts';
import { holdById, listHolds } from '../limits/holds.ts';
import { recordMove } from '../limits/operator-limits.ts';
import type { Auditor } from './admin-actions.ts';
import { postAdjustment } from './admin-actions.ts';

async function lockHold(
  tx: Queryable,
  id: number,
): Promise<{
  player_id: number;
  amount: number;
  reason: string;
  state: MoneyHold['state'];
  maker_id: number;
}> {
  const { rows } = await tx.query<{
    player_id: number;
    amount: number;
    reason: string;
    state: MoneyHold['state'];
    maker_id: number;
  }>('SELECT player_id, amount, reason, state, maker_id FROM money_holds WHERE id = $1 FOR UPDATE', [id]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', limitMessages.holdNotFound);
  return {
    ...row,
    player_id: Number(row.player_id),
    amount: Number(row.amount),
    maker_id: Number(row.maker_id),
  };
}

async function current(tx: Queryable, id: number): Promise<MoneyHold> {
  const hold = await holdById(tx, id);
  if (!hold) throw new AppError('NOT_FOUND', limitMessages.holdNotFound);
  return hold;
}

export async function approveHold(deps: Deps, who: Auditor, id: number): Promise<MoneyHold> {
  const { db, clock } = deps;
  const { operator } = who;
  return db.transaction(async (tx) => {
    const hold = await lockHold(tx, id);
    if (hold.maker_id === operator.id) throw new AppError('OWN_HOLD', limitMessages.ownHold);
    if (hold.state === 'approved') return current(tx, id);
    if (hold.state === 'rejected') throw new AppError('HOLD_DECIDED', limitMessages.holdDecided('rejected'));
    const points = wholePointsOf(hold.amount);
    const limit = adjustmentLimitPoints[operator.role];
    if (limit !== null && points > limit) {
      throw new AppError('ADJUSTMENT_PAST_LIMIT', adjustmentLimitMessage(operator.role, limit));
    }
    const { rows: found } = await tx.query('SELECT 1 FROM players WHERE id = $1', [hold.player_id]);
    if (found.length === 0) throw new AppError('NOT_FOUND', playerMessages.notFound);
    const now = clock.now();
    const posted = await postAdjustment(tx, who, hold.player_id, { points, reason: hold.reason }, now, {
      hold_id: id,
      maker_id: hold.maker_id,
    });
    // Two operators made this credit: it counts against neither's solo allowance, and both credited the player.
    for (const operatorId of [hold.maker_id, operator.id]) {
      await recordMove(tx, {
        operatorId,
        kind: 'credit',
        playerId: hold.player_id,
        amountPaise: hold.amount,
        solo: false,
        refType: 'money_hold',
        refId: id,
        at: now,
      });
    }
    await tx.query(
      `UPDATE money_holds SET state = 'approved', checker_id = $2, decided_at = $3, journal_id = $4
        WHERE id = $1`,
      [id, operator.id, now, posted.journalId],
    );
    await audit(tx, {
      operatorId: operator.id,
      action: 'money_hold_approve',
      targetType: 'money_hold',
      targetId: id,
      playerId: hold.player_id,
      before: { state: 'pending_approval' },
      after: { state: 'approved', journal_id: posted.journalId },
      detail: { amount_paise: hold.amount, maker_id: hold.maker_id },
      request: who.request,
      at: now,
    });
    return current(tx, id);
  });
}

export async function rejectHold(deps: Deps, who: Auditor, id: number, reason: string): Promise<MoneyHold> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const hold = await lockHold(tx, id);
    if (hold.state === 'rejected') return current(tx, id);
    if (hold.state === 'approved') throw new AppError('HOLD_DECIDED', limitMessages.holdDecided('approved'));
    const now = clock.now();
    await tx.query(
      `UPDATE money_holds SET state = 'rejected', checker_id = $2, decided_at = $3, decision_reason = $4
        WHERE id = $1`,
      [id, who.operator.id, now, reason],
    );
    await audit(tx, {
      operatorId: who.operator.id,
      action: 'money_hold_reject',
      targetType: 'money_hold',
      targetId: id,
      playerId: hold.player_id,
      before: { state: 'pending_approval' },
      after: { state: 'rejected' },
      detail: { amount_paise: hold.amount, maker_id: hold.maker_id, reason },
      request: who.request,
      at: now,
    });
    return current(tx, id);
  });
}

export function heldCreditRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  route(app, endpoints.adminHolds, async ({ query }) => ({
    status: true as const,
    holds: await listHolds(deps.db, query.state),
  }));
  route(app, endpoints.adminHoldApprove, async ({ params, operator, request }) => ({
    status: true as const,
    hold: await approveHold(deps, { operator, request }, params.id),
  }));
  route(app, endpoints.adminHoldReject, async ({ params, body, operator, request }) => ({
    status: true as const,
    hold: await rejectHold(deps, { operator, request }, params.id, body.reason),
  }));
}
