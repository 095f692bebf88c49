/**
 * The console's side of the support inbox: the queue (unassigned, mine, all; open or closed), one
 * conversation, and the operator's actions on it (reply, assign, close, reopen), each audited in the
 * transaction that makes it. The audit keeps who did what to which conversation, never the words: messages
 * go when the retention period ends, and the append-only audit log must not keep them longer.
 */
import type { InboxRow, SupportRefType } from '@gama/core/endpoints/support/index';
import { supportMessages } from '@gama/core/endpoints/support/index';
import { can, isRole } from '@gama/core/operators/permissions';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { iso } from '../../lib/paging.ts';
import { audit } from '../audit/writer.ts';
import { addNotification } from '../notifications/service.ts';
import type { Operator } from '../operators/sessions.ts';
import { threadMessages } from './player-threads.ts';

interface RowSql {
  id: number;
  player_id: number;
  user_name: string;
  mobile: string;
  ref_type: SupportRefType | null;
  ref_id: number | null;
  status: 'open' | 'closed';
  assigned_to: number | null;
  assignee: string | null;
  last_text: string | null;
  last_at: Date;
  last_from: 'player' | 'operator';
  created_at: Date;
  first_response_at: Date | null;
  closed_at: Date | null;
}

const SELECT = `SELECT t.id, t.player_id, p.user_name, p.mobile, t.ref_type, t.ref_id, t.status, t.assigned_to,
       o.username AS assignee, t.last_at, t.last_from, t.created_at, t.first_response_at, t.closed_at,
       (SELECT CASE WHEN m.body = '' THEN '📷' ELSE m.body END FROM support_messages m
         WHERE m.thread_id = t.id ORDER BY m.id DESC LIMIT 1) AS last_text
  FROM support_threads t JOIN players p ON p.id = t.player_id LEFT JOIN operators o ON o.id = t.assigned_to`;

function rowOf(r: RowSql): InboxRow {
  return {
    id: Number(r.id),
    player: { id: Number(r.player_id), user_name: r.user_name, mobile: r.mobile },
    ref: r.ref_type === null || r.ref_id === null ? null : { type: r.ref_type, id: Number(r.ref_id) },
    status: r.status,
    assignee: r.assigned_to === null ? null : { id: Number(r.assigned_to), username: r.assignee ?? '' },
    last_text: (r.last_text ?? '').slice(0, 140),
    last_at: iso(r.last_at),
    waiting: r.last_from === 'player' && r.status === 'open',
    created_at: iso(r.created_at),
  };
}

export async function inbox(
  db: Queryable,
  operatorId: number,
  q: { box: 'unassigned' | 'mine' | 'all'; status: 'open' | 'closed'; page: number; page_size: number },
): Promise<{ rows: InboxRow[]; total: number }> {
  const where = `t.status = $1 AND ($2 = 'all' OR ($2 = 'unassigned' AND t.assigned_to IS NULL)
                 OR ($2 = 'mine' AND t.assigned_to = $3))`;
  // Open: whoever has waited longest first; closed: the latest first.
  const order =
    q.status === 'open' ? `(t.last_from = 'player') DESC, t.last_at ASC, t.id` : 't.last_at DESC, t.id DESC';
  const [{ rows }, { rows: count }] = await Promise.all([
    db.query<RowSql>(`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`, [
      q.status,
      q.box,
      operatorId,
      q.page_size,
      (q.page - 1) * q.page_size,
    ]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_threads t WHERE ${where}`, [
      q.status,
      q.box,
      operatorId,
    ]),
  ]);
  return { rows: rows.map(rowOf), total: count[0]?.n ?? 0 };
}

export async function inboxThread(db: Queryable, threadId: number) {
  const { rows } = await db.query<RowSql>(`${SELECT} WHERE t.id = $1`, [threadId]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', supportMessages.notFound);
  return {
    status: true as const,
    thread: {
      ...rowOf(row),
      first_response_at: row.first_response_at === null ? null : iso(row.first_response_at),
      closed_at: row.closed_at === null ? null : iso(row.closed_at),
    },
    messages: await threadMessages(db, threadId, true),
  };
}

interface Locked {
  player_id: number;
  status: 'open' | 'closed';
  assigned_to: number | null;
}

async function lockThread(tx: Queryable, threadId: number): Promise<Locked> {
  const { rows } = await tx.query<Locked>(
    'SELECT player_id, status, assigned_to FROM support_threads WHERE id = $1 FOR UPDATE',
    [threadId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', supportMessages.notFound);
  return {
    ...row,
    player_id: Number(row.player_id),
    assigned_to: row.assigned_to === null ? null : Number(row.assigned_to),
  };
}

export interface ActionCtx {
  operator: Operator;
  request: Pick<FastifyRequest, 'ip' | 'id' | 'headers'>;
  now: Date;
}

const target = (threadId: number, playerId: number) => ({
  targetType: 'support_thread',
  targetId: threadId,
  playerId,
});

/** Answers the player: a message, a notification that reaches their open app, the first response timed. */
export async function reply(tx: Queryable, ctx: ActionCtx, threadId: number, text: string): Promise<void> {
  const t = await lockThread(tx, threadId);
  if (t.status === 'closed') throw new AppError('THREAD_CLOSED', supportMessages.closed);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO support_messages (thread_id, player_id, operator_id, body, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [threadId, t.player_id, ctx.operator.id, text, ctx.now],
  );
  const messageId = Number(rows[0]?.id);
  await tx.query(
    `UPDATE support_threads SET last_at = $3, last_from = 'operator',
            first_response_at = COALESCE(first_response_at, $3),
            first_response_by = COALESCE(first_response_by, $2),
            assigned_to = COALESCE(assigned_to, $2)
      WHERE id = $1`,
    [threadId, ctx.operator.id, ctx.now],
  );
  // No text in the notification: it is kept 30 days, which may outlive the messages' retention.
  await addNotification(tx, { playerId: t.player_id, kind: 'support_reply', refId: messageId, at: ctx.now });
  await audit(tx, {
    operatorId: ctx.operator.id,
    action: 'support_reply',
    ...target(threadId, t.player_id),
    detail: { message_id: messageId, characters: text.length },
    request: ctx.request,
    at: ctx.now,
  });
}

export async function assign(
  tx: Queryable,
  ctx: ActionCtx,
  threadId: number,
  operatorId: number,
): Promise<void> {
  const { rows: ops } = await tx.query<{ role: string; username: string }>(
    'SELECT role, username FROM operators WHERE id = $1 AND disabled_at IS NULL',
    [operatorId],
  );
  const assignee = ops[0];
  if (!assignee || !isRole(assignee.role) || !can(assignee.role, 'support.reply')) {
    throw new AppError('ASSIGNEE_INVALID', supportMessages.assigneeInvalid);
  }
  const t = await lockThread(tx, threadId);
  await tx.query('UPDATE support_threads SET assigned_to = $2 WHERE id = $1', [threadId, operatorId]);
  await audit(tx, {
    operatorId: ctx.operator.id,
    action: 'support_assign',
    ...target(threadId, t.player_id),
    before: { assigned_to: t.assigned_to },
    after: { assigned_to: operatorId },
    detail: { assignee: assignee.username },
    request: ctx.request,
    at: ctx.now,
  });
}

export async function setOpen(tx: Queryable, ctx: ActionCtx, threadId: number, open: boolean): Promise<void> {
  const t = await lockThread(tx, threadId);
  if (open && t.status === 'open') throw new AppError('THREAD_ALREADY_OPEN', supportMessages.alreadyOpen);
  if (!open && t.status === 'closed')
    throw new AppError('THREAD_ALREADY_CLOSED', supportMessages.alreadyClosed);
  await tx.query(
    open
      ? `UPDATE support_threads SET status = 'open', closed_at = NULL, closed_by = NULL WHERE id = $1`
      : `UPDATE support_threads SET status = 'closed', closed_at = $2, closed_by = $3 WHERE id = $1`,
    open ? [threadId] : [threadId, ctx.now, ctx.operator.id],
  );
  await audit(tx, {
    operatorId: ctx.operator.id,
    action: open ? 'support_reopen' : 'support_close',
    ...target(threadId, t.player_id),
    before: { status: t.status },
    after: { status: open ? 'open' : 'closed' },
    request: ctx.request,
    at: ctx.now,
  });
}

/** Enabled operators whose role answers support: who a conversation may be given to. */
export async function supportOperators(db: Queryable): Promise<{ id: number; username: string }[]> {
  const { rows } = await db.query<{ id: number; username: string; role: string }>(
    'SELECT id, username, role FROM operators WHERE disabled_at IS NULL ORDER BY username',
  );
  return rows
    .filter((r) => isRole(r.role) && can(r.role, 'support.reply'))
    .map((r) => ({ id: Number(r.id), username: r.username }));
}
