/**
 * Every console change of content (headlines, the slider, the QR image) goes through `changeContent`: the change
 * and its audit row, before and after, commit in one transaction (decision 045), then the player routes see it
 * at once.
 */
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../audit/writer.ts';
import { audit } from '../audit/writer.ts';

export interface ContentTarget {
  type: string;
  id?: string | number;
}

/** The change itself, inside the transaction: its answer, and the content before and after for the row. */
export type ContentWork<T> = (
  tx: Queryable,
  now: Date,
) => Promise<{ result: T; before: unknown; after: unknown }>;

export async function changeContent<T>(
  deps: Pick<Deps, 'db' | 'clock' | 'settings'>,
  who: Actor,
  action: string,
  target: ContentTarget,
  work: ContentWork<T>,
): Promise<T> {
  const now = deps.clock.now();
  const { result } = await deps.db.transaction(async (tx) => {
    const done = await work(tx, now);
    await audit(tx, {
      operatorId: who.operator.id,
      action,
      targetType: target.type,
      ...(target.id !== undefined ? { targetId: target.id } : {}),
      before: done.before,
      after: done.after,
      request: who.request,
      at: now,
    });
    return done;
  });
  deps.settings.invalidate();
  return result;
}
