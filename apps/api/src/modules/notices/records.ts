/** Notices as stored, and as the console reads them. */
import type { Notice, NoticeAudience, NoticeDraft } from '@gama/core/endpoints/notices/index';
import type { Queryable } from '../../db/database.ts';
import { iso } from '../../lib/paging.ts';
import type { MakerCheckerSql } from '../operators/maker-checker.ts';
import { checkerOf, makerCheckerJoins } from '../operators/maker-checker.ts';

interface NoticeSql extends MakerCheckerSql {
  id: number;
  title: string;
  body: string;
  link: string | null;
  title_hi: string | null;
  body_hi: string | null;
  audience: NoticeAudience['kind'];
  market_id: number | null;
  market_name: string | null;
  inactive_days: number | null;
  state: Notice['state'];
  counted: number;
  decision_reason: string | null;
  sent_at: Date | null;
  recipients: number | null;
}

const SELECT = `SELECT n.id, n.title, n.body, n.link, n.title_hi, n.body_hi, n.audience, n.market_id,
    m.name AS market_name, n.inactive_days, n.state, n.maker_id, mk.username AS maker_username, n.created_at,
    n.counted, n.checker_id, ck.username AS checker_username, n.decided_at, n.decision_reason, n.sent_at,
    n.recipients
  FROM notices n
  ${makerCheckerJoins('n')}
  LEFT JOIN markets m ON m.id = n.market_id`;

export function audienceOf(r: Pick<NoticeSql, 'audience' | 'market_id' | 'inactive_days'>): NoticeAudience {
  switch (r.audience) {
    case 'all':
      return { kind: 'all' };
    case 'market_bidders':
      return { kind: 'market_bidders', market_id: Number(r.market_id) };
    case 'inactive':
      return { kind: 'inactive', days: Number(r.inactive_days) };
  }
}

function answer(r: NoticeSql): Notice {
  return {
    id: Number(r.id),
    title: r.title,
    text: r.body,
    link: r.link,
    title_hi: r.title_hi,
    text_hi: r.body_hi,
    audience: audienceOf(r),
    market_name: r.market_name,
    state: r.state,
    maker: { id: Number(r.maker_id), username: r.maker_username },
    created_at: iso(r.created_at),
    counted: Number(r.counted),
    checker: checkerOf(r),
    decided_at: r.decided_at === null ? null : iso(r.decided_at),
    decision_reason: r.decision_reason,
    sent_at: r.sent_at === null ? null : iso(r.sent_at),
    recipients: r.recipients === null ? null : Number(r.recipients),
  };
}

export async function noticeById(db: Queryable, id: number): Promise<Notice | undefined> {
  const { rows } = await db.query<NoticeSql>(`${SELECT} WHERE n.id = $1`, [id]);
  const row = rows[0];
  return row ? answer(row) : undefined;
}

export async function listNotices(db: Queryable, state: 'pending' | 'sent' | 'all'): Promise<Notice[]> {
  const stored = state === 'pending' ? 'pending_approval' : state === 'sent' ? 'sent' : null;
  const { rows } = await db.query<NoticeSql>(
    `${SELECT} WHERE ($1::text IS NULL OR n.state = $1) ORDER BY n.id DESC LIMIT 200`,
    [stored],
  );
  return rows.map(answer);
}

/** Stores a new notice: sent (with its day and its count so far) or waiting for a second operator. */
export async function insertNotice(
  tx: Queryable,
  d: NoticeDraft,
  o: { makerId: number; now: Date; counted: number; sentDay: string | null },
): Promise<number> {
  const a = d.audience;
  const sent = o.sentDay !== null;
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO notices (title, body, link, title_hi, body_hi, audience, market_id, inactive_days, state,
       maker_id, created_at, counted, sent_day, sent_at, recipients)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::date, $14, $15) RETURNING id`,
    [
      d.title,
      d.text,
      d.link ?? null,
      d.title_hi ?? null,
      d.text_hi ?? null,
      a.kind,
      a.kind === 'market_bidders' ? a.market_id : null,
      a.kind === 'inactive' ? a.days : null,
      sent ? 'sent' : 'pending_approval',
      o.makerId,
      o.now,
      o.counted,
      o.sentDay,
      sent ? o.now : null,
      sent ? o.counted : null,
    ],
  );
  return Number(rows[0]?.id);
}
