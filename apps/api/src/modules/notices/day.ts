/**
 * The day's notices, counted under the day's lock (decision 037): the owner's daily limit counts every notice
 * sent on the market day; the two-person threshold counts the players reached that day by notices sent
 * without a second operator, this one included, so splitting one large audience into small sends cannot
 * dodge it.
 */
import { noticeMessages } from '@gama/core/endpoints/notices/index';
import type { OwnerSettings } from '@gama/core/endpoints/settings/index';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { ownerSettings } from '../settings/owner-settings.ts';

export interface NoticeDay {
  day: string;
  sent: number;
  soloAudience: number;
  settings: Pick<OwnerSettings, 'notice_daily_limit' | 'notice_two_person_above'>;
}

/**
 * Takes the day's row lock (held to commit: every send and approval of the day waits for the one before it),
 * then counts what that day has sent, so the count includes every notice committed before this one.
 */
export async function lockDay(tx: Queryable, day: string): Promise<NoticeDay> {
  await tx.query(
    'INSERT INTO notice_days (day) VALUES ($1::date) ON CONFLICT (day) DO UPDATE SET day = excluded.day',
    [day],
  );
  return readDay(tx, day);
}

/** The same counts without the lock (a preview). */
export async function readDay(db: Queryable, day: string): Promise<NoticeDay> {
  const { rows } = await db.query<{ sent: number; solo: number }>(
    `SELECT count(*)::int AS sent, coalesce(sum(recipients) FILTER (WHERE checker_id IS NULL), 0)::int AS solo
       FROM notices WHERE state = 'sent' AND sent_day = $1::date`,
    [day],
  );
  const settings = await ownerSettings(db);
  return {
    day,
    sent: rows[0]?.sent ?? 0,
    soloAudience: rows[0]?.solo ?? 0,
    settings: {
      notice_daily_limit: settings.notice_daily_limit,
      notice_two_person_above: settings.notice_two_person_above,
    },
  };
}

/** Whether a notice to `audience` players would have to wait for a second operator today. */
export function needsApproval(day: NoticeDay, audience: number): boolean {
  const above = day.settings.notice_two_person_above;
  return above > 0 && day.soloAudience + audience > above;
}

/** Refuses a send once the day's limit is reached (a proposal made then could not be sent that day either). */
export function checkDailyLimit(day: NoticeDay): void {
  const limit = day.settings.notice_daily_limit;
  if (day.sent >= limit) throw new AppError('NOTICE_DAILY_LIMIT', noticeMessages.dailyLimit(limit));
}
