/**
 * Login brute-force control (S3): after 5 failures within an hour an account waits 30 s, doubling up to 15 min,
 * rather than a hard lock a stranger could trigger; a source address gets a capped number of failures an hour.
 * Counters live in the database so every API process sees the same numbers.
 *
 * For players the waiting is per phone AND source address (a `pairKind`): a burst of wrong passwords from one
 * address makes that address wait, not the owner on their own phone. Guessing spread over many addresses meets
 * a higher ceiling per phone and hour, which an address that has signed in to that phone before does not meet.
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
  /** Set: the growing waits count per subject and address, and `subjectKind` is a ceiling per hour instead. */
  perSource?: {
    pairKind: string;
    subjectFailuresPerHour: number;
    /** Whether this address has signed in to this subject before (it is then spared the ceiling). */
    knownSource(db: Queryable, subject: string, ip: string): Promise<boolean>;
  };
}

/** Failures per phone and hour, from every address together, before only known addresses may try. */
export const PHONE_FAILURES_PER_HOUR = 20;

export const playerLoginPolicy: ThrottlePolicy = {
  subjectKind: 'login_mobile',
  ipKind: 'login_ip',
  ipFailuresPerHour: 100,
  perSource: {
    pairKind: 'login_pair',
    subjectFailuresPerHour: PHONE_FAILURES_PER_HOUR,
    async knownSource(db, mobile, ip) {
      const { rows } = await db.query(
        `SELECT 1 FROM sessions s JOIN players p ON p.id = s.player_id WHERE p.mobile = $1 AND s.ip = $2 LIMIT 1`,
        [mobile, ip],
      );
      return rows.length > 0;
    },
  },
};

/** One counter's subject for a subject and an address; "|" is in neither a phone nor an address. */
const pairOf = (subject: string, ip: string) => `${subject}|${ip}`;

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
  const counters: Array<[kind: string, subject: string]> = [
    [policy.subjectKind, subject],
    [policy.ipKind, ip],
  ];
  if (policy.perSource) counters.push([policy.perSource.pairKind, pairOf(subject, ip)]);
  const ids = await db.transaction(async (tx) => {
    // Locks taken in one order (sorted), so two attempts never wait for each other in a cycle; no kind has
    // a colon, so "kind:subject" names one counter.
    const keys = counters.map(([kind, of]) => `${kind}:${of}`).sort();
    for (const key of keys) await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
    await assertAllowed(tx, clock, policy, subject, ip);
    const { rows } = await tx.query<{ id: number; kind: string }>(
      `INSERT INTO rate_events (kind, subject, at)
       SELECT kind, of, $3 FROM unnest($1::text[], $2::text[]) AS c(kind, of) RETURNING id, kind`,
      [counters.map((c) => c[0]), counters.map((c) => c[1]), clock.now()],
    );
    return rows;
  });
  const all = ids.map((r) => r.id);
  // What a success forgets: the failures that make this subject wait (per address when counted so), and
  // this attempt; never the other addresses' failures, nor the ceiling's.
  const [waitKind, waitSubject] = policy.perSource
    ? [policy.perSource.pairKind, pairOf(subject, ip)]
    : [policy.subjectKind, subject];
  return {
    async succeeded() {
      await db.query(`DELETE FROM rate_events WHERE (kind = $1 AND subject = $2) OR id = ANY($3::bigint[])`, [
        waitKind,
        waitSubject,
        all,
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
  const perSource = policy.perSource;
  const waitKind = perSource ? perSource.pairKind : policy.subjectKind;
  const waitSubject = perSource ? pairOf(subject, ip) : subject;
  const { rows } = await db.query<{ kind: string; n: number; first: Date; last: Date }>(
    `SELECT kind, count(*)::int AS n, min(at) AS first, max(at) AS last FROM rate_events
      WHERE ((kind = $1 AND subject = $2) OR (kind = $3 AND subject = $4) OR (kind = $5 AND subject = $6))
        AND at > $7
      GROUP BY kind`,
    [policy.subjectKind, subject, policy.ipKind, ip, waitKind, waitSubject, since],
  );
  const refuse = (seconds: number) =>
    new AppError('RATE_LIMITED', m.tooManyAttempts(seconds), { 'retry-after': String(seconds) });
  // The counter may count again once its oldest failure of the hour has aged out.
  const agedOut = (first: Date) => Math.max(1, Math.ceil((first.getTime() + HOUR - now) / 1000));
  for (const row of rows) {
    if (row.kind === policy.ipKind && row.n >= policy.ipFailuresPerHour) throw refuse(agedOut(row.first));
    if (row.kind === waitKind) {
      const waitUntil = row.last.getTime() + lockoutMs(row.n);
      if (now < waitUntil) throw refuse(Math.ceil((waitUntil - now) / 1000));
    }
    if (
      perSource &&
      row.kind === policy.subjectKind &&
      row.n >= perSource.subjectFailuresPerHour &&
      !(await perSource.knownSource(db, subject, ip))
    ) {
      throw refuse(agedOut(row.first));
    }
  }
}
