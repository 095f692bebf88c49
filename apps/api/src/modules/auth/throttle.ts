/**
 * Login brute-force control (S3): after 5 failures within an hour an account waits 30 s, doubling up to 15 min,
 * rather than a hard lock a stranger could trigger; a source address gets a capped number of failures an hour.
 * Counters live in the database so every API process sees the same numbers.
 *
 * An attempt is counted before the password is checked, under a lock on its account and address, and given
 * back when it succeeds: checking first and counting after would let 50 guesses sent at once all pass the
 * check before any of them was counted.
 */
import { accountMessages as m } from '@gama/core/contract/messages';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';

const HOUR = 3_600_000;
const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 15 * 60_000;

/** Which counters a kind of sign-in uses (rate_events kinds) and how many failures an address gets an hour. */
export interface ThrottlePolicy {
  subjectKind: string;
  ipKind: string;
  ipFailuresPerHour: number;
}

export const playerLoginPolicy: ThrottlePolicy = {
  subjectKind: 'login_mobile',
  ipKind: 'login_ip',
  ipFailuresPerHour: 100,
};

export function lockoutMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/** A counted attempt: it stays a failure unless the caller says it succeeded or did not count. */
export interface LoginAttempt {
  /** Forgets the account's failures and this attempt's count against the address. */
  succeeded(): Promise<void>;
  /** Takes this attempt back entirely (it stopped before it could fail, e.g. a missing second factor). */
  release(): Promise<void>;
}

/**
 * Counts an attempt for `subject` from `ip`, or refuses it with 429 when the account must wait or the
 * address has used its hour. One transaction holding a lock per counter, so concurrent attempts are counted
 * one after the other and no more than the cap get through.
 */
export async function reserveLoginAttempt(
  db: Database,
  clock: Clock,
  policy: ThrottlePolicy,
  subject: string,
  ip: string,
): Promise<LoginAttempt> {
  const ids = await db.transaction(async (tx) => {
    // Locks taken in one order (sorted), so two attempts never wait for each other in a cycle; no kind has
    // a colon, so "kind:subject" names one counter.
    const keys = [`${policy.ipKind}:${ip}`, `${policy.subjectKind}:${subject}`].sort();
    for (const key of keys) await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
    await assertAllowed(tx, clock, policy, subject, ip);
    const at = clock.now();
    const { rows } = await tx.query<{ id: number; kind: string }>(
      `INSERT INTO rate_events (kind, subject, at) VALUES ($1, $2, $5), ($3, $4, $5) RETURNING id, kind`,
      [policy.subjectKind, subject, policy.ipKind, ip, at],
    );
    return rows;
  });
  const ipEvent = ids.filter((r) => r.kind === policy.ipKind).map((r) => r.id);
  const all = ids.map((r) => r.id);
  return {
    async succeeded() {
      await db.query(`DELETE FROM rate_events WHERE (kind = $1 AND subject = $2) OR id = ANY($3::bigint[])`, [
        policy.subjectKind,
        subject,
        ipEvent,
      ]);
    },
    async release() {
      await db.query('DELETE FROM rate_events WHERE id = ANY($1::bigint[])', [all]);
    },
  };
}

async function assertAllowed(
  db: Queryable,
  clock: Clock,
  policy: ThrottlePolicy,
  subject: string,
  ip: string,
): Promise<void> {
  const now = clock.now().getTime();
  const since = new Date(now - HOUR);
  const { rows } = await db.query<{ kind: string; n: number; first: Date; last: Date }>(
    `SELECT kind, count(*)::int AS n, min(at) AS first, max(at) AS last FROM rate_events
      WHERE ((kind = $1 AND subject = $2) OR (kind = $3 AND subject = $4)) AND at > $5
      GROUP BY kind`,
    [policy.subjectKind, subject, policy.ipKind, ip, since],
  );
  for (const row of rows) {
    if (row.kind === policy.ipKind && row.n >= policy.ipFailuresPerHour) {
      // The address may try again once its oldest failure of the hour has aged out.
      const seconds = Math.max(1, Math.ceil((row.first.getTime() + HOUR - now) / 1000));
      throw new AppError('RATE_LIMITED', m.tooManyAttempts(seconds), { 'retry-after': String(seconds) });
    }
    if (row.kind === policy.subjectKind) {
      const waitUntil = row.last.getTime() + lockoutMs(row.n);
      if (now < waitUntil) {
        const seconds = Math.ceil((waitUntil - now) / 1000);
        throw new AppError('RATE_LIMITED', m.tooManyAttempts(seconds), { 'retry-after': String(seconds) });
      }
    }
  }
}
