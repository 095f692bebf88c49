/**
 * Held credits (decision 027): a manual credit past its maker's allowance is stored here and moves nothing
 * until an operator other than its maker decides it (players/held-credits.ts).
 */
import type { MoneyHold } from '@gama/core/endpoints/holds/index';
import { pointsToPaise } from '@gama/core/rules/money';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { audit } from '../audit/writer.ts';
import type { MakerCheckerSql } from '../operators/maker-checker.ts';
import { checkerOf, makerCheckerJoins } from '../operators/maker-checker.ts';
import type { Operator } from '../operators/sessions.ts';
import type { AllowanceCheck } from './operator-limits.ts';

interface HoldSql extends MakerCheckerSql {
  id: number;
  kind: 'credit';
  player_id: number;
  user_name: string;
  mobile: string;
  amount: number;
  reason: string;
  state: MoneyHold['state'];
  allowance_points: number;
  used_paise: number;
  decision_reason: string | null;
  journal_id: number | null;
}

const HOLD_SELECT = `SELECT h.id, h.kind, h.player_id, p.user_name, p.mobile, h.amount, h.reason, h.state,
    h.maker_id, mk.username AS maker_username, h.created_at, h.allowance_points, h.used_paise, h.checker_id,
    ck.username AS checker_username, h.decided_at, h.decision_reason, h.journal_id
  FROM money_holds h
  JOIN players p ON p.id = h.player_id
  ${makerCheckerJoins('h')}`;

function answer(h: HoldSql): MoneyHold {
  return {
    id: Number(h.id),
    kind: h.kind,
    player: { id: Number(h.player_id), user_name: h.user_name, mobile: h.mobile },
    amount_paise: Number(h.amount),
    reason: h.reason,
    state: h.state,
    maker: { id: Number(h.maker_id), username: h.maker_username },
    created_at: h.created_at.toISOString(),
    allowance_points: Number(h.allowance_points),
    used_paise: Number(h.used_paise),
    checker: checkerOf(h),
    decided_at: h.decided_at === null ? null : h.decided_at.toISOString(),
    decision_reason: h.decision_reason,
    journal_id: h.journal_id === null ? null : Number(h.journal_id),
  };
}

export async function holdById(db: Queryable, id: number): Promise<MoneyHold | undefined> {
  const { rows } = await db.query<HoldSql>(`${HOLD_SELECT} WHERE h.id = $1`, [id]);
  const row = rows[0];
  return row ? answer(row) : undefined;
}

export async function listHolds(db: Queryable, state: 'pending' | 'all'): Promise<MoneyHold[]> {
  const { rows } = await db.query<HoldSql>(
    `${HOLD_SELECT} WHERE ($1::text IS NULL OR h.state = $1) ORDER BY h.id DESC LIMIT 200`,
    [state === 'pending' ? 'pending_approval' : null],
  );
  return rows.map(answer);
}

/** Stores a credit past its maker's allowance, audited; nothing moves. */
export async function holdCredit(
  tx: Queryable,
  who: { operator: Operator; request: FastifyRequest },
  playerId: number,
  input: { points: number; reason: string },
  allowance: AllowanceCheck,
  now: Date,
): Promise<MoneyHold> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO money_holds (kind, player_id, amount, reason, state, maker_id, created_at, allowance_points,
       used_paise)
     VALUES ('credit', $1, $2, $3, 'pending_approval', $4, $5, $6, $7) RETURNING id`,
    [
      playerId,
      pointsToPaise(input.points),
      input.reason,
      who.operator.id,
      now,
      allowance.allowancePoints ?? 0,
      allowance.usedPaise,
    ],
  );
  const id = Number(rows[0]?.id);
  await audit(tx, {
    operatorId: who.operator.id,
    action: 'wallet_adjust_held',
    targetType: 'money_hold',
    targetId: id,
    playerId,
    after: { state: 'pending_approval' },
    detail: {
      points: input.points,
      reason: input.reason,
      allowance_points: allowance.allowancePoints,
      used_paise: allowance.usedPaise,
    },
    request: who.request,
    at: now,
  });
  const hold = await holdById(tx, id);
  if (!hold) throw new Error('held credit vanished inside its own transaction');
  return hold;
}
