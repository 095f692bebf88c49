/**
 * Sign-in brute-force control (S3, issue 27): failed sign-ins slow the source that sends them and never lock the
 * owner of the phone or username out from another address. Counters live in the database so every API process
 * sees the same numbers.
 *
 * - Per source and target (`pairKind`): after 5 failures within an hour that address waits 30 s for that
 *   account, doubling up to 15 min. Only the address that failed waits.
 * - Per source (`ipKind`): an address gets a capped number of failures an hour, whatever it targets.
 * - Per target, from every address together: past a ceiling an hour (guessing spread over many addresses),
 *   each further attempt from an address that has not signed in to this account before waits a few seconds
 *   after the last failure, the wait growing to two minutes at most. That slows a crowd of addresses to a few
 *   dozen guesses an hour and keeps the owner waiting two minutes at worst, never an hour. An address that has
 *   signed in before, or has just completed a password reset (`trustSource`), is spared.
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
  /**
   * Set: the growing waits count per subject and address, and `subjectKind` counts every address together,
   * past `subjectFailuresPerHour` slowing the addresses that have not signed in to this subject before.
   */
  perSource?: {
    pairKind: string;
    subjectFailuresPerHour: number;
    /** Whether this address has signed in to this subject before (it is then spared the slowing). */
    knownSource(db: Queryable, subject: string, ip: string): Promise<boolean>;
  };
}

/** Failures per phone and hour, from every address together, before unknown addresses are slowed. */
export const PHONE_FAILURES_PER_HOUR = 20;
const TARGET_FIRST_DELAY_MS = 5_000;
const TARGET_MAX_DELAY_MS = 120_000;

/** Kind of the rows that mark an address as trusted for a subject (a completed password reset). */
const TRUSTED_KIND = 'login_trusted';

/** An address that signed in to this subject before, or was trusted for it by a completed reset. */
async function trusted(db: Queryable, subject: string, ip: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM rate_events WHERE kind = $1 AND subject = $2 LIMIT 1', [
    TRUSTED_KIND,
    pairOf(subject, ip),
  ]);
  return rows.length > 0;
}

/** An address the phone's player signed in from, or completed a password reset from. */
export async function knownPlayerSource(db: Queryable, mobile: string, ip: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM sessions s JOIN players p ON p.id = s.player_id WHERE p.mobile = $1 AND s.ip = $2 LIMIT 1`,
    [mobile, ip],
  );
  return rows.length > 0 || trusted(db, mobile, ip);
}

export const playerLoginPolicy: ThrottlePolicy = {
  subjectKind: 'login_mobile',
  ipKind: 'login_ip',
  ipFailuresPerHour: 100,
  perSource: {
    pairKind: 'login_pair',
    subjectFailuresPerHour: PHONE_FAILURES_PER_HOUR,
    knownSource: knownPlayerSource,
  },
};

/**
 * A completed password reset proves the phone: its address is trusted for the phone from now on, and the
 * failures counted against the phone (from every address, the old password's guesses) are forgotten.
 */
export async function trustSource(
  db: Queryable,
  clock: Clock,
  policy: ThrottlePolicy,
  subject: string,
  ip: string,
): Promise<void> {
  const pairKind = policy.perSource?.pairKind;
  await db.query(
    `DELETE FROM rate_events
      WHERE (kind = $1 AND subject = $2) OR (kind = $3 AND left(subject, length($2) + 1) = $2 || '|')`,
    [policy.subjectKind, subject, pairKind ?? ''],
  );
  await db.query('INSERT INTO rate_events (kind, subject, at) VALUES ($1, $2, $3)', [
    TRUSTED_KIND,
    pairOf(subject, ip),
    clock.now(),
  ]);
}

/** One counter's subject for a subject and an address; "|" is in neither a phone nor an address. */
const pairOf = (subject: string, ip: string) => `${subject}|${ip}`;

export function lockoutMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/** How long an unknown address waits after the subject's last failure, `failures` of them this hour. */
export function targetDelayMs(failures: number, ceiling: number): number {
  if (failures < ceiling) return 0;
  return Math.min(TARGET_FIRST_DELAY_MS * 2 ** (failures - ceiling), TARGET_MAX_DELAY_MS);
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
    if (perSource && row.kind === policy.subjectKind) {
      const waitUntil = row.last.getTime() + targetDelayMs(row.n, perSource.subjectFailuresPerHour);
      if (now < waitUntil && !(await perSource.knownSource(db, subject, ip))) {
        throw refuse(Math.ceil((waitUntil - now) / 1000));
      }
    }
  }
}
