import {
  changePasswordRequest,
  checkMobileRequest,
  forgotCheckRequest,
  forgotPasswordRequest,
  loginRequest,
  profileUpdateRequest,
  registerRequest,
  resendOtpRequest,
  verifyForgotOtpRequest,
} from '@gama/core/contract/accounts';
import type { OkResponse, ResetTicketResponse, SessionResponse } from '@gama/core/contract/accounts';
import { accountMessages as m } from '@gama/core/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../http/legacy.ts';
import { legacyRoute } from '../../http/legacy.ts';
import { cacheKey } from './session-cache.ts';
import type { ClientMeta, SignedIn } from './service.ts';
import * as accounts from './service.ts';
import {
  clearSessionCookie,
  resolveSession,
  revokeSession,
  sessionTokenFrom,
  setSessionCookie,
} from './sessions.ts';

function meta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function authRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const secureCookie = deps.config.COOKIE_SECURE;

  function signedIn(ctx: Ctx<unknown>, session: SignedIn, msg: string): SessionResponse {
    setSessionCookie(ctx.request, ctx.reply, session.token, secureCookie);
    const response: SessionResponse = {
      status: true,
      msg,
      user_name: session.userName,
      mobile: session.mobile,
      betting_status: session.bettingStatus,
    };
    // Legacy clients read the token from the body; the web app keeps it only in the HttpOnly cookie.
    if (!ctx.isWeb) response.unique_token = session.token;
    return response;
  }

  legacyRoute(app, '/api-user-login', { auth: 'public', schema: loginRequest }, async (ctx) =>
    signedIn(ctx, await accounts.login(deps, ctx.body, meta(ctx.request)), m.loginSuccess),
  );

  legacyRoute(
    app,
    '/api-check-mobile',
    { auth: 'public', schema: checkMobileRequest },
    async ({ body, request }) => {
      await accounts.startRegistration(deps, body.mobile, meta(request));
      return { status: true, msg: m.otpSent } satisfies OkResponse;
    },
  );

  legacyRoute(
    app,
    '/api-resend-otp',
    { auth: 'public', schema: resendOtpRequest },
    async ({ body, request }) => {
      let sessionMobile: string | undefined;
      if (body.purpose === 'withdraw_upi') {
        const token = sessionTokenFrom(request, request.body as Record<string, unknown>);
        sessionMobile = token
          ? (await resolveSession(deps.db, deps.clock, token, deps.sessions))?.player.mobile
          : undefined;
      }
      await accounts.resendCode(deps, body.mobile, body.purpose, meta(request), sessionMobile);
      return { status: true, msg: m.otpResent } satisfies OkResponse;
    },
  );

  legacyRoute(app, '/api-user-registration', { auth: 'public', schema: registerRequest }, async (ctx) =>
    signedIn(ctx, await accounts.register(deps, ctx.body, meta(ctx.request)), m.registerSuccess),
  );

  legacyRoute(
    app,
    '/api-forget-check-mobile',
    { auth: 'public', schema: forgotCheckRequest },
    async ({ body, request }) => {
      await accounts.startPasswordReset(deps, body.mobile, meta(request));
      return { status: true, msg: m.otpSent } satisfies OkResponse;
    },
  );

  legacyRoute(
    app,
    '/api-verify-forgot-otp',
    { auth: 'public', schema: verifyForgotOtpRequest },
    async ({ body }) => {
      const resetToken = await accounts.verifyResetCode(deps, body.mobile, body.otp);
      return { status: true, msg: 'OTP verified', reset_token: resetToken } satisfies ResetTicketResponse;
    },
  );

  legacyRoute(
    app,
    '/api-forgot-password',
    { auth: 'public', schema: forgotPasswordRequest },
    async ({ body }) => {
      await accounts.resetPassword(deps, {
        mobile: body.mobile,
        newPassword: body.new_pass,
        ticket: body.reset_token,
      });
      return { status: true, msg: m.passwordUpdated } satisfies OkResponse;
    },
  );

  legacyRoute(app, '/api-user-logout', { auth: 'player' }, async ({ reply, sessionHash }) => {
    await revokeSession(deps.db, deps.clock, sessionHash);
    // Committed: this process forgets it now; the others heard the NOTIFY.
    deps.sessions.forgetToken(cacheKey(sessionHash));
    clearSessionCookie(reply);
    return { status: true, msg: m.loggedOut } satisfies OkResponse;
  });

  legacyRoute(app, '/api-change-password', { auth: 'player', schema: changePasswordRequest }, async (ctx) => {
    const token = await accounts.changePassword(
      deps,
      ctx.player.id,
      { oldPassword: ctx.body.old_pass, newPassword: ctx.body.new_pass },
      meta(ctx.request),
    );
    setSessionCookie(ctx.request, ctx.reply, token, secureCookie);
    return ctx.isWeb
      ? ({ status: true, msg: m.passwordChanged } satisfies OkResponse)
      : { status: true, msg: m.passwordChanged, unique_token: token };
  });

  legacyRoute(app, '/api-profile-update', { auth: 'player', schema: profileUpdateRequest }, async (ctx) => {
    await accounts.renamePlayer(deps, ctx.player.id, ctx.body.user_name);
    return { status: true, msg: m.profileUpdated, user_name: ctx.body.user_name };
  });
}
