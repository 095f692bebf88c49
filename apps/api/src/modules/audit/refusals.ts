/**
 * The audit rows of refused operator actions. A refusal changed nothing and its transaction rolled back, so it
 * cannot be written where the action's own row is; the route hands every refusal of an audited action here
 * (`route(…, { onRefusal })`), those refused before the handler ran (no permission, a malformed body) and those
 * the service refused, so each is written once, with the code and message the operator saw.
 */
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { RefusalHook } from '../../http/route.ts';
import { audit } from './writer.ts';

export interface RefusedAction {
  /** The action's name; the row is `<action>_refused`. */
  action: string;
  targetType: string;
  /** The body field that names the target (`market_id`), or the path parameter (`id`). */
  targetField: string;
  /** The body fields kept in the row (all when not given; an import's CSV is not kept). */
  keep?: readonly string[];
}

export function auditRefusals(deps: { db: Database; clock: Clock }, refused: RefusedAction): RefusalHook {
  return async ({ operator, request, raw, params }, refusal) => {
    const body = refused.keep
      ? Object.fromEntries(refused.keep.filter((k) => k in raw).map((k) => [k, raw[k]]))
      : raw;
    await audit(deps.db, {
      operatorId: operator.id,
      action: `${refused.action}_refused`,
      targetType: refused.targetType,
      // A path parameter is as the caller sent it (a refused `%00` among them): PostgreSQL takes no NUL in text.
      targetId: String(raw[refused.targetField] ?? params[refused.targetField]).replaceAll('\0', ''),
      detail: { ...body, code: refusal.code, msg: refusal.msg },
      request,
      at: deps.clock.now(),
    });
  };
}
