/**
 * Sign-in, one's own sessions and two-factor (own-account.ts), and the owner's management of operators
 * (manage.ts). Every action and every sign-in attempt leaves an audit row, written by those services.
 */
import { endpoints } from '@gama/core/endpoints';
import type { OperatorSelf } from '@gama/core/endpoints/operators/index';
import type { Role } from '@gama/core/operators/permissions';
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
  type Managed<B> = { op: Operator; params: { id: number }; body: B };
  /**
   * A change to another operator (manage.ts), made and audited as `action` in one transaction, answering the
   * operator as it leaves them: the route's handler, and its refusals' audit. `change` runs in the transaction.
   */
  const managing = <B>(action: string, change: (the: Managed<B>, tx: Queryable) => Promise<Change>) =>
    [
      async (ctx: { operator: Operator; params: { id: number }; body: B; request: FastifyRequest }) => {
        const { operator, params, body, request } = ctx;
        const the = { op: operator, params, body };
        const { after } = await manage(deps, { operator, request }, action, params.id, (tx) =>
          change(the, tx),
        );
        return { status: true as const, operator: after };
      },
      refused(action),
    ] as const;

  route(app, endpoints.operatorCreate, async ({ operator, body, request }) => ({
    status: true,
    operator: await create(deps, { operator, request }, body),
  }));

  route(
    app,
    endpoints.operatorDisable,
    ...managing('operator_disable', ({ op, params }, tx) => disableOperator(tx, clock, op.id, params.id)),
  );

  route(
    app,
    endpoints.operatorEnable,
    ...managing('operator_enable', ({ params }, tx) => enableOperator(tx, clock, params.id)),
  );

  route(
    app,
    endpoints.operatorRole,
    ...managing('operator_role', ({ op, params, body }: Managed<{ role: Role }>, tx) =>
      changeRole(tx, clock, op.id, params.id, body.role),
    ),
  );

  route(
    app,
    endpoints.operatorResetPassword,
    async ({ operator, params, body, request }) => {
      // Hashed before the transaction opens, so no lock waits on the hashing.
      const passwordHash = await hashPassword(body.password);
      const { after } = await manage(
        deps,
        { operator, request },
        'operator_reset_password',
        params.id,
        (tx) => resetOperatorPassword(tx, clock, params.id, passwordHash),
      );
      return { status: true, operator: after };
    },
    refused('operator_reset_password'),
  );

  route(
    app,
    endpoints.operatorResetTotp,
    ...managing('operator_reset_totp', ({ op, params }, tx) =>
      resetOperatorTotp(tx, clock, op.id, params.id),
    ),
  );
}
