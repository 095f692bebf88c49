/**
 * Sign-in, one's own sessions and two-factor (own-account.ts), and the owner's management of operators
 * (manage.ts). Every action and every sign-in attempt leaves an audit row, written by those services.
 */
import { endpoints } from '@gama/core/endpoints';
import type { OperatorSelf } from '@gama/core/endpoints/operators/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { hashPassword } from '../auth/passwords.ts';
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
import {
  confirmTotp,
  disableTotp,
  endOtherSessions,
  endSessionOf,
  signIn,
  signOut,
  startTotpEnrolment,
} from './own-account.ts';
import type { Operator } from './sessions.ts';
import { clearOperatorCookie, listOwnSessions, OPERATOR_IDLE_MS, setOperatorCookie } from './sessions.ts';

const idleTimeoutSeconds = OPERATOR_IDLE_MS / 1000;

const self = (op: Operator, totpEnabled: boolean): OperatorSelf => ({
  id: op.id,
  username: op.username,
  role: op.role,
  totp_enabled: totpEnabled,
});

export function operatorRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock } = deps;
  /** The server's now in the market time zone, so the console's clock never starts from the laptop's. */
  const serverClock = () => ({
    server_time: clock.now().toISOString(),
    time_zone: deps.config.MARKET_TIME_ZONE,
  });

  route(app, endpoints.operatorLogin, async ({ body, request, reply, isWeb }) => {
    const signedIn = await signIn(deps, body, request);
    setOperatorCookie(request, reply, signedIn.token, deps.config.COOKIE_SECURE);
    return {
      status: true,
      // The console keeps the token only in the HttpOnly cookie; API clients read it here.
      ...(isWeb ? {} : { token: signedIn.token }),
      operator: self(signedIn.operator, signedIn.operator.totpEnabled),
      totp_enrolment_required: signedIn.enrolmentRequired,
      idle_timeout_seconds: idleTimeoutSeconds,
      ...serverClock(),
    };
  });

  route(app, endpoints.operatorLogout, async ({ operator, request, reply }) => {
    await signOut(deps, operator, request);
    clearOperatorCookie(reply);
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
    if (!(await endSessionOf(deps, operator, params.id, request)))
      throw new AppError('NOT_FOUND', 'Session not found');
    const current = params.id === operator.sessionId;
    if (current) clearOperatorCookie(reply);
    return { status: true, current };
  });

  route(app, endpoints.operatorSessionsEndOthers, async ({ operator, request }) => ({
    status: true,
    ended: await endOtherSessions(deps, operator, request),
  }));

  // Two-factor of one's own account.

  route(app, endpoints.totpEnrol, async ({ operator, body, request }) => {
    const enrolment = await startTotpEnrolment(deps, operator, body.password, request);
    return {
      status: true,
      otpauth_uri: enrolment.otpauthUri,
      qr_image: enrolment.qrImage,
      secret: enrolment.secret,
    };
  });

  route(app, endpoints.totpConfirm, async ({ operator, body, request }) => {
    const recoveryCodes = await confirmTotp(deps, operator, body.code, request);
    return { status: true, operator: self(operator, true), recovery_codes: recoveryCodes };
  });

  route(app, endpoints.totpDisable, async ({ operator, body, request }) => {
    await disableTotp(deps, operator, body, request);
    return { status: true, operator: self(operator, false) };
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
