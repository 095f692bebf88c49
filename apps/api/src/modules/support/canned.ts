/** The owner's canned replies: a short ordered list, replaced whole, audited before and after. */
import type { CannedReply } from '@gama/core/endpoints/support/index';
import type { Queryable } from '../../db/database.ts';
import { audit } from '../audit/writer.ts';
import type { ActionCtx } from './inbox.ts';

export async function cannedReplies(db: Queryable): Promise<CannedReply[]> {
  const { rows } = await db.query<{ title: string; body: string }>(
    'SELECT title, body FROM support_canned_replies ORDER BY position',
  );
  return rows.map((r) => ({ title: r.title, text: r.body }));
}

export async function replaceCannedReplies(
  tx: Queryable,
  ctx: ActionCtx,
  replies: readonly CannedReply[],
): Promise<CannedReply[]> {
  // Locks the whole list, so two owners saving at once each see the other's list as "before".
  await tx.query('LOCK TABLE support_canned_replies IN EXCLUSIVE MODE');
  const before = await cannedReplies(tx);
  await tx.query('DELETE FROM support_canned_replies');
  await tx.query(
    `INSERT INTO support_canned_replies (position, title, body)
     SELECT n, t, b FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(t, b, n)`,
    [replies.map((r) => r.title), replies.map((r) => r.text)],
  );
  await audit(tx, {
    operatorId: ctx.operator.id,
    action: 'support_canned_update',
    targetType: 'support_canned',
    before,
    after: replies,
    request: ctx.request,
    at: ctx.now,
  });
  return [...replies];
}
