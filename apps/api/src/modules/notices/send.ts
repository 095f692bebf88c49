/**
 * Sending a notice (decision 037): the preview counts the audience as a send would; a send counts it again
 * under the day's lock and either delivers it at once, in one statement, or stores it as a proposal for a
 * second operator. The notice, its notifications and its audit row commit together; an idempotency key makes
 * a double click or a retried request answer the first send rather than send twice.
 */
import type { Notice, NoticeDraft } from '@gama/core/endpoints/notices/index';
import { noticeMessages } from '@gama/core/endpoints/notices/index';
import { zonedParts } from '@gama/core/rules/time';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { audit } from '../audit/writer.ts';
import { once } from '../ledger/idempotency.ts';
import type { Operator } from '../operators/sessions.ts';
import { checkAudience, countAudience, deliver } from './audience.ts';
import { checkDailyLimit, lockDay, needsApproval, readDay } from './day.ts';
import { insertNotice, noticeById } from './records.ts';

export interface Who {
  operator: Operator;
  request: FastifyRequest;
}

export async function previewNotice(deps: Deps, draft: NoticeDraft) {
  const { db, clock, config } = deps;
  const now = clock.now();
  await checkAudience(db, draft.audience);
  const at = { now, zone: config.MARKET_TIME_ZONE };
  const count = await countAudience(db, draft.audience, at);
  const day = await readDay(db, zonedParts(now, at.zone).date);
  return {
    status: true as const,
    audience_count: count,
    needs_approval: needsApproval(day, count),
    sent_today: day.sent,
    daily_limit: day.settings.notice_daily_limit,
    solo_audience_today: day.soloAudience,
    two_person_above: day.settings.notice_two_person_above,
  };
}

type SendAnswer = { status: true; notice: Notice; msg?: string };

export async function sendNotice(
  deps: Deps,
  who: Who,
  draft: NoticeDraft,
  key: string | undefined,
): Promise<SendAnswer> {
  const { db, clock, config } = deps;
  const { operator, request } = who;
  return db.transaction((tx) =>
    once<SendAnswer>(
      tx,
      { scope: `operator:${operator.id}`, key, endpoint: 'notice-send', body: draft, at: clock.now() },
      async () => {
        const now = clock.now();
        const at = { now, zone: config.MARKET_TIME_ZONE };
        await checkAudience(tx, draft.audience);
        const day = await lockDay(tx, zonedParts(now, at.zone).date);
        const count = await countAudience(tx, draft.audience, at);
        if (count === 0) throw new AppError('NOTICE_NO_AUDIENCE', noticeMessages.noAudience);
        checkDailyLimit(day);
        const proposal = needsApproval(day, count);
        const id = await insertNotice(tx, draft, {
          makerId: operator.id,
          now,
          counted: count,
          sentDay: proposal ? null : day.day,
        });
        let recipients: number | null = null;
        if (!proposal) {
          recipients = await deliver(tx, id, draft.audience, at);
          await tx.query('UPDATE notices SET recipients = $2 WHERE id = $1', [id, recipients]);
        }
        await audit(tx, {
          operatorId: operator.id,
          action: proposal ? 'notice_propose' : 'notice_send',
          targetType: 'notice',
          targetId: id,
          after: { state: proposal ? 'pending_approval' : 'sent', counted: count, recipients },
          detail: {
            title: draft.title,
            audience: draft.audience,
            link: draft.link ?? null,
            hindi: draft.title_hi !== undefined,
            sent_today: day.sent,
            solo_audience_today: day.soloAudience,
            two_person_above: day.settings.notice_two_person_above,
          },
          request,
          at: now,
        });
        const stored = await noticeById(tx, id);
        if (!stored) throw new Error('notice vanished inside its own transaction');
        const response: SendAnswer = proposal
          ? {
              status: true,
              notice: stored,
              msg: noticeMessages.proposed(day.settings.notice_two_person_above),
            }
          : { status: true, notice: stored };
        return { response, journalId: null };
      },
    ),
  );
}
