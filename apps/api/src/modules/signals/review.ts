/**
 * The console's side of the signals: the risk queue, a flag's review (dismiss or confirm, audited), a player's
 * links and flags, and clearing the hold of one waiting withdrawal.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RiskFlag, flagsQuery } from '@gama/core/endpoints/signals/index';
import { signalMessages } from '@gama/core/endpoints/signals/index';
import { withdrawalMessages } from '@gama/core/endpoints/withdrawals/index';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { iso, isoOrNull } from '../../lib/paging.ts';
import { audit } from '../audit/writer.ts';
import { ownerSetting } from '../settings/owner-settings.ts';
import { linksOf } from './links.ts';
import type { FlagKind } from './flags.ts';

/** The operator acting and their request (for the audit row). */
interface Who {
  // Only the id: importing the operators module's type would close a cycle through auth and referrals.
  operator: { id: number };
  request: FastifyRequest;
}

interface FlagSql {
  id: number;
  kind: FlagKind;
  subject_id: number;
  player_ids: number[];
  reason: string;
  first_at: Date;
  last_at: Date;
  status: 'open' | 'dismissed' | 'confirmed';
  created_at: Date;
  reviewed_by: number | null;
  reviewed_by_name: string | null;
  reviewed_at: Date | null;
  review_note: string | null;
  players: { id: number; user_name: string; mobile: string }[];
}

const FLAG_COLUMNS = `f.id, f.kind, f.subject_id, f.player_ids, f.reason, f.first_at, f.last_at, f.status, f.created_at,
       f.reviewed_by, o.username AS reviewed_by_name, f.reviewed_at, f.review_note,
       (SELECT json_agg(json_build_object('id', p.id, 'user_name', p.user_name, 'mobile', p.mobile)
                        ORDER BY array_position(f.player_ids, p.id))
          FROM players p WHERE p.id = ANY (f.player_ids)) AS players`;
const FLAG_FROM = 'risk_flags f LEFT JOIN operators o ON o.id = f.reviewed_by';

/** The most flags one page of the queue shows; the oldest open ones come first. */
const QUEUE_MAX = 200;

function flagOf(r: FlagSql): RiskFlag {
  const players = r.players.map((p) => ({ id: Number(p.id), user_name: p.user_name, mobile: p.mobile }));
  const subject = players.find((p) => p.id === Number(r.subject_id));
  if (!subject) throw new Error(`risk flag ${r.id}: subject ${r.subject_id} is not among its players`);
  return {
    id: Number(r.id),
    kind: r.kind,
    subject,
    players,
    reason: r.reason,
    first_at: iso(r.first_at),
    last_at: iso(r.last_at),
    status: r.status,
    created_at: iso(r.created_at),
    reviewed_by:
      r.reviewed_by === null ? null : { id: Number(r.reviewed_by), username: r.reviewed_by_name ?? '' },
    reviewed_at: isoOrNull(r.reviewed_at),
    review_note: r.review_note,
  };
}

export async function listFlags(
  db: Queryable,
  q: z.output<typeof flagsQuery>,
): Promise<{ flags: RiskFlag[]; open: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<FlagSql>(
      `SELECT ${FLAG_COLUMNS} FROM ${FLAG_FROM}
        WHERE $1 = 'all' OR f.status = $1
        ORDER BY CASE WHEN f.status = 'open' THEN f.id END ASC, f.id DESC LIMIT ${QUEUE_MAX}`,
      [q.status],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM risk_flags WHERE status = 'open'`),
  ]);
  return { flags: rows.map(flagOf), open: count.rows[0]?.n ?? 0 };
}

export async function playerSignals(
  db: Queryable,
  playerId: number,
  now: Date,
): Promise<{
  window_days: number;
  links: { player: { id: number; user_name: string; mobile: string }; reasons: string[] }[];
  flags: RiskFlag[];
}> {
  const { rows: found } = await db.query('SELECT 1 FROM players WHERE id = $1', [playerId]);
  if (found.length === 0) throw new AppError('NOT_FOUND', signalMessages.playerNotFound);
  const links = await linksOf(db, playerId, now);
  const [{ rows: others }, { rows: flags }, windowDays] = await Promise.all([
    db.query<{ id: number; user_name: string; mobile: string }>(
      'SELECT id, user_name, mobile FROM players WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[...links.keys()]],
    ),
    db.query<FlagSql>(
      `SELECT ${FLAG_COLUMNS} FROM ${FLAG_FROM} WHERE $1::bigint = ANY (f.player_ids) ORDER BY f.id DESC LIMIT 100`,
      [playerId],
    ),
    ownerSetting(db, 'signal_link_days'),
  ]);
  return {
    window_days: windowDays,
    links: others.map((p) => ({
      player: { id: Number(p.id), user_name: p.user_name, mobile: p.mobile },
      reasons: (links.get(Number(p.id)) ?? []).map((r) => r.text),
    })),
    flags: flags.map(flagOf),
  };
}

/**
 * Dismiss or confirm an open flag. A dismissal that leaves a player of the flag without any open or confirmed
 * flag clears the holds on that player's waiting withdrawals (the review was the reason to wait); a
 * confirmation keeps them held until an operator clears each one at the withdrawal desk.
 */
export async function reviewFlag(
  deps: Deps,
  who: Who,
  flagId: number,
  input: { decision: 'dismiss' | 'confirm'; note: string },
): Promise<{ flag: RiskFlag; holds_cleared: number }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const { rows } = await tx.query<{ status: string; player_ids: number[]; reviewed_by: number | null }>(
      'SELECT status, player_ids, reviewed_by FROM risk_flags WHERE id = $1 FOR UPDATE',
      [flagId],
    );
    const flag = rows[0];
    if (!flag) throw new AppError('NOT_FOUND', signalMessages.flagNotFound);
    if (flag.status !== 'open') {
      const { rows: by } = await tx.query<{ username: string }>(
        'SELECT username FROM operators WHERE id = $1',
        [flag.reviewed_by],
      );
      throw new AppError(
        'SIGNAL_ALREADY_REVIEWED',
        signalMessages.alreadyReviewed(flag.status, by[0]?.username ?? null),
      );
    }
    const status = input.decision === 'dismiss' ? 'dismissed' : 'confirmed';
    await tx.query(
      `UPDATE risk_flags SET status = $2, reviewed_by = $3, reviewed_at = $4, review_note = $5 WHERE id = $1`,
      [flagId, status, who.operator.id, now, input.note],
    );
    let cleared: { id: number; player_id: number }[] = [];
    if (status === 'dismissed') {
      ({ rows: cleared } = await tx.query<{ id: number; player_id: number }>(
        `UPDATE withdraw_requests r
            SET hold_cleared_by = $2, hold_cleared_at = $3, hold_clear_note = $4
          WHERE r.player_id = ANY ($1::bigint[]) AND r.status = '0' AND r.hold_reason IS NOT NULL
            AND r.hold_cleared_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM risk_flags f
                             WHERE r.player_id = ANY (f.player_ids) AND f.status IN ('open', 'confirmed'))
          RETURNING r.id, r.player_id`,
        [flag.player_ids, who.operator.id, now, `Flag #${flagId} dismissed: ${input.note}`.slice(0, 500)],
      ));
    }
    await audit(tx, {
      operatorId: who.operator.id,
      action: status === 'dismissed' ? 'risk_flag_dismiss' : 'risk_flag_confirm',
      targetType: 'risk_flag',
      targetId: flagId,
      playerId: Number(flag.player_ids[0]),
      before: { status: 'open' },
      after: { status },
      detail: {
        note: input.note,
        players: flag.player_ids.map(Number),
        withdrawal_holds_cleared: cleared.map((c) => Number(c.id)),
      },
      request: who.request,
      at: now,
    });
    const { rows: after } = await tx.query<FlagSql>(
      `SELECT ${FLAG_COLUMNS} FROM ${FLAG_FROM} WHERE f.id = $1`,
      [flagId],
    );
    return { flag: flagOf(after[0] as FlagSql), holds_cleared: cleared.length };
  });
}

/** Clears the risk hold of one waiting withdrawal (audited); the flags stay as they are. */
export async function clearWithdrawalHold(
  deps: Deps,
  who: Who,
  requestId: number,
  note: string,
): Promise<{ id: number; cleared_at: string; already_cleared: boolean }> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      player_id: number;
      status: string;
      hold_reason: string | null;
      hold_cleared_at: Date | null;
    }>(
      'SELECT player_id, status, hold_reason, hold_cleared_at FROM withdraw_requests WHERE id = $1 FOR UPDATE',
      [requestId],
    );
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', withdrawalMessages.notFound);
    if (row.hold_cleared_at !== null)
      return { id: requestId, cleared_at: iso(row.hold_cleared_at), already_cleared: true };
    if (row.hold_reason === null) throw new AppError('WITHDRAWAL_NOT_HELD', withdrawalMessages.notHeld);
    if (row.status !== '0')
      throw new AppError('WITHDRAWAL_HOLD_OF_DECIDED', withdrawalMessages.holdOfDecided);
    const now = deps.clock.now();
    await tx.query(
      `UPDATE withdraw_requests SET hold_cleared_by = $2, hold_cleared_at = $3, hold_clear_note = $4 WHERE id = $1`,
      [requestId, who.operator.id, now, note],
    );
    await audit(tx, {
      operatorId: who.operator.id,
      action: 'withdraw_hold_clear',
      targetType: 'withdraw_request',
      targetId: requestId,
      playerId: Number(row.player_id),
      before: { held: true },
      after: { held: false },
      detail: { note, hold_reason: row.hold_reason },
      request: who.request,
      at: now,
    });
    return { id: requestId, cleared_at: iso(now), already_cleared: false };
  });
}
