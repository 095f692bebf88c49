/**
 * The player's notifications: written by the transaction of the event they report (so a rolled-back event has
 * none, and the unique key on player, kind and reference makes a second report of one event a no-op), read
 * by the owner only, kept NOTIFICATION_DAYS days.
 */
import type { NotificationKind } from '@gama/core/endpoints/notifications/index';
import { NOTIFICATION_DAYS } from '@gama/core/endpoints/notifications/index';
import type { z } from 'zod';
import type { notificationRow } from '@gama/core/endpoints/notifications/index';
import type { Queryable } from '../../db/database.ts';
import { runEvery, type OnError } from '../../lib/every.ts';
import { iso } from '../../lib/paging.ts';

export type NotificationRow = z.output<typeof notificationRow>;

export interface NewNotification {
  playerId: number;
  kind: NotificationKind;
  refId: number;
  amountPaise?: number | null;
  market?: string | null;
  detail?: string | null;
  at: Date;
}

/** Records one event in the caller's transaction. */
export async function addNotification(tx: Queryable, n: NewNotification): Promise<void> {
  await tx.query(
    `INSERT INTO notifications (player_id, kind, ref_id, amount, market, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (player_id, kind, ref_id) DO NOTHING`,
    [n.playerId, n.kind, n.refId, n.amountPaise ?? null, n.market ?? null, n.detail ?? null, n.at],
  );
}

/**
 * Tells every player whose bids a result revision decides that it was declared, in the declaring transaction:
 * one set-based statement, so a draw with thousands of players costs one round trip.
 */
export async function notifyDeclared(
  tx: Queryable,
  r: { resultId: number; marketId: number; marketDate: string; half: string; value: string; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO notifications (player_id, kind, ref_id, market, detail, created_at)
     SELECT DISTINCT b.player_id, 'result', $1::bigint, m.name, $5, $6::timestamptz
       FROM bids b JOIN markets m ON m.id = b.market_id
      WHERE b.market_id = $2 AND b.market_date = $3::date AND b.settle_half = $4
     ON CONFLICT (player_id, kind, ref_id) DO NOTHING`,
    [r.resultId, r.marketId, r.marketDate, r.half, r.value, r.at],
  );
}

interface RowSql {
  id: number;
  kind: NotificationKind;
  amount: number | null;
  market: string | null;
  detail: string | null;
  created_at: Date;
  read_at: Date | null;
  /** An operator's notice (kind `offer`, decision 037). */
  title: string | null;
  body: string | null;
  title_hi: string | null;
  body_hi: string | null;
  link: string | null;
}

/** The rows with their notices' words; `n` is the notification, the player's rows only. */
const FROM = `SELECT n.id, n.kind, n.amount, n.market, n.detail, n.created_at, n.read_at, o.title, o.body,
    o.title_hi, o.body_hi, o.link
  FROM notifications n
  LEFT JOIN notices o ON n.kind = 'offer' AND o.id = n.ref_id`;

export function rowOf(r: RowSql): NotificationRow {
  const row: NotificationRow = {
    id: Number(r.id),
    kind: r.kind,
    amount_paise: r.amount === null ? null : Number(r.amount),
    market: r.market,
    detail: r.detail,
    created_at: iso(r.created_at),
    read: r.read_at !== null,
  };
  if (r.kind !== 'offer' || r.title === null || r.body === null) return row;
  return {
    ...row,
    notice: { title: r.title, text: r.body, title_hi: r.title_hi, text_hi: r.body_hi, link: r.link },
  };
}

/** The oldest instant still kept: anything older is gone for the player even before the purge removes it. */
export function keptSince(now: Date): Date {
  return new Date(now.getTime() - NOTIFICATION_DAYS * 86_400_000);
}

export async function unreadCount(db: Queryable, playerId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications
      WHERE player_id = $1 AND read_at IS NULL AND created_at >= $2`,
    [playerId, keptSince(now)],
  );
  return rows[0]?.n ?? 0;
}

/** A page, newest first: rows below `before` (an id), one more than asked to learn whether a next page exists. */
export async function listNotifications(
  db: Queryable,
  playerId: number,
  page: { before?: number | undefined; limit: number },
  now: Date,
): Promise<{ rows: NotificationRow[]; nextBefore: number | null }> {
  const { rows } = await db.query<RowSql>(
    `${FROM}
      WHERE n.player_id = $1 AND n.created_at >= $2 AND ($3::bigint IS NULL OR n.id < $3)
      ORDER BY n.id DESC LIMIT $4`,
    [playerId, keptSince(now), page.before ?? null, page.limit + 1],
  );
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit).map(rowOf);
  return { rows: shown, nextBefore: more ? (shown.at(-1)?.id ?? null) : null };
}

/** New rows for a stream: the player's rows after `afterId`, oldest first. */
export async function notificationsAfter(
  db: Queryable,
  playerId: number,
  afterId: number,
  now: Date,
  limit = 100,
): Promise<NotificationRow[]> {
  const { rows } = await db.query<RowSql>(
    `${FROM}
      WHERE n.player_id = $1 AND n.id > $2 AND n.created_at >= $3 ORDER BY n.id LIMIT $4`,
    [playerId, afterId, keptSince(now), limit],
  );
  return rows.map(rowOf);
}

/** The id a new stream starts after when it resumes nothing: the player's newest row, or 0. */
export async function latestId(db: Queryable, playerId: number): Promise<number> {
  const { rows } = await db.query<{ id: number | null }>(
    'SELECT max(id) AS id FROM notifications WHERE player_id = $1',
    [playerId],
  );
  return Number(rows[0]?.id ?? 0);
}

/** Marks the player's own rows read (the ids given, or all); another player's ids match nothing. */
export async function markRead(
  db: Queryable,
  playerId: number,
  ids: readonly number[] | undefined,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE notifications SET read_at = $3
      WHERE player_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
    [playerId, ids === undefined ? null : [...ids], now],
  );
}

/** Deletes what is older than the keeping period; answers how many rows went. */
export async function purgeNotifications(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM notifications WHERE created_at < $1', [keptSince(now)]);
  return rowCount;
}

const PURGE_EVERY_MS = 60 * 60_000;

/** Purges at start-up and hourly; the clock decides what is old, so a test clock can age rows. */
export function startNotificationPurge(db: Queryable, now: () => Date, onError: OnError): () => void {
  return runEvery(PURGE_EVERY_MS, () => purgeNotifications(db, now()), onError);
}
