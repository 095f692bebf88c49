/**
 * The console's review of held referral rewards: approve pays the reward the referral qualified for, reject
 * closes it unpaid. One operator decides, but a payment is a credit that operator makes alone: it is recorded
 * among their money moves and must fit their 24-hour credit allowance (decision 027), so approving many small
 * rewards cannot move more than a cashier may credit alone; past it, another operator approves. Each decision is
 * audited. Deciding again the way it was decided answers that decision and moves nothing.
 */
import { limitMessages } from '@gama/core/operators/limits';
import { referralMessages } from '@gama/core/endpoints/referrals/index';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { audit } from '../audit/writer.ts';
import { checkAllowance, lockOperator, recordMove } from '../limits/operator-limits.ts';
import type { Operator } from '../operators/sessions.ts';
import { payReward } from '../referrals/rewards.ts';

export interface ReviewWho {
  operator: Operator;
  request: FastifyRequest;
  now: Date;
}

/** Answers whether it had already been decided this way. */
export async function decideHeldReward(
  tx: Queryable,
  who: ReviewWho,
  referredId: number,
  decision: 'paid' | 'rejected',
  reason: string | undefined,
): Promise<{ alreadyDecided: boolean }> {
  const { rows } = await tx.query<{
    referrer_id: number;
    state: string;
    referrer_reward: number | null;
    referred_reward: number | null;
    decided_by: number | null;
  }>(
    `SELECT referrer_id, state, referrer_reward, referred_reward, decided_by
       FROM referrals WHERE referred_id = $1 FOR UPDATE`,
    [referredId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', referralMessages.notFound);
  if (row.state === decision && row.decided_by !== null) return { alreadyDecided: true };
  if (row.state !== 'held' || row.referrer_reward === null || row.referred_reward === null) {
    throw new AppError('REFERRAL_NOT_HELD', referralMessages.notHeld(row.state));
  }
  const { operator, now } = who;
  let journalId: number | null = null;
  if (decision === 'paid') {
    // The referral row, then the operator, then the players' accounts: the order every money decision takes.
    await lockOperator(tx, operator.id);
    const credits = [
      { playerId: row.referrer_id, amountPaise: Number(row.referrer_reward) },
      { playerId: referredId, amountPaise: Number(row.referred_reward) },
    ].filter((credit) => credit.amountPaise > 0);
    const total = credits.reduce((sum, credit) => sum + credit.amountPaise, 0);
    const allowance = await checkAllowance(tx, operator, 'credit', total, now);
    if (!allowance.fits && allowance.allowancePoints !== null) {
      throw new AppError(
        'REFERRAL_PAST_ALLOWANCE',
        limitMessages.referralPastAllowance(allowance.allowancePoints, allowance.usedPaise),
      );
    }
    for (const credit of credits) {
      await recordMove(tx, {
        operatorId: operator.id,
        kind: 'credit',
        ...credit,
        solo: true,
        refType: 'referral',
        refId: referredId,
        at: now,
      });
    }
    journalId = await payReward(tx, {
      referrerId: row.referrer_id,
      referredId,
      referrerReward: row.referrer_reward,
      referredReward: row.referred_reward,
      actor: `operator:${operator.id}`,
      now,
    });
  }
  await tx.query(
    `UPDATE referrals SET state = $2, journal_id = $3, decided_by = $4, decided_at = $5, decision_reason = $6
      WHERE referred_id = $1 AND state = 'held'`,
    [referredId, decision, journalId, operator.id, now, reason ?? null],
  );
  await audit(tx, {
    operatorId: operator.id,
    action: decision === 'paid' ? 'referral_reward_approve' : 'referral_reward_reject',
    targetType: 'referral',
    targetId: referredId,
    playerId: referredId,
    before: { state: 'held' },
    after: { state: decision, journal_id: journalId },
    detail: {
      referrer_id: row.referrer_id,
      referrer_reward_paise: row.referrer_reward,
      referred_reward_paise: row.referred_reward,
      ...(reason === undefined ? {} : { reason }),
    },
    request: who.request,
    at: now,
  });
  return { alreadyDecided: false };
}
