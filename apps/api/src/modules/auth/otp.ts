/**
 * One-time codes (S1, S2): CSPRNG, stored as a keyed hash bound to (mobile, purpose, bound value),
 * 5-minute life, single use, 5 wrong tries kill a code, resend after 30 s invalidates the old one,
 * at most 5 sends per phone per hour (10 a day) and 20 per IP per hour. A code is never returned or logged.
 *
 * The per-phone caps are kept per source, as sign-in's waits are (decision 030): the addresses the phone's
 * player signed in from (or completed a reset from) each have their own, and every other address shares one.
 * A stranger who spends the phone's sends from anywhere else cannot keep its owner from a reset at home.
 */
import type { OtpPurpose } from '@gama/core/contract/accounts';
import { accountMessages as m } from '@gama/core/contract/messages';
import { codeSmsText } from '@gama/core/contract/sms-messages';
import type { Language } from '@gama/core/contract/languages';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { knownPlayerSource } from './throttle.ts';
import { codeHash, randomCode, randomToken, sameBytes, sha256 } from './tokens.ts';
import type { Queryable } from '../../db/database.ts';

const MINUTE = 60_000;
export const otpLimits = {
  lifetimeMs: 5 * MINUTE,
  resendAfterMs: 30_000,
  maxAttempts: 5,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
  perIpPerHour: 20,
  ticketLifetimeMs: 10 * MINUTE,
} as const;

export interface CodeTarget {
  mobile: string;
  purpose: OtpPurpose;
  /** What the code authorizes beyond the phone, e.g. the UPI number being saved. */
  boundValue?: string;
}

/** The language a registered phone's player chose; English for a phone not registered yet. */
async function storedLanguage(db: Queryable, mobile: string): Promise<Language> {
  const { rows } = await db.query<{ language: Language }>('SELECT language FROM players WHERE mobile = $1', [
    mobile,
  ]);
  return rows[0]?.language ?? 'en';
}

/**
 * `language` is the one the app shows now, when the caller has it (a code asked for before sign-in); otherwise
 * the code is written in the language the player chose last.
 */
export async function issueCode(
  deps: Deps,
  target: CodeTarget,
  ip: string,
  language?: Language,
): Promise<void> {
  const { db, clock, sms, pepper } = deps;
  const bound = target.boundValue ?? '';
  const code = randomCode();
  const id = await db.transaction(async (tx) => {
    // Serializes sends per phone so two parallel requests cannot both slip under the caps.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`otp:${target.mobile}`]);
    const now = clock.now();
    const stats = await sendsCounted(tx, target, ip, now);
    if (stats.last && now.getTime() - stats.last.getTime() < otpLimits.resendAfterMs) {
      throw new AppError('RATE_LIMITED', m.otpWait);
    }
    if (stats.hour >= otpLimits.perPhonePerHour || stats.day >= otpLimits.perPhonePerDay) {
      throw new AppError('RATE_LIMITED', m.otpTooManySends);
    }
    const byIp = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM otp_codes WHERE ip = $1 AND created_at > $2',
      [ip, new Date(now.getTime() - 60 * MINUTE)],
    );
    if ((byIp.rows[0]?.n ?? 0) >= otpLimits.perIpPerHour)
      throw new AppError('RATE_LIMITED', m.otpTooManySends);
    await tx.query(
      `UPDATE otp_codes SET invalidated_at = $3
        WHERE mobile = $1 AND purpose = $2 AND consumed_at IS NULL AND invalidated_at IS NULL`,
      [target.mobile, target.purpose, now],
    );
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO otp_codes (mobile, purpose, bound_value, code_hash, ip, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        target.mobile,
        target.purpose,
        bound,
        codeHash(pepper, [target.mobile, target.purpose, bound, code]),
        ip,
        now,
        new Date(now.getTime() + otpLimits.lifetimeMs),
      ],
    );
    return inserted.rows[0]?.id;
  });
  const text = codeSmsText(code, target.purpose, language ?? (await storedLanguage(db, target.mobile)));
  try {
    await sms.send(target.mobile, text);
  } catch {
    // An undelivered code must not count as usable; it still counts against the send caps.
    await db.query('UPDATE otp_codes SET invalidated_at = $2 WHERE id = $1', [id, clock.now()]);
    throw new AppError('UNAVAILABLE', m.failedToSendOtp);
  }
}

interface SendStats {
  last: Date | null;
  hour: number;
  day: number;
}

/**
 * The sends of the last day that count against this request's caps: from this address when the phone's player
 * knows it, else from every address the player does not know. A day holds a few dozen sends at most (the caps),
 * so each address is judged once here rather than in SQL.
 */
async function sendsCounted(tx: Queryable, target: CodeTarget, ip: string, now: Date): Promise<SendStats> {
  const { rows } = await tx.query<{ ip: string; purpose: OtpPurpose; created_at: Date }>(
    'SELECT ip, purpose, created_at FROM otp_codes WHERE mobile = $1 AND created_at > $2',
    [target.mobile, new Date(now.getTime() - 1440 * MINUTE)],
  );
  const known = new Map<string, boolean>();
  const isKnown = async (address: string) => {
    let answer = known.get(address);
    if (answer === undefined) {
      answer = await knownPlayerSource(tx, target.mobile, address);
      known.set(address, answer);
    }
    return answer;
  };
  const mine = await isKnown(ip);
  const hourAgo = now.getTime() - 60 * MINUTE;
  const stats: SendStats = { last: null, hour: 0, day: 0 };
  for (const row of rows) {
    const counts = mine ? row.ip === ip : !(await isKnown(row.ip));
    if (!counts) continue;
    stats.day++;
    if (row.created_at.getTime() > hourAgo) stats.hour++;
    if (row.purpose === target.purpose && (stats.last === null || row.created_at > stats.last))
      stats.last = row.created_at;
  }
  return stats;
}

export type VerifyOutcome = 'ok' | 'invalid' | 'expired';

/** Checks a code; a wrong guess is counted and committed even though the caller then refuses. */
export async function verifyCode(deps: Deps, target: CodeTarget, code: string): Promise<VerifyOutcome> {
  const { db, clock, pepper } = deps;
  const bound = target.boundValue ?? '';
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; code_hash: Buffer; expires_at: Date; attempts: number }>(
      `SELECT id, code_hash, expires_at, attempts FROM otp_codes
        WHERE mobile = $1 AND purpose = $2 AND consumed_at IS NULL AND invalidated_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      [target.mobile, target.purpose],
    );
    const row = rows[0];
    const now = clock.now();
    if (!row || row.attempts >= otpLimits.maxAttempts) return 'invalid';
    if (now >= row.expires_at) return 'expired';
    const expected = codeHash(pepper, [target.mobile, target.purpose, bound, code]);
    if (!sameBytes(Buffer.from(row.code_hash), expected)) {
      await tx.query(
        `UPDATE otp_codes SET attempts = attempts + 1,
                invalidated_at = CASE WHEN attempts + 1 >= $2 THEN $3::timestamptz ELSE NULL END
          WHERE id = $1`,
        [row.id, otpLimits.maxAttempts, now],
      );
      return 'invalid';
    }
    await tx.query('UPDATE otp_codes SET consumed_at = $2 WHERE id = $1', [row.id, now]);
    return 'ok';
  });
}

/** The bound value of the newest live code, so a resend keeps authorizing the same thing. */
export async function latestBoundValue(
  db: Queryable,
  mobile: string,
  purpose: OtpPurpose,
): Promise<string | null> {
  const { rows } = await db.query<{ bound_value: string }>(
    `SELECT bound_value FROM otp_codes WHERE mobile = $1 AND purpose = $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [mobile, purpose],
  );
  return rows[0]?.bound_value ?? null;
}

export async function issueTicket(deps: Deps, target: CodeTarget): Promise<string> {
  const token = randomToken();
  const now = deps.clock.now();
  await deps.db.query(
    `INSERT INTO flow_tickets (token_hash, mobile, purpose, bound_value, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      sha256(token),
      target.mobile,
      target.purpose,
      target.boundValue ?? '',
      now,
      new Date(now.getTime() + otpLimits.ticketLifetimeMs),
    ],
  );
  return token;
}

/** Uses up a ticket inside the caller's transaction; false when unknown, used, expired or for something else. */
export async function consumeTicket(
  tx: Queryable,
  now: Date,
  target: CodeTarget,
  token: string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE flow_tickets SET used_at = $5
      WHERE token_hash = $1 AND mobile = $2 AND purpose = $3 AND bound_value = $4
        AND used_at IS NULL AND expires_at > $5`,
    [sha256(token), target.mobile, target.purpose, target.boundValue ?? '', now],
  );
  return rowCount === 1;
}
