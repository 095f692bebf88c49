/**
 * Support messages are kept for the owner's `support_retention_days`; the sweep deletes older ones on the
 * server's clock (a test clock ages them), and with them every conversation left without a message.
 */
import type { Queryable } from '../../db/database.ts';
import { runEvery, type OnError } from '../../lib/every.ts';
import { ownerSetting } from '../settings/owner-settings.ts';

export async function sweepSupport(db: Queryable, now: Date): Promise<{ messages: number; threads: number }> {
  const days = await ownerSetting(db, 'support_retention_days');
  const before = new Date(now.getTime() - days * 86_400_000);
  const { rowCount: messages } = await db.query('DELETE FROM support_messages WHERE created_at < $1', [
    before,
  ]);
  const { rowCount: threads } = await db.query(
    `DELETE FROM support_threads t
      WHERE NOT EXISTS (SELECT 1 FROM support_messages m WHERE m.thread_id = t.id)`,
  );
  return { messages, threads };
}

const SWEEP_EVERY_MS = 60 * 60_000;

/** Sweeps at start-up and hourly. */
export function startSupportSweep(db: Queryable, now: () => Date, onError: OnError): () => void {
  return runEvery(SWEEP_EVERY_MS, () => sweepSupport(db, now()), onError);
}
