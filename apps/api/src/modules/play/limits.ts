/**
 * Deposit and stake limits per day, week and month (issue 16). A stricter value applies at once; a looser one
 * (higher, or none) waits 24 hours as `pending_*`, and once its time has come it is the limit in force whether
 * or not the row was rewritten since, so no job has to run at that minute.
 */
import { playMessages } from '@gama/core/contract/play-messages';
import { formatPaise } from '@gama/core/rules/money';
import type { LimitKind, LimitPeriod, PlayLimit } from '@gama/core/rules/responsible-play';
import {
  LIMIT_RAISE_DELAY_MS,
  limitChange,
  limitKinds,
  limitPeriods,
  overPlayLimit,
  periodStart,
  tightestLimit,
} from '@gama/core/rules/responsible-play';
import { zonedParts } from '@gama/core/rules/time';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending_amount: number | null;
  pending_at: Date | null;
}

/** Every kind and period of one player as it stands at `now` (unset ones as no limit), in catalogue order. */
export async function limitsOf(db: Queryable, playerId: number, now: Date): Promise<PlayLimit[]> {
  const { rows } = await db.query<LimitRow>(
    `SELECT kind, period,
            CASE WHEN pending_at <= $2 THEN pending_amount ELSE amount END AS amount,
            CASE WHEN pending_at > $2 THEN pending_amount END AS pending_amount,
            CASE WHEN pending_at > $2 THEN pending_at END AS pending_at
       FROM play_limits WHERE player_id = $1`,
    [playerId, now],
  );
  return limitKinds.flatMap((kind) =>
    limitPeriods.map((period) => {
      const row = rows.find((r) => r.kind === kind && r.period === period);
      return {
        kind,
        period,
        amount: row?.amount ?? null,
        pending: row?.pending_at ? { amount: row.pending_amount, at: row.pending_at } : null,
      };
    }),
  );
}

const USAGE_SOURCES: Record<LimitKind, string> = {
  // A bid's market day is its calendar day or the one before (an overnight market), so the market_date bound
  // lets the player's history index narrow the scan; created_at decides.
  stake: `SELECT amount, created_at FROM bids WHERE player_id = $1 AND market_date >= $5::date - 1`,
  // Every request counts until an operator rejects it (a "gross" deposit limit, UKGC RTS 12 from 2026).
  deposit: `SELECT amount, created_at FROM deposit_requests WHERE player_id = $1 AND status <> 'rejected'`,
};

/**
 * Refuses `amount` (paise) if it would take one of the player's limits of this kind over, naming the tightest
 * one and what is left of it. Call it under the player's account lock (accountsForDebit, or playerAccounts
 * with the lock for a deposit request), so two requests of one player cannot both pass on the same figures.
 */
export async function checkPlayLimit(
  tx: Queryable,
  playerId: number,
  kind: LimitKind,
  amount: number,
  at: { now: Date; timeZone: string },
): Promise<void> {
  const limits = (await limitsOf(tx, playerId, at.now)).filter((l) => l.kind === kind && l.amount !== null);
  if (limits.length === 0) return;
  const today = zonedParts(at.now, at.timeZone).date;
  const week = periodStart('week', today);
  const month = periodStart('month', today);
  const earliest = week < month ? week : month;
  const local = (param: string) => `(${param}::date::timestamp AT TIME ZONE $2)`;
  const { rows } = await tx.query<Record<LimitPeriod, number>>(
    `SELECT coalesce(sum(amount) FILTER (WHERE created_at >= ${local('$3')}), 0)::bigint AS day,
            coalesce(sum(amount) FILTER (WHERE created_at >= ${local('$4')}), 0)::bigint AS week,
            coalesce(sum(amount) FILTER (WHERE created_at >= ${local('$6')}), 0)::bigint AS month
       FROM (${USAGE_SOURCES[kind]}) AS used
      WHERE created_at >= ${local('$5')}`,
    [playerId, at.timeZone, today, week, earliest, month],
  );
  const refusal = playLimitRefusal(kind, limits, rows[0] ?? { day: 0, week: 0, month: 0 }, amount);
  if (refusal) throw refusal;
}

/**
 * The refusal of `amount` (paise) against these limits and what was used of each period, or null: naming the
 * tightest limit and what is left of it. Also words the bid function's refusal (migration 0029).
 */
export function playLimitRefusal(
  kind: LimitKind,
  limits: ReadonlyArray<{ period: LimitPeriod; amount: number | null }>,
  used: Readonly<Record<LimitPeriod, number>>,
  amount: number,
): AppError | null {
  const tightest = tightestLimit(limits, used);
  if (tightest === null || !overPlayLimit(amount, tightest.amount, used[tightest.period])) return null;
  return new AppError(
    'PLAY_LIMIT_REACHED',
    playMessages.limitReached(
      kind,
      tightest.period,
      formatPaise(tightest.amount),
      formatPaise(tightest.left),
    ),
  );
}

export interface LimitChange {
  period: LimitPeriod;
  before: { amount: number | null; pending: PlayLimit['pending'] };
  after: { amount: number | null; pending: PlayLimit['pending'] };
  effect: 'now' | 'later' | 'none';
}

/**
 * Writes the requested limits (paise, null = none) of one kind and answers what changed. A request equal to
 * the value waiting keeps its time (the 24 hours do not start again); one equal to the value in force drops
 * whatever was waiting.
 */
export async function writeLimits(
  tx: Queryable,
  playerId: number,
  kind: LimitKind,
  requested: Readonly<Record<LimitPeriod, number | null>>,
  now: Date,
): Promise<LimitChange[]> {
  const current = (await limitsOf(tx, playerId, now)).filter((l) => l.kind === kind);
  const changes: LimitChange[] = [];
  for (const limit of current) {
    const wanted = requested[limit.period];
    const effect = limitChange(limit.amount, wanted);
    let after: LimitChange['after'];
    if (effect === 'now') after = { amount: wanted, pending: null };
    else if (effect === 'none') after = { amount: limit.amount, pending: null };
    else if (limit.pending && limit.pending.amount === wanted)
      after = { amount: limit.amount, pending: limit.pending };
    else
      after = {
        amount: limit.amount,
        pending: { amount: wanted, at: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS) },
      };
    const before = { amount: limit.amount, pending: limit.pending };
    if (
      after.amount === before.amount &&
      after.pending?.amount === before.pending?.amount &&
      after.pending?.at.getTime() === before.pending?.at.getTime()
    ) {
      continue;
    }
    await tx.query(
      `INSERT INTO play_limits (player_id, kind, period, amount, pending_amount, pending_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (player_id, kind, period) DO UPDATE
         SET amount = EXCLUDED.amount, pending_amount = EXCLUDED.pending_amount,
             pending_at = EXCLUDED.pending_at, updated_at = EXCLUDED.updated_at`,
      [
        playerId,
        kind,
        limit.period,
        after.amount,
        after.pending?.amount ?? null,
        after.pending?.at ?? null,
        now,
      ],
    );
    changes.push({ period: limit.period, before, after, effect });
  }
  return changes;
}
