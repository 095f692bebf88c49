/**
 * A proposed notice decided by a second operator (decision 037), as a result declaration or a held credit is:
 * an operator other than its maker approves it (nobody approves their own, not even an owner), and it is sent
 * then, to its audience counted again at that moment, under the notice's row lock (two approvals at once send
 * once) and the day's lock (the daily limit holds against approvals racing sends). Anyone who may approve may
 * reject it instead, its maker too (taking it back). Every decision is audited in its transaction.
 */
import type { Notice } from '@gama/core/endpoints/notices/index';
import { noticeMessages } from '@gama/core/endpoints/notices/index';
import { zonedParts } from '@gama/core/rules/time';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { audit } from '../audit/writer.ts';
import { countAudience, deliver } from './audience.ts';
import { checkDailyLimit, lockDay } from './day.ts';
import { audienceOf, noticeById } from './records.ts';
import type { Who } from './send.ts';

interface Locked {
  state: Notice['state'];
  maker_id: number;
  checker: string | null;
  audience: Notice['audience']['kind'];
  market_id: number | null;
  inactive_days: number | null;
  title: string;
}

async function lockNotice(tx: Queryable, id: number): Promise<Locked> {
  const { rows } = await tx.query<Locked>(
    `SELECT n.state, n.maker_id, ck.username AS checker, n.audience, n.market_id, n.inactive_days, n.title
       FROM notices n LEFT JOIN operators ck ON ck.id = n.checker_id
      WHERE n.id = $1 FOR UPDATE OF n`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', noticeMessages.notFound);
  return row;
}

type Decided = { status: true; notice: Notice; already_decided: boolean };

async function answer(deps: Deps, id: number, alreadyDecided: boolean): Promise<Decided> {
  const notice = await noticeById(deps.db, id);
  if (!notice) throw new AppError('NOT_FOUND', noticeMessages.notFound);
  return { status: true, notice, already_decided: alreadyDecided };
}

export async function approveNotice(deps: Deps, who: Who, id: number): Promise<Decided> {
  const { db, clock, config } = deps;
  const { operator, request } = who;
  const already = await db.transaction(async (tx) => {
    const n = await lockNotice(tx, id);
    if (Number(n.maker_id) === operator.id) throw new AppError('NOTICE_OWN', noticeMessages.ownNotice);
    if (n.state === 'rejected')
      throw new AppError('NOTICE_REJECTED', noticeMessages.wasRejected(n.checker ?? ''));
    if (n.state === 'sent') return true;
    const now = clock.now();
    const at = { now, zone: config.MARKET_TIME_ZONE };
    const day = await lockDay(tx, zonedParts(now, at.zone).date);
    checkDailyLimit(day);
    const audience = audienceOf(n);
    // Counted again: the players the audience holds now, not when it was proposed.
    const count = await countAudience(tx, audience, at);
    if (count === 0) throw new AppError('NOTICE_NO_AUDIENCE', noticeMessages.noAudience);
    await tx.query(
      `UPDATE notices SET state = 'sent', checker_id = $2, decided_at = $3, sent_day = $4::date, sent_at = $3,
              recipients = $5
        WHERE id = $1`,
      [id, operator.id, now, day.day, count],
    );
    const recipients = await deliver(tx, id, audience, at);
    await tx.query('UPDATE notices SET recipients = $2 WHERE id = $1', [id, recipients]);
    const common = { operatorId: operator.id, targetType: 'notice', targetId: id, request, at: now };
    await audit(tx, {
      ...common,
      action: 'notice_approve',
      before: { state: 'pending_approval' },
      after: { state: 'sent', recipients },
      detail: { maker_id: Number(n.maker_id), title: n.title, audience },
    });
    await audit(tx, {
      ...common,
      action: 'notice_send',
      after: { state: 'sent', counted: count, recipients },
      detail: { title: n.title, audience, approved_for: Number(n.maker_id), sent_today: day.sent },
    });
    return false;
  });
  return answer(deps, id, already);
}

export async function rejectNotice(deps: Deps, who: Who, id: number, reason: string): Promise<Decided> {
  const { db, clock } = deps;
  const { operator, request } = who;
  const already = await db.transaction(async (tx) => {
    const n = await lockNotice(tx, id);
    if (n.state === 'sent') throw new AppError('NOTICE_SENT', noticeMessages.wasSent(n.checker ?? ''));
    if (n.state === 'rejected') return true;
    const now = clock.now();
    await tx.query(
      `UPDATE notices SET state = 'rejected', checker_id = $2, decided_at = $3, decision_reason = $4
        WHERE id = $1`,
      [id, operator.id, now, reason],
    );
    await audit(tx, {
      operatorId: operator.id,
      action: 'notice_reject',
      targetType: 'notice',
      targetId: id,
      before: { state: 'pending_approval' },
      after: { state: 'rejected' },
      detail: { reason, maker_id: Number(n.maker_id), title: n.title },
      request,
      at: now,
    });
    return false;
  });
  return answer(deps, id, already);
}
