/**
 * The player's side of the support inbox: their own conversations only (every query names the player, so
 * another player's conversation reads exactly like a missing one), a message rate per player counted from
 * the stored messages under a per-player lock, and a record a conversation is about checked to be theirs.
 */
import type {
  SupportMessage,
  SupportRefType,
  SupportThreadSummary,
} from '@gama/core/endpoints/support/index';
import { SUPPORT_PER_HOUR, SUPPORT_PER_MINUTE, supportMessages } from '@gama/core/endpoints/support/index';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { iso } from '../../lib/paging.ts';
import type { Screenshot } from '../funds/utr.ts';

/** Key space of the per-player advisory lock that makes the rate count and the insert one step. */
const SEND_LOCK = 31_002;

interface ThreadSql {
  id: number;
  ref_type: SupportRefType | null;
  ref_id: number | null;
  status: 'open' | 'closed';
  last_at: Date;
  last_text: string | null;
  unread: number;
}

function summaryOf(r: ThreadSql): SupportThreadSummary {
  return {
    id: Number(r.id),
    ref: r.ref_type === null || r.ref_id === null ? null : { type: r.ref_type, id: Number(r.ref_id) },
    status: r.status,
    last_text: r.last_text ?? '',
    last_at: iso(r.last_at),
    unread: Number(r.unread),
  };
}

const SUMMARY = `SELECT t.id, t.ref_type, t.ref_id, t.status, t.last_at,
       (SELECT CASE WHEN m.body = '' THEN '📷' ELSE m.body END FROM support_messages m
         WHERE m.thread_id = t.id ORDER BY m.id DESC LIMIT 1) AS last_text,
       (SELECT count(*)::int FROM support_messages m
         WHERE m.thread_id = t.id AND m.operator_id IS NOT NULL AND m.id > t.player_read_id) AS unread
  FROM support_threads t`;

export async function playerThreads(db: Queryable, playerId: number): Promise<SupportThreadSummary[]> {
  const { rows } = await db.query<ThreadSql>(
    `${SUMMARY} WHERE t.player_id = $1 ORDER BY t.last_at DESC, t.id DESC LIMIT 100`,
    [playerId],
  );
  return rows.map(summaryOf);
}

export async function playerUnread(db: Queryable, playerId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM support_messages m JOIN support_threads t ON t.id = m.thread_id
      WHERE t.player_id = $1 AND m.operator_id IS NOT NULL AND m.id > t.player_read_id`,
    [playerId],
  );
  return rows[0]?.n ?? 0;
}

interface MessageSql {
  id: number;
  operator_id: number | null;
  username: string | null;
  body: string;
  has_image: boolean;
  created_at: Date;
}

export function messageOf(r: MessageSql, showOperator: boolean): SupportMessage {
  return {
    id: Number(r.id),
    from: r.operator_id === null ? 'player' : 'operator',
    operator: showOperator ? r.username : null,
    text: r.body,
    has_image: r.has_image,
    created_at: iso(r.created_at),
  };
}

export async function threadMessages(
  db: Queryable,
  threadId: number,
  showOperator: boolean,
): Promise<SupportMessage[]> {
  const { rows } = await db.query<MessageSql>(
    `SELECT m.id, m.operator_id, o.username, m.body, m.image IS NOT NULL AS has_image, m.created_at
       FROM support_messages m LEFT JOIN operators o ON o.id = m.operator_id
      WHERE m.thread_id = $1 ORDER BY m.id`,
    [threadId],
  );
  return rows.map((r) => messageOf(r, showOperator));
}

/** One of the player's conversations; reading it marks its replies (and their notifications) read. */
export async function readPlayerThread(
  db: Queryable,
  playerId: number,
  threadId: number,
  now: Date,
): Promise<{ thread: SupportThreadSummary; messages: SupportMessage[] }> {
  const messages = await threadMessages(db, threadId, false);
  const lastReply = messages.filter((m) => m.from === 'operator').at(-1)?.id ?? 0;
  const { rows } = await db.query<ThreadSql>(
    `WITH seen AS (
       UPDATE support_threads SET player_read_id = GREATEST(player_read_id, $3)
        WHERE id = $2 AND player_id = $1 RETURNING id)
     ${SUMMARY} JOIN seen ON seen.id = t.id`,
    [playerId, threadId, lastReply],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', supportMessages.notFound);
  const replyIds = messages.filter((m) => m.from === 'operator').map((m) => m.id);
  if (replyIds.length > 0) {
    await db.query(
      `UPDATE notifications SET read_at = $3 WHERE player_id = $1 AND kind = 'support_reply'
          AND read_at IS NULL AND ref_id = ANY($2::bigint[])`,
      [playerId, replyIds, now],
    );
  }
  // Read before the update committed, the summary still counts the replies just seen.
  return { thread: { ...summaryOf(row), unread: 0 }, messages };
}

/** Refuses a record that is not the player's own, in the words used for one that does not exist. */
export async function assertOwnRecord(
  db: Queryable,
  playerId: number,
  type: SupportRefType,
  id: number,
): Promise<void> {
  const table = { deposit: 'deposit_requests', withdrawal: 'withdraw_requests', bid: 'bids' }[type];
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND player_id = $2 LIMIT 1`, [
    id,
    playerId,
  ]);
  if (rows.length === 0) throw new AppError('NOT_FOUND', supportMessages.recordNotFound);
}

async function assertWithinRate(db: Queryable, playerId: number, now: Date): Promise<void> {
  const { rows } = await db.query<{ minute: number; hour: number }>(
    `SELECT count(*) FILTER (WHERE created_at > $2)::int AS minute, count(*)::int AS hour
       FROM support_messages WHERE player_id = $1 AND operator_id IS NULL AND created_at > $3`,
    [playerId, new Date(now.getTime() - 60_000), new Date(now.getTime() - 3_600_000)],
  );
  const counts = rows[0] ?? { minute: 0, hour: 0 };
  if (counts.minute >= SUPPORT_PER_MINUTE) {
    throw new AppError('RATE_LIMITED', supportMessages.rateMinute, { 'retry-after': '60' });
  }
  if (counts.hour >= SUPPORT_PER_HOUR) {
    throw new AppError('RATE_LIMITED', supportMessages.rateHour, { 'retry-after': '600' });
  }
}

export interface SendInput {
  threadId?: number | undefined;
  ref?: { type: SupportRefType; id: number } | undefined;
  text: string;
}

/**
 * The checks that cost nothing, made before a screenshot is decoded (the costly part, which a stranger's
 * conversation or a player over the rate must not buy); `sendPlayerMessage` makes them again under its lock.
 */
export async function assertSendWelcome(
  db: Queryable,
  playerId: number,
  input: SendInput,
  now: Date,
): Promise<void> {
  await assertWithinRate(db, playerId, now);
  if (input.threadId !== undefined) {
    const { rows } = await db.query('SELECT 1 FROM support_threads WHERE id = $1 AND player_id = $2', [
      input.threadId,
      playerId,
    ]);
    if (rows.length === 0) throw new AppError('NOT_FOUND', supportMessages.notFound);
  } else if (input.ref) {
    await assertOwnRecord(db, playerId, input.ref.type, input.ref.id);
  }
}

/**
 * Writes the player's message: in the conversation named (reopening it when closed), else in their open
 * conversation about the same record (or about nothing), else in a new one.
 */
export async function sendPlayerMessage(
  tx: Queryable,
  playerId: number,
  input: SendInput & { screenshot: Screenshot | undefined },
  now: Date,
): Promise<{ threadId: number; message: SupportMessage }> {
  await tx.query('SELECT pg_advisory_xact_lock($1, ($2::bigint % 2147483647)::int)', [SEND_LOCK, playerId]);
  await assertWithinRate(tx, playerId, now);
  let threadId: number | undefined;
  if (input.threadId !== undefined) {
    const { rows } = await tx.query<{ id: number }>(
      'SELECT id FROM support_threads WHERE id = $1 AND player_id = $2 FOR UPDATE',
      [input.threadId, playerId],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', supportMessages.notFound);
    threadId = Number(rows[0].id);
  } else {
    if (input.ref) await assertOwnRecord(tx, playerId, input.ref.type, input.ref.id);
    const { rows } = await tx.query<{ id: number }>(
      `SELECT id FROM support_threads
        WHERE player_id = $1 AND status = 'open' AND ref_type IS NOT DISTINCT FROM $2
          AND ref_id IS NOT DISTINCT FROM $3::bigint
        ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [playerId, input.ref?.type ?? null, input.ref?.id ?? null],
    );
    threadId = rows[0] ? Number(rows[0].id) : undefined;
  }
  if (threadId === undefined) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO support_threads (player_id, ref_type, ref_id, created_at, last_at, last_from)
       VALUES ($1, $2, $3, $4, $4, 'player') RETURNING id`,
      [playerId, input.ref?.type ?? null, input.ref?.id ?? null, now],
    );
    threadId = Number(rows[0]?.id);
  } else {
    // A player writing in a closed conversation opens it again: the question is not answered.
    await tx.query(
      `UPDATE support_threads SET last_at = $2, last_from = 'player', status = 'open', closed_at = NULL,
              closed_by = NULL WHERE id = $1`,
      [threadId, now],
    );
  }
  const { rows } = await tx.query<MessageSql>(
    `INSERT INTO support_messages (thread_id, player_id, body, image, created_at) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, operator_id, NULL::text AS username, body, image IS NOT NULL AS has_image, created_at`,
    [threadId, playerId, input.text, input.screenshot?.image ?? null, now],
  );
  const row = rows[0];
  if (!row) throw new Error('message not stored');
  return { threadId, message: messageOf(row, false) };
}
