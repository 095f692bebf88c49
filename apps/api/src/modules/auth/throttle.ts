/**
 * Login brute-force control (S3): after 5 failures within an hour an account waits 30 s, doubling up to 15 min,
 * rather than a hard lock a stranger could trigger; an IP gets at most 100 failures an hour.
 * Counters live in the database so every API process sees the same numbers.
 */
import { accountMessages as m } from '@gama/core/contract/messages';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';

const HOUR = 3_600_000;
const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 15 * 60_000;
const IP_FAILURES_PER_HOUR = 100;

export function lockoutMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

export async function assertLoginAllowed(
  db: Queryable,
  clock: Clock,
  mobile: string,
  ip: string,
): Promise<void> {
  const now = clock.now().getTime();
  const since = new Date(now - HOUR);
  const { rows } = await db.query<{ kind: string; n: number; last: Date }>(
    `SELECT kind, count(*)::int AS n, max(at) AS last FROM rate_events
      WHERE ((kind = 'login_mobile' AND subject = $1) OR (kind = 'login_ip' AND subject = $2)) AND at > $3
      GROUP BY kind`,
    [mobile, ip, since],
  );
  for (const row of rows) {
    if (row.kind === 'login_ip' && row.n >= IP_FAILURES_PER_HOUR) {
      throw new AppError(
        'RATE_LIMITED',
        m.tooManyAttempts(Math.ceil((row.last.getTime() + HOUR - now) / 1000)),
      );
    }
    if (row.kind === 'login_mobile') {
      const waitUntil = row.last.getTime() + lockoutMs(row.n);
      if (now < waitUntil) {
        const seconds = Math.ceil((waitUntil - now) / 1000);
        throw new AppError('RATE_LIMITED', m.tooManyAttempts(seconds), { 'retry-after': String(seconds) });
      }
    }
  }
}

export async function recordLoginFailure(
  db: Queryable,
  clock: Clock,
  mobile: string,
  ip: string,
): Promise<void> {
  const at = clock.now();
  await db.query(
    `INSERT INTO rate_events (kind, subject, at) VALUES ('login_mobile', $1, $3), ('login_ip', $2, $3)`,
    [mobile, ip, at],
  );
}

export async function clearLoginFailures(db: Queryable, mobile: string): Promise<void> {
  await db.query(`DELETE FROM rate_events WHERE kind = 'login_mobile' AND subject = $1`, [mobile]);
}
