/**
 * Operator sign-in: username and password, then the two-factor code once enrolled. Rate-limited per username
 * and per source address with counters that hold under concurrency (auth/throttle.ts); a wrong code counts
 * like a wrong password, a missing one (the first step of a two-step form) does not.
 */
import type { Role } from '@gama/core/operators/permissions';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords.ts';
import type { ThrottlePolicy } from '../auth/throttle.ts';
import { reserveLoginAttempt } from '../auth/throttle.ts';
import { ownerSetting } from '../settings/owner-settings.ts';
import type { Operator } from './sessions.ts';
import { createOperatorSession } from './sessions.ts';
import { spendRecoveryCode } from './recovery.ts';
import { acceptCode } from './totp.ts';
import { loginMessages } from '@gama/core/endpoints/operators/index';

/** Operators share offices and phones' networks less than players do: a tighter cap per address. */
/** Failures per username and hour, from every address together, before unknown addresses are slowed. */
export const OPERATOR_FAILURES_PER_HOUR = 20;

/**
 * One address's failures make that address wait, never the operator at another desk (issue 27): the waits
 * count per username and address, and many addresses together are slowed, not stopped (auth/throttle.ts).
 */
export const operatorLoginPolicy: ThrottlePolicy = {
  subjectKind: 'op_login_user',
  ipKind: 'op_login_ip',
  ipFailuresPerHour: 30,
  perSource: {
    pairKind: 'op_login_pair',
    subjectFailuresPerHour: OPERATOR_FAILURES_PER_HOUR,
    async knownSource(db, username, ip) {
      const { rows } = await db.query(
        `SELECT 1 FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
          WHERE o.username = $1 AND s.ip = $2 LIMIT 1`,
        [username, ip],
      );
      return rows.length > 0;
    },
  },
};

/** Codes typed while signed in (confirming or turning off two-factor) have their own counters. */
export const totpCodePolicy: ThrottlePolicy = {
  subjectKind: 'op_totp_user',
  ipKind: 'op_totp_ip',
  ipFailuresPerHour: 30,
};

export interface SignedInOperator {
  token: string;
  sessionId: number;
  operator: Operator & { totpEnabled: boolean };
  enrolmentRequired: boolean;
  /** Set when a recovery code signed in: how many are left unused. */
  recoveryCodesLeft?: number;
}

export async function operatorLogin(
  deps: Pick<Deps, 'db' | 'clock' | 'pepper'>,
  input: {
    username: string;
    password: string;
    totp?: string | undefined;
    recovery_code?: string | undefined;
  },
  meta: { ip: string; userAgent: string | undefined },
): Promise<SignedInOperator> {
  const { db, clock, pepper } = deps;
  const attempt = await reserveLoginAttempt(db, clock, operatorLoginPolicy, input.username, meta.ip);
  const { rows } = await db.query<{
    id: number;
    username: string;
    role: Role;
    password_hash: string;
    disabled_at: Date | null;
    totp_secret: string | null;
    totp_enabled_at: Date | null;
  }>(
    `SELECT id, username, role, password_hash, disabled_at, totp_secret, totp_enabled_at
       FROM operators WHERE username = $1`,
    [input.username],
  );
  const row = rows[0];
  const passwordOk = row
    ? await verifyPassword(row.password_hash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!row || !passwordOk) throw new AppError('INVALID_CREDENTIALS', loginMessages.invalid);
  if (row.disabled_at !== null) throw new AppError('OPERATOR_DISABLED', loginMessages.disabled);
  const totpEnabled = row.totp_enabled_at !== null && row.totp_secret !== null;
  let recoveryCodesLeft: number | undefined;
  if (totpEnabled) {
    if (input.recovery_code !== undefined) {
      // A wrong recovery code counts as a wrong guess, like a wrong code from the app.
      const left = await spendRecoveryCode(db, pepper, row.id, input.recovery_code, clock.now());
      if (left === null) throw new AppError('INVALID_OTP', loginMessages.recoveryRefused);
      recoveryCodesLeft = left;
    } else if (input.totp === undefined) {
      await attempt.release();
      throw new AppError('TOTP_REQUIRED', loginMessages.totpRequired);
    } else if (!(await acceptCode(db, clock, pepper, row.id, row.totp_secret ?? '', input.totp))) {
      throw new AppError('INVALID_OTP', loginMessages.totpInvalid);
    }
  }
  await attempt.succeeded();
  const session = await createOperatorSession(db, clock, row.id, meta);
  const enrolmentRequired = !totpEnabled && (await ownerSetting(db, 'totp_required'));
  return {
    ...session,
    operator: { id: row.id, username: row.username, role: row.role, totpEnabled },
    enrolmentRequired,
    ...(recoveryCodesLeft === undefined ? {} : { recoveryCodesLeft }),
  };
}
