/**
 * Sign-in, one's own sessions and two-factor, and the owner's management of operators. Every action and every
 * sign-in attempt leaves an audit row; changes write theirs in the same transaction as the change.
 */
import { endpoints } from '@gama/core/endpoints';
import type { OperatorSelf } from '@gama/core/endpoints/operators/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { LoginAttempt } from '../auth/throttle.ts';
import { reserveLoginAttempt } from '../auth/throttle.ts';
import { audit } from '../audit/writer.ts';
import { ownerSetting } from '../settings/owner-settings.ts';
import { auditRefusals } from '../audit/refusals.ts';
import type { Change } from './accounts.ts';
import {
  changeRole,
  disableOperator,
  enableOperator,
  listOperators,
  resetOperatorPassword,
  resetOperatorTotp,
} from './accounts.ts';
import { create, manage } from './manage.ts';
import { loginMessages } from '@gama/core/endpoints/operators/index';
import { operatorLogin, totpCodePolicy } from './login.ts';
import type { Operator } from './sessions.ts';
import {
  clearOperatorCookie,
  endOperatorSessions,
  endOwnSession,
  endSession,
  listOwnSessions,
  OPERATOR_IDLE_MS,
  setOperatorCookie,
} from './sessions.ts';
import { dropRecoveryCodes, issueRecoveryCodes } from './recovery.ts';
import { acceptCode, newEnrolment } from './totp.ts';

const idleTimeoutSeconds = OPERATOR_IDLE_MS / 1000;

const self = (op: Operator, totpEnabled: boolean): OperatorSelf => ({
  id: op.id,
  username: op.username,
  role: op.role,
  totp_enabled: totpEnabled,
});

export function operatorRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock, pepper } = deps;
  /** The server's now in the market time zone, so the console's clock never starts from the laptop's. */
  const serverClock = () => ({
    server_time: clock.now().toISOString(),
    time_zone: deps.config.MARKET_TIME_ZONE,
  });
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  route(app, endpoints.operatorLogin, async ({ body, request, reply, isWeb }) => {
    try {
      const signedIn = await operatorLogin(deps, body, meta(request));
      setOperatorCookie(request, reply, signedIn.token, deps.config.COOKIE_SECURE);
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
      return {
        status: true,
        // The console keeps the token only in the HttpOnly cookie; API clients read it here.
        ...(isWeb ? {} : { token: signedIn.token }),
        operator: self(signedIn.operator, signedIn.operator.totpEnabled),
        totp_enrolment_required: signedIn.enrolmentRequired,
        idle_timeout_seconds: idleTimeoutSeconds,
        ...serverClock(),
      };
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
  });

  route(app, endpoints.operatorLogout, async ({ operator, request, reply }) => {
    const op = operator;
    await endSession(db, clock, op.tokenHash);
    clearOperatorCookie(reply);
    await audit(db, { operatorId: op.id, action: 'logout', request, at: clock.now() });
    return { status: true };
  });

  route(app, endpoints.operatorMe, async ({ operator: op }) => {
    return {
      status: true,
      operator: self(op, op.totpEnabled),
      totp_enrolment_required: op.enrolmentRequired,
      idle_timeout_seconds: idleTimeoutSeconds,
      ...serverClock(),
    };
  });

  route(app, endpoints.operatorSessions, async ({ operator }) => {
    const op = operator;
    return { status: true, sessions: await listOwnSessions(db, clock, op.id, op.sessionId) };
  });

  route(app, endpoints.operatorSessionEnd, async ({ operator, params, request, reply }) => {
    const op = operator;
    const ended = await db.transaction(async (tx) => {
      if (!(await endOwnSession(tx, clock, op.id, params.id))) return false;
      await audit(tx, {
        operatorId: op.id,
        action: 'session_end',
        targetType: 'operator_session',
        targetId: params.id,
        request,
        at: clock.now(),
      });
      return true;
    });
    if (!ended) throw new AppError('NOT_FOUND', 'Session not found');
    const current = params.id === op.sessionId;
    if (current) clearOperatorCookie(reply);
    return { status: true, current };
  });

  route(app, endpoints.operatorSessionsEndOthers, async ({ operator, request }) => {
    const op = operator;
    const ended = await db.transaction(async (tx) => {
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
    return { status: true, ended };
  });

  // Two-factor of one's own account.

  route(app, endpoints.totpEnrol, async ({ operator, body, request }) => {
    const op = operator;
    if (op.totpEnabled) throw new AppError('TOTP_ALREADY_ON', 'Two-factor sign-in is already on');
    // A session alone (a stolen one too) must not choose the authenticator that will guard the account.
    const attempt = await codeAttempt(op, request);
    await checkOwnPassword(op, body.password);
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
    return {
      status: true,
      otpauth_uri: enrolment.otpauthUri,
      qr_image: enrolment.qrImage,
      secret: enrolment.secret,
    };
  });

  /** Counts a code attempt against the operator, refusing once they have guessed too often. */
  const codeAttempt = (op: Operator, request: FastifyRequest) =>
    reserveLoginAttempt(db, clock, totpCodePolicy, String(op.id), request.ip);

  /** A wrong password stays counted like a wrong code (checked outside any transaction: Argon2 is slow). */
  async function checkOwnPassword(op: Operator, password: string): Promise<void> {
    const { rows } = await db.query<{ password_hash: string }>(
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
  async function counted(attempt: LoginAttempt, run: (tx: Queryable) => Promise<void>): Promise<void> {
    try {
      await db.transaction(run);
    } catch (error) {
      const guess = error instanceof AppError && error.code === 'INVALID_OTP';
      if (!guess) await attempt.release();
      throw error;
    }
    await attempt.succeeded();
  }

  async function storedTotp(tx: Queryable, id: number) {
    const { rows } = await tx.query<{ totp_secret: string | null; totp_enabled_at: Date | null }>(
      'SELECT totp_secret, totp_enabled_at FROM operators WHERE id = $1 FOR UPDATE',
      [id],
    );
    return rows[0];
  }

  route(app, endpoints.totpConfirm, async ({ operator, body, request }) => {
    const op = operator;
    const attempt = await codeAttempt(op, request);
    let recoveryCodes: string[] = [];
    await counted(attempt, async (tx) => {
      const stored = await storedTotp(tx, op.id);
      if (stored?.totp_enabled_at) throw new AppError('TOTP_ALREADY_ON', 'Two-factor sign-in is already on');
      if (!stored?.totp_secret) {
        throw new AppError('TOTP_NOT_STARTED', 'Start the set-up first: there is no code to confirm yet');
      }
      if (!(await acceptCode(tx, clock, pepper, op.id, stored.totp_secret, body.code))) {
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
    return { status: true, operator: self(op, true), recovery_codes: recoveryCodes };
  });

  route(app, endpoints.totpDisable, async ({ operator, body, request }) => {
    const op = operator;
    if (await ownerSetting(db, 'totp_required')) {
      throw new AppError(
        'TOTP_MANDATORY',
        'Two-factor sign-in is required for every operator; an owner can reset yours if you lost your phone',
      );
    }
    if (!op.totpEnabled) throw new AppError('TOTP_NOT_ON', 'Two-factor sign-in is not on');
    const attempt = await codeAttempt(op, request);
    await checkOwnPassword(op, body.password);
    await counted(attempt, async (tx) => {
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
    return { status: true, operator: self(op, false) };
  });

  // The owner's management of operators.

  route(app, endpoints.operatorsList, async () => ({
    status: true,
    operators: await listOperators(db, clock),
  }));

  /** A refused change leaves an `<action>_refused` row with its code and message (and changes nothing). */
  const refused = (action: string) => ({
    onRefusal: auditRefusals(deps, { action, targetType: 'operator', targetField: 'id', keep: [] }),
  });
  const managed = (
    op: Operator,
    request: FastifyRequest,
    action: string,
    targetId: number,
    change: (tx: Queryable) => Promise<Change>,
  ) => manage(deps, { operator: op, request }, action, targetId, change);

  route(app, endpoints.operatorCreate, async ({ operator, body, request }) => ({
    status: true,
    operator: await create(deps, { operator, request }, body),
  }));

  route(
    app,
    endpoints.operatorDisable,
    async ({ operator, params, request }) => {
      const op = operator;
      const { after } = await managed(op, request, 'operator_disable', params.id, (tx) =>
        disableOperator(tx, clock, op.id, params.id),
      );
      return { status: true, operator: after };
    },
    refused('operator_disable'),
  );

  route(
    app,
    endpoints.operatorEnable,
    async ({ operator, params, request }) => {
      const op = operator;
      const { after } = await managed(op, request, 'operator_enable', params.id, (tx) =>
        enableOperator(tx, clock, params.id),
      );
      return { status: true, operator: after };
    },
    refused('operator_enable'),
  );

  route(
    app,
    endpoints.operatorRole,
    async ({ operator, params, body, request }) => {
      const op = operator;
      const { after } = await managed(op, request, 'operator_role', params.id, (tx) =>
        changeRole(tx, clock, op.id, params.id, body.role),
      );
      return { status: true, operator: after };
    },
    refused('operator_role'),
  );

  route(
    app,
    endpoints.operatorResetPassword,
    async ({ operator, params, body, request }) => {
      const op = operator;
      const passwordHash = await hashPassword(body.password);
      const { after } = await managed(op, request, 'operator_reset_password', params.id, (tx) =>
        resetOperatorPassword(tx, clock, params.id, passwordHash),
      );
      return { status: true, operator: after };
    },
    refused('operator_reset_password'),
  );

  route(
    app,
    endpoints.operatorResetTotp,
    async ({ operator, params, request }) => {
      const op = operator;
      const { after } = await managed(op, request, 'operator_reset_totp', params.id, (tx) =>
        resetOperatorTotp(tx, clock, op.id, params.id),
      );
      return { status: true, operator: after };
    },
    refused('operator_reset_totp'),
  );
}
