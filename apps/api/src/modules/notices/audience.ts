/**
 * Who a notice reaches (decision 037), as one SELECT of player ids per kind of audience, so counting it and
 * delivering to it are the same query: a preview's count is what a send at that moment writes.
 *
 * Every audience leaves out closed and blocked accounts and players on a break they chose (a time-out or a
 * self-exclusion): an offer is the last thing a player who asked for a break should receive.
 */
import type { NoticeAudience } from '@gama/core/endpoints/notices/index';
import { noticeMessages } from '@gama/core/endpoints/notices/index';
import { zonedParts } from '@gama/core/rules/time';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';

const DAY_MS = 86_400_000;

export interface AudienceAt {
  now: Date;
  /** The market time zone: "today" of a market's bidders is its date there. */
  zone: string;
}

export interface AudienceQuery {
  /** `SELECT p.id AS player_id FROM players p WHERE …`, parameters from $1. */
  sql: string;
  params: unknown[];
}

const ELIGIBLE = `p.closed_at IS NULL AND p.blocked_at IS NULL AND (p.break_until IS NULL OR p.break_until <= $1)`;

export function audienceQuery(a: NoticeAudience, at: AudienceAt): AudienceQuery {
  const base = `SELECT p.id AS player_id FROM players p WHERE ${ELIGIBLE}`;
  switch (a.kind) {
    case 'all':
      return { sql: base, params: [at.now] };
    case 'market_bidders':
      // A bid on any draw of the market (open, close, every Starline slot) on today's market date.
      return {
        sql: `${base} AND p.id IN (SELECT b.player_id FROM bids b WHERE b.market_id = $2 AND b.market_date = $3::date)`,
        params: [at.now, a.market_id, zonedParts(at.now, at.zone).date],
      };
    case 'inactive': {
      // No sign-in, no use of a session and no bid since that moment; a player registered since is new, not
      // inactive. A bid placed after `since` belongs to a market day at most a day before it: the bound on
      // `market_date` lets the planner skip the older months of the partitioned bids.
      const since = new Date(at.now.getTime() - a.days * DAY_MS);
      const oldestDay = new Date(since.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
      return {
        sql: `${base} AND p.created_at <= $2
          AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.player_id = p.id AND s.last_seen_at > $2)
          AND NOT EXISTS (SELECT 1 FROM bids b
                           WHERE b.player_id = p.id AND b.market_date >= $3::date AND b.created_at > $2)`,
        params: [at.now, since, oldestDay],
      };
    }
  }
}

/** Refuses a market audience whose market does not exist (before anything is counted or stored). */
export async function checkAudience(db: Queryable, a: NoticeAudience): Promise<void> {
  if (a.kind !== 'market_bidders') return;
  const { rows } = await db.query('SELECT 1 FROM markets WHERE id = $1', [a.market_id]);
  if (rows.length === 0) throw new AppError('NOT_FOUND', noticeMessages.marketNotFound);
}

export async function countAudience(db: Queryable, a: NoticeAudience, at: AudienceAt): Promise<number> {
  const q = audienceQuery(a, at);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${q.sql}) a`, q.params);
  return rows[0]?.n ?? 0;
}

/**
 * Writes the notice's notification for every player of the audience in one statement (the outbox trigger of
 * migration 0060 queues its pushes in the same transaction); answers how many rows it wrote.
 */
export async function deliver(
  tx: Queryable,
  noticeId: number,
  a: NoticeAudience,
  at: AudienceAt,
): Promise<number> {
  const q = audienceQuery(a, at);
  const n = q.params.length;
  const { rowCount } = await tx.query(
    `INSERT INTO notifications (player_id, kind, ref_id, created_at)
     SELECT a.player_id, 'offer', $${n + 1}::bigint, $${n + 2}::timestamptz FROM (${q.sql}) a
     ON CONFLICT (player_id, kind, ref_id) DO NOTHING`,
    [...q.params, noticeId, at.now],
  );
  return rowCount;
}
