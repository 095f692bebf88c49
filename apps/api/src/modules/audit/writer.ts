/**
 * S11: one append-only audit row per operator action and per sign-in attempt: who (operator id and username),
 * when, from where (address, user agent, request id), what (action, target, the player it concerns), and the
 * state before and after. This is the one way a row is written (decision 045): the service that performs an
 * action calls it with the transaction that makes the change, so the row commits (or rolls back) with it; a
 * refused action is written by `auditRefusals` (refusals.ts) on its own connection after the refusal.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';

export interface AuditEntry {
  /** null for a failed sign-in (no operator yet) or an action of the system. */
  operatorId: number | null;
  /** The name a failed sign-in tried; filled from the operator otherwise. */
  username?: string;
  /** A verb phrase in snake case: `login`, `login_failed`, `operator_disable`, `deposit_approve`, … */
  action: string;
  targetType?: string;
  targetId?: string | number;
  /** The player the action concerns; taken from the target when the target is a player. */
  playerId?: number;
  /** The state of the target before and after the change (any JSON). */
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping: a reason, an amount, the refusal message. */
  detail?: Record<string, unknown>;
  request: Pick<FastifyRequest, 'ip' | 'id' | 'headers'>;
  at: Date;
}

/** Who acts, as a service that audits needs it: the operator, and the request for its address and id. */
export interface Actor {
  operator: { id: number };
  request: AuditEntry['request'];
}

/**
 * An action's row, ready to be written by the service that performs the action, in the transaction that commits
 * the operator's decision, with what it decided (the ids it made) added to the detail. An action of several
 * transactions (a result's declaration, then its settlement in chunks) writes it in the first, so a crash in the
 * work that follows still leaves the row; one that decides nothing new (a retry) writes it on its own before
 * that work. Written through `audit`, like every row.
 */
export type AuditRow = (db: Queryable, decided?: Record<string, unknown>) => Promise<void>;

/** The `AuditRow` of one action of `who` on a target, with its input kept in the detail. */
export function auditRow(
  who: Actor,
  action: string,
  target: { type: string; id: number },
  input: object,
  now: () => Date,
): AuditRow {
  return (db, decided = {}) =>
    audit(db, {
      operatorId: who.operator.id,
      action,
      targetType: target.type,
      targetId: target.id,
      detail: { ...input, ...decided },
      request: who.request,
      at: now(),
    });
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  const playerId = entry.playerId ?? (entry.targetType === 'player' ? Number(entry.targetId) : undefined);
  const userAgent = entry.request.headers['user-agent'];
  await db.query(
    `INSERT INTO audit_log (operator_id, username, action, target_type, target_id, player_id, detail,
                            before_state, after_state, ip, user_agent, request_id, created_at)
     VALUES ($1, COALESCE($2, (SELECT username FROM operators WHERE id = $1)), $3, $4, $5, $6, $7::jsonb,
             $8::jsonb, $9::jsonb, $10, $11, $12, $13)`,
    [
      entry.operatorId,
      entry.username ?? null,
      entry.action,
      entry.targetType ?? null,
      entry.targetId === undefined ? null : String(entry.targetId),
      playerId !== undefined && Number.isSafeInteger(playerId) ? playerId : null,
      JSON.stringify(entry.detail ?? {}),
      json(entry.before),
      json(entry.after),
      entry.request.ip,
      typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
      entry.request.id,
      entry.at,
    ],
  );
}
