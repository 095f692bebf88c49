/**
 * The owner's management of operators: each change and its audit row in one transaction (decision 045). A
 * refused change is audited by the route's `onRefusal` (audit/refusals.ts), with the code and the message.
 */
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import type { Actor } from '../audit/writer.ts';
import { audit } from '../audit/writer.ts';
import type { Change } from './accounts.ts';
import { createOperator, operatorById } from './accounts.ts';

/** Runs a change of operator `targetId` and writes its row, before and after, in the same transaction. */
export async function manage(
  deps: Deps,
  who: Actor,
  action: string,
  targetId: number,
  change: (tx: Queryable) => Promise<Change>,
): Promise<Change> {
  return deps.db.transaction(async (tx) => {
    const result = await change(tx);
    await audit(tx, {
      operatorId: who.operator.id,
      action,
      targetType: 'operator',
      targetId,
      before: result.before,
      after: result.after,
      request: who.request,
      at: deps.clock.now(),
    });
    return result;
  });
}

export async function create(
  deps: Deps,
  who: Actor,
  input: Omit<Parameters<typeof createOperator>[1], 'now'>,
): Promise<Awaited<ReturnType<typeof operatorById>>> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const id = await createOperator(tx, { ...input, now: clock.now() });
    const after = await operatorById(tx, clock, id);
    await audit(tx, {
      operatorId: who.operator.id,
      action: 'operator_create',
      targetType: 'operator',
      targetId: id,
      before: null,
      after,
      request: who.request,
      at: clock.now(),
    });
    return after;
  });
}
