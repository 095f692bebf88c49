/**
 * An operator's own account: signing in and out, their sessions and their two-factor. Each action is audited here,
 * by the service that performs it, in the change's transaction where there is one (decision 045); a sign-in
 * attempt leaves a row whether it succeeds or not. The routes (routes.ts) only set and clear the cookie.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { LoginAttempt } from '../auth/throttle.ts';
import { reserveLoginAttempt } from '../auth/throttle.ts';
import { audit } from '../audit/writer.ts';
import { ownerSetting } from '../settings/owner-settings.ts';
import { loginMessages } from '@gama/core/endpoints/operators/index';
import type { SignedInOperator } from './login.ts';
import { operatorLogin, totpCodePolicy } from './login.ts';
import type { OperatorSession } from './sessions.ts';
import { endOperatorSessions, endOwnSession, endSession } from './sessions.ts';
import { dropRecoveryCodes, issueRecoveryCodes } from './recovery.ts';
import { acceptCode, newEnrolment } from './totp.ts';

type Own = Pick<Deps, 'db' | 'clock' | 'pepper'>;

/** A sign-in and its row (`login`, and `totp_recovery_code_used` when a recovery code let it in), or `login_failed`. */
export async function signIn(
  deps: Own,
  body: Parameters<typeof operatorLogin>[1] & { username: string },
  request: FastifyRequest,
): Promise<SignedInOperator> {
  const { db, clock } = deps;
  try {
    const signedIn = await operatorLogin(deps, body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await audit(db, {
      operatorId: signedIn.operator.id,
      action: 'login',
      detail: { session_id: signedIn.sessionId, totp: signedIn.operator.totpEnabled },
      request,
      at: clock.now(),
    });
    if (signedIn.recoveryCodesLeft !== undefined) {
      await audit(db, {
        operatorId: signedIn.operator.id,
        action: 'totp_recovery_code_used',
        targetType: 'operator',
        targetId: signedIn.operator.id,
        after: { recovery_codes_left: signedIn.recoveryCodesLeft },
        request,
        at: clock.now(),
      });
    }
    return signedIn;
  } catch (error) {
    await audit(db, {
      operatorId: null,
      username: body.username,
      action: 'login_failed',
      detail: { code: error instanceof AppError ? error.code : 'INTERNAL' },
      request,
      at: clock.now(),
    });
    throw error;
  }
}

export async function signOut(deps: Own, op: OperatorSession, request: FastifyRequest): Promise<void> {
  await endSession(deps.db, deps.clock, op.tokenHash);
  await audit(deps.db, { operatorId: op.id, action: 'logout', request, at: deps.clock.now() });
}

/** Ends one of one's own sessions; false when there is no such session of theirs. */
export async function endSessionOf(
  deps: Own,
  op: OperatorSession,
  sessionId: number,
  request: FastifyRequest,
) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    if (!(await endOwnSession(tx, clock, op.id, sessionId))) return false;
    await audit(tx, {
      operatorId: op.id,
      action: 'session_end',
      targetType: 'operator_session',
      targetId: sessionId,
      request,
      at: clock.now(),
    });
    return true;
  });
}

/** Ends every session of the operator but this one; answers how many. */
export async function endOtherSessions(
  deps: Own,
  op: OperatorSession,
  request: FastifyRequest,
): Promise<number> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const n = await endOperatorSessions(tx, clock, op.id, op.sessionId);
    await audit(tx, {
      operatorId: op.id,
      action: 'sessions_end_others',
      detail: { ended: n },
      request,
      at: clock.now(),
    });
    return n;
  });
}

/** Counts a code attempt against the operator, refusing once they have guessed too often. */
const codeAttempt = (deps: Own, op: OperatorSession, request: FastifyRequest) =>
  reserveLoginAttempt(deps.db, deps.clock, totpCodePolicy, String(op.id), request.ip);

/** A wrong password stays counted like a wrong code (checked outside any transaction: Argon2 is slow). */
async function checkOwnPassword(deps: Own, op: OperatorSession, password: string): Promise<void> {
  const { rows } = await deps.db.query<{ password_hash: string }>(
    'SELECT password_hash FROM operators WHERE id = $1',
    [op.id],
  );
  if (!(await verifyPassword(rows[0]?.password_hash ?? '', password))) {
    throw new AppError('INVALID_CREDENTIALS', 'Your password is incorrect');
  }
}

/**
 * Runs a code check in a transaction: a wrong code stays counted against the operator, any other refusal
 * (nothing to confirm, already on) gives the attempt back.
 */
async function counted(
  deps: Own,
  attempt: LoginAttempt,
  run: (tx: Queryable) => Promise<void>,
): Promise<void> {
  try {
    await deps.db.transaction(run);
  } catch (error) {
    const guess = error instanceof AppError && error.code === 'INVALID_OTP';
    if (!guess) await attempt.release();
    throw error;
  }
  await attempt.succeeded();
}

async function storedTotp(tx: Queryable, id: number) {
  const { rows } = await tx.query<{ totp_secret: string | null; totp_enabled_at: Date | null }>(
    // NO KEY: the operator's own audit rows and sessions (foreign keys) need not wait for it (accounts.ts).
    'SELECT totp_secret, totp_enabled_at FROM operators WHERE id = $1 FOR NO KEY UPDATE',
    [id],
  );
  return rows[0];
}

/** Starts (or restarts) two-factor set-up after the operator's password: the secret to scan. */
export async function startTotpEnrolment(
  deps: Own,
  op: OperatorSession,
  password: string,
  request: FastifyRequest,
) {
  const { db, clock, pepper } = deps;
  if (op.totpEnabled) throw new AppError('TOTP_ALREADY_ON', 'Two-factor sign-in is already on');
  // A session alone (a stolen one too) must not choose the authenticator that will guard the account.
  const attempt = await codeAttempt(deps, op, request);
  await checkOwnPassword(deps, op, password);
  // Given back, not forgiven: a right password does not wipe the wrong codes counted before it.
  await attempt.release();
  const enrolment = await newEnrolment(pepper, op.username);
  await db.transaction(async (tx) => {
    // A new enrolment replaces one not yet confirmed; a confirmed one is never overwritten here.
    const { rowCount } = await tx.query(
      'UPDATE operators SET totp_secret = $2 WHERE id = $1 AND totp_enabled_at IS NULL',
      [op.id, enrolment.sealed],
    );
    if (rowCount === 0) throw new AppError('TOTP_ALREADY_ON', 'Two-factor sign-in is already on');
    await audit(tx, { operatorId: op.id, action: 'totp_enrol_start', request, at: clock.now() });
  });
  return enrolment;
}

/** Turns two-factor on with a first code; ends the other sessions and issues recovery codes. */
export async function confirmTotp(
  deps: Own,
  op: OperatorSession,
  code: string,
  request: FastifyRequest,
): Promise<string[]> {
  const { clock, pepper } = deps;
  const attempt = await codeAttempt(deps, op, request);
  let recoveryCodes: string[] = [];
  await counted(deps, attempt, async (tx) => {
    const stored = await storedTotp(tx, op.id);
    if (stored?.totp_enabled_at) throw new AppError('TOTP_ALREADY_ON', 'Two-factor sign-in is already on');
    if (!stored?.totp_secret) {
      throw new AppError('TOTP_NOT_STARTED', 'Start the set-up first: there is no code to confirm yet');
    }
    if (!(await acceptCode(tx, clock, pepper, op.id, stored.totp_secret, code))) {
      throw new AppError('INVALID_OTP', loginMessages.totpInvalid);
    }
    await tx.query('UPDATE operators SET totp_enabled_at = $2 WHERE id = $1', [op.id, clock.now()]);
    // Sessions opened before the second factor guarded the account (a stolen one among them) end here.
    const ended = await endOperatorSessions(tx, clock, op.id, op.sessionId);
    await audit(tx, {
      operatorId: op.id,
      action: 'totp_enable',
      targetType: 'operator',
      targetId: op.id,
      before: { totp_enabled: false },
      after: { totp_enabled: true },
      detail: { other_sessions_ended: ended },
      request,
      at: clock.now(),
    });
    recoveryCodes = await issueRecoveryCodes(tx, pepper, op.id, clock.now());
    await audit(tx, {
      operatorId: op.id,
      action: 'totp_recovery_codes_issue',
      targetType: 'operator',
      targetId: op.id,
      after: { recovery_codes: recoveryCodes.length },
      request,
      at: clock.now(),
    });
  });
  return recoveryCodes;
}

/** Turns two-factor off with the password and a code, unless the owner requires it for everyone. */
export async function disableTotp(
  deps: Own,
  op: OperatorSession,
  body: { password: string; code: string },
  request: FastifyRequest,
): Promise<void> {
  const { db, clock, pepper } = deps;
  if (await ownerSetting(db, 'totp_required')) {
    throw new AppError(
      'TOTP_MANDATORY',
      'Two-factor sign-in is required for every operator; an owner can reset yours if you lost your phone',
    );
  }
  if (!op.totpEnabled) throw new AppError('TOTP_NOT_ON', 'Two-factor sign-in is not on');
  const attempt = await codeAttempt(deps, op, request);
  await checkOwnPassword(deps, op, body.password);
  await counted(deps, attempt, async (tx) => {
    const stored = await storedTotp(tx, op.id);
    if (!stored?.totp_enabled_at || !stored.totp_secret) {
      throw new AppError('TOTP_NOT_ON', 'Two-factor sign-in is not on');
    }
    if (!(await acceptCode(tx, clock, pepper, op.id, stored.totp_secret, body.code))) {
      throw new AppError('INVALID_OTP', loginMessages.totpInvalid);
    }
    await tx.query(
      'UPDATE operators SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1',
      [op.id],
    );
    await dropRecoveryCodes(tx, op.id);
    await audit(tx, {
      operatorId: op.id,
      action: 'totp_disable',
      targetType: 'operator',
      targetId: op.id,
      before: { totp_enabled: true },
      after: { totp_enabled: false },
      request,
      at: clock.now(),
    });
  });
}
