/**
 * The player's responsible-play settings (issue 16): reading them, changing limits, starting a break, the
 * reality-check interval. Every change is audited in the transaction that makes it (the operator's history).
 */
import { accountMessages } from '@gama/core/contract/messages';
import { pointsToPaise } from '@gama/core/rules/money';
import type {
  BreakKind,
  BreakOption,
  LimitKind,
  LimitPeriod,
  PlayLimit,
} from '@gama/core/rules/responsible-play';
import { breakEnd, breakOptions } from '@gama/core/rules/responsible-play';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { audit } from '../audit/writer.ts';
import { playerAccounts } from '../ledger/accounts.ts';
import { limitsOf, writeLimits } from './limits.ts';

type AuditRequest = Pick<FastifyRequest, 'ip' | 'id' | 'headers'>;

import type { RunningBreak } from './breaks.ts';

export interface PlaySettings {
  limits: PlayLimit[];
  break: RunningBreak | null;
  lastBreak: RunningBreak | null;
  realityCheckMinutes: number;
  dob: string | null;
}

export async function playSettings(db: Queryable, playerId: number, now: Date): Promise<PlaySettings> {
  const { rows } = await db.query<{
    break_kind: BreakKind | null;
    break_until: Date | null;
    reality_check_minutes: number;
    dob: string | null;
  }>(
    `SELECT break_kind, break_until, reality_check_minutes, to_char(dob, 'YYYY-MM-DD') AS dob
       FROM players WHERE id = $1`,
    [playerId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Player not found');
  const lastBreak =
    row.break_kind && row.break_until ? { kind: row.break_kind, until: row.break_until } : null;
  return {
    limits: await limitsOf(db, playerId, now),
    break: lastBreak && lastBreak.until > now ? lastBreak : null,
    lastBreak,
    realityCheckMinutes: row.reality_check_minutes,
    dob: row.dob,
  };
}

const paiseOrNull = (points: number | null) => (points === null ? null : pointsToPaise(points));

export async function changeLimits(
  deps: Deps,
  playerId: number,
  kind: LimitKind,
  points: Readonly<Record<LimitPeriod, number | null>>,
  request: AuditRequest,
): Promise<PlaySettings> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const now = clock.now();
    // One player's changes take turns, so each decides on the figures the previous one left.
    await tx.query('SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE', [playerId]);
    const requested = {
      day: paiseOrNull(points.day),
      week: paiseOrNull(points.week),
      month: paiseOrNull(points.month),
    };
    for (const change of await writeLimits(tx, playerId, kind, requested, now)) {
      await audit(tx, {
        operatorId: null,
        action: 'play_limit_change',
        targetType: 'player',
        targetId: playerId,
        before: change.before,
        after: change.after,
        detail: { kind, period: change.period, effect: change.effect },
        request,
        at: now,
      });
    }
    return playSettings(tx, playerId, now);
  });
}

/**
 * Starts a time-out or self-exclusion. It takes the wallet lock first, as an operator's flag change does
 * (decision 010), so a bid in flight either committed before the break or reads it and is refused. A break
 * can only be lengthened: asking for one that would end sooner than the running one changes nothing.
 */
export async function startBreak(
  deps: Deps,
  playerId: number,
  option: BreakOption,
  request: AuditRequest,
): Promise<{ settings: PlaySettings; started: RunningBreak }> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const now = clock.now();
    await playerAccounts(tx, playerId, true);
    // A closure that won the wallet lock has already kept (or not) the break for the phone; one started on
    // the closed row would bind nothing.
    const { rows: open } = await tx.query('SELECT 1 FROM players WHERE id = $1 AND closed_at IS NULL', [
      playerId,
    ]);
    if (open.length === 0) throw new AppError('UNAUTHENTICATED', accountMessages.sessionExpired);
    const before = await playSettings(tx, playerId, now);
    const wanted: RunningBreak = { kind: breakOptions[option].kind, until: breakEnd(option, now) };
    if (before.break && before.break.until >= wanted.until)
      return { settings: before, started: before.break };
    await tx.query('UPDATE players SET break_kind = $2, break_until = $3 WHERE id = $1', [
      playerId,
      wanted.kind,
      wanted.until,
    ]);
    await audit(tx, {
      operatorId: null,
      action: 'play_break_start',
      targetType: 'player',
      targetId: playerId,
      before: before.break,
      after: wanted,
      detail: { option },
      request,
      at: now,
    });
    return { settings: await playSettings(tx, playerId, now), started: wanted };
  });
}

export async function setRealityCheck(
  deps: Deps,
  playerId: number,
  minutes: number,
  request: AuditRequest,
): Promise<PlaySettings> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const { rows } = await tx.query<{ before: number }>(
      'SELECT reality_check_minutes AS before FROM players WHERE id = $1 FOR NO KEY UPDATE',
      [playerId],
    );
    const before = rows[0]?.before;
    if (before !== undefined && before !== minutes) {
      await tx.query('UPDATE players SET reality_check_minutes = $2 WHERE id = $1', [playerId, minutes]);
      await audit(tx, {
        operatorId: null,
        action: 'play_reality_check_change',
        targetType: 'player',
        targetId: playerId,
        before: { minutes: before },
        after: { minutes },
        request,
        at: now,
      });
    }
    return playSettings(tx, playerId, now);
  });
}

/** Time and net result (winnings less stakes, paise) since the session with this token hash signed in. */
export async function realityCheck(
  db: Queryable,
  playerId: number,
  sessionHash: Buffer,
): Promise<{ signedInAt: Date; net: number; intervalMinutes: number }> {
  const { rows } = await db.query<{ created_at: Date; net: number; interval: number }>(
    `SELECT s.created_at, p.reality_check_minutes AS interval,
            (SELECT coalesce(sum(e.amount), 0)::bigint
               FROM accounts a JOIN entries e ON e.account_id = a.id JOIN journals j ON j.id = e.journal_id
              WHERE a.player_id = $1 AND a.kind = 'wallet' AND j.kind IN ('bid', 'win', 'win_reversal')
                AND j.created_at >= s.created_at) AS net
       FROM sessions s JOIN players p ON p.id = s.player_id
      WHERE s.token_hash = $2 AND s.player_id = $1`,
    [playerId, sessionHash],
  );
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHENTICATED', accountMessages.sessionExpired);
  return { signedInAt: row.created_at, net: row.net, intervalMinutes: row.interval };
}
