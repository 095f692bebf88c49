/**
 * Phone lookups (sign-in, the registration check, registration, resend, forgot-password, and for a signed-in
 * player the transfer's recipient check and the transfer itself) answer differently for registered and unknown
 * phones, as the spec says they must; so walking a list of numbers through them would tell who plays. They share
 * one budget: each source address, each device that names itself, and each signed-in player gets a number of refused
 * lookups an hour (a sign-in that succeeds, a code that is sent, or a refusal for waiting is given back: those are capped by what
 * they cost, and a crowd behind one carrier address must not run out); past it the answer is 429, and the
 * first refusal of the hour leaves a row in the audit log for operators. Counted before the phone is looked
 * at, under a lock per counter, so concurrent lookups cannot all slip under the cap.
 */
import { accountMessages as m } from '@gama/core/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { audit } from '../audit/writer.ts';

const HOUR = 3_600_000;
/** Generous for people behind one carrier address; far below what listing a number range takes. */
export const LOOKUPS_PER_ADDRESS_HOUR = 60;
/** A device is one person: a retry or two per screen, a few screens. */
export const LOOKUPS_PER_DEVICE_HOUR = 20;
export const LOOKUP_BURST_ACTION = 'phone_lookup_burst';

/** A signed-in player's lookups of other players (the transfer's recipient), from every address together. */
export const LOOKUPS_PER_PLAYER_HOUR = 20;
const PLAYER_KIND = 'lookup_player';

type Source = Pick<FastifyRequest, 'ip' | 'id' | 'headers' | 'log'>;

/** How a route's lookups count, beyond the address and device every lookup counts against. */
export interface LookupCounting {
  /** A signed-in caller: counted against them too, from whatever address. */
  playerId?: number;
  /**
   * Whether an answer without an error stays counted against the player (it cost them nothing: a name shown).
   * Never against the address: a crowd behind one carrier address must not run out.
   */
  keepSuccess?: boolean;
  /** Whether a refusal told nothing, so its count is given back (always so for a wait). */
  toldNothing?: (error: unknown) => boolean;
  /** The refusal's words once the hour's lookups are used. */
  refusal?: (seconds: number) => string;
}

/**
 * Runs `lookup` counted against `request`'s address (and its device, if the body named one, and the signed-in
 * player, if any), or refuses it with 429; by default the count is given back when the lookup answers without
 * an error, since a success cost something (a code sent, the right password).
 */
export async function limitPhoneLookup<T>(
  deps: Pick<Deps, 'db' | 'clock'>,
  request: Source,
  deviceId: string | undefined,
  lookup: () => Promise<T>,
  counting: LookupCounting = {},
): Promise<T> {
  const counted = await countPhoneLookup(deps, request, deviceId, counting);
  const giveBack = (keep?: string) =>
    deps.db.query('DELETE FROM rate_events WHERE id = ANY($1::bigint[])', [
      counted.filter((c) => c.kind !== keep).map((c) => c.id),
    ]);
  try {
    const answer = await lookup();
    await giveBack(counting.keepSuccess ? PLAYER_KIND : undefined);
    return answer;
  } catch (error) {
    // A sign-in made to wait was answered before its phone was looked at: it told nothing.
    const waited = error instanceof AppError && error.code === 'RATE_LIMITED';
    if (waited || counting.toldNothing?.(error)) await giveBack();
    throw error;
  }
}

async function countPhoneLookup(
  deps: Pick<Deps, 'db' | 'clock'>,
  request: Source,
  deviceId: string | undefined,
  counting: LookupCounting,
): Promise<Array<{ id: number; kind: string }>> {
  const { db, clock } = deps;
  const counters: Array<{ kind: string; subject: string; cap: number }> = [
    { kind: 'lookup_ip', subject: request.ip, cap: LOOKUPS_PER_ADDRESS_HOUR },
  ];
  if (deviceId) counters.push({ kind: 'lookup_device', subject: deviceId, cap: LOOKUPS_PER_DEVICE_HOUR });
  if (counting.playerId !== undefined) {
    counters.push({
      kind: 'lookup_player',
      subject: String(counting.playerId),
      cap: LOOKUPS_PER_PLAYER_HOUR,
    });
  }
  const counted = await db.transaction(async (tx) => {
    const keys = counters.map((c) => `${c.kind}:${c.subject}`).sort();
    for (const key of keys) await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
    const now = clock.now();
    const since = new Date(now.getTime() - HOUR);
    for (const c of counters) {
      const { rows } = await tx.query<{ n: number; first: Date | null }>(
        `SELECT count(*)::int AS n, min(at) AS first FROM rate_events WHERE kind = $1 AND subject = $2 AND at > $3`,
        [c.kind, c.subject, since],
      );
      const { n, first } = rows[0] ?? { n: 0, first: null };
      if (n < c.cap || !first) continue;
      // Once an hour per counter: the burst is news to an operator, each further refusal is not.
      const { rows: told } = await tx.query(
        `SELECT 1 FROM audit_log WHERE action = $1 AND target_type = $2 AND target_id = $3 AND created_at > $4
          LIMIT 1`,
        [LOOKUP_BURST_ACTION, c.kind, c.subject, since],
      );
      if (told.length === 0) {
        await audit(tx, {
          operatorId: null,
          action: LOOKUP_BURST_ACTION,
          targetType: c.kind,
          targetId: c.subject,
          detail: { lookups: n, perHour: c.cap, device: deviceId ?? null },
          request,
          at: now,
        });
        request.log.warn({ event: LOOKUP_BURST_ACTION, counter: c.kind, lookups: n }, 'phone lookups capped');
      }
      // Committed with the audit row; the refusal is thrown after.
      return { retryAfter: Math.max(1, Math.ceil((first.getTime() + HOUR - now.getTime()) / 1000)) };
    }
    const { rows } = await tx.query<{ id: number; kind: string }>(
      `INSERT INTO rate_events (kind, subject, at) SELECT kind, subject, $3 FROM unnest($1::text[], $2::text[])
         AS c(kind, subject) RETURNING id, kind`,
      [counters.map((c) => c.kind), counters.map((c) => c.subject), now],
    );
    return { ids: rows };
  });
  if (counted.ids) return counted.ids;
  const seconds = counted.retryAfter;
  const words = counting.refusal ?? m.tooManyAttempts;
  throw new AppError('RATE_LIMITED', words(seconds), { 'retry-after': String(seconds) });
}
