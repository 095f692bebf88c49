import type { SessionResponse } from '@gama/core/endpoints/auth/index';
import { accountMessages as m } from '@gama/core/contract/messages';
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteCtx } from '../../http/route.ts';
import { route } from '../../http/route.ts';
import { limitPhoneLookup } from './lookups.ts';
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

type Transport = Pick<RouteCtx<typeof endpoints.login>, 'request' | 'reply' | 'isWeb'>;

export function authRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const secureCookie = deps.config.COOKIE_SECURE;

  function signedIn(ctx: Transport, session: SignedIn, msg: string): SessionResponse {
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

  // Each route that tells a registered phone from an unknown one is a lookup, limited per address and device.
  const lookup = <T>(request: FastifyRequest, deviceId: string | undefined, run: () => Promise<T>) =>
    limitPhoneLookup(deps, request, deviceId, run);

  /** A session opened by `open` (a sign-in, a registration): a lookup of its phone, answered signed in. */
  const opened = async <B extends { device_id?: string | undefined }>(
    ctx: Transport & { body: B },
    open: (body: B, client: ClientMeta) => Promise<SignedIn>,
    msg: string,
  ) => {
    const client = { ...meta(ctx.request), deviceId: ctx.body.device_id };
    const session = await lookup(ctx.request, ctx.body.device_id, () => open(ctx.body, client));
    return signedIn(ctx, session, msg);
  };

  route(app, endpoints.login, (ctx) =>
    opened(ctx, (body, client) => accounts.login(deps, body, client), m.loginSuccess),
  );

  route(app, endpoints.checkMobile, async ({ body, request }) => {
    await lookup(request, body.device_id, () =>
      accounts.startRegistration(deps, body.mobile, meta(request), body.language, body.referral_code),
    );
    return { status: true, msg: m.otpSent };
  });

  route(app, endpoints.resendOtp, async ({ body, raw, request }) => {
    let sessionMobile: string | undefined;
    if (body.purpose === 'withdraw_upi') {
      const token = sessionTokenFrom(request, raw);
      sessionMobile = token
        ? (await resolveSession(deps.db, deps.clock, token, deps.sessions))?.player.mobile
        : undefined;
    }
    const resend = () =>
      accounts.resendCode(deps, body.mobile, body.purpose, meta(request), sessionMobile, body.language);
    // A payout-number code goes only to the session's own phone: no lookup of anyone else's.
    await (body.purpose === 'withdraw_upi' ? resend() : lookup(request, body.device_id, resend));
    return { status: true, msg: m.otpResent };
  });

  route(app, endpoints.register, (ctx) =>
    opened(ctx, (body, client) => accounts.register(deps, body, client), m.registerSuccess),
  );

  route(app, endpoints.forgotCheckMobile, async ({ body, request }) => {
    await lookup(request, body.device_id, () =>
      accounts.startPasswordReset(deps, body.mobile, meta(request), body.language),
    );
    return { status: true, msg: m.otpSent };
  });

  route(app, endpoints.verifyForgotOtp, async ({ body }) => {
    const resetToken = await accounts.verifyResetCode(deps, body.mobile, body.otp);
    return { status: true, msg: m.otpVerified, reset_token: resetToken };
  });

  route(app, endpoints.forgotPassword, async ({ body, request }) => {
    await accounts.resetPassword(
      deps,
      { mobile: body.mobile, newPassword: body.new_pass, ticket: body.reset_token },
      meta(request),
    );
    return { status: true, msg: m.passwordUpdated };
  });

  route(app, endpoints.logout, async ({ reply, sessionHash }) => {
    await revokeSession(deps.db, deps.clock, sessionHash);
    // Committed: this process forgets it now; the others heard the NOTIFY.
    deps.sessions.forgetToken(cacheKey(sessionHash));
    clearSessionCookie(reply);
    return { status: true, msg: m.loggedOut };
  });

  route(app, endpoints.changePassword, async (ctx) => {
    const token = await accounts.changePassword(
      deps,
      ctx.player.id,
      { oldPassword: ctx.body.old_pass, newPassword: ctx.body.new_pass },
      meta(ctx.request),
    );
    setSessionCookie(ctx.request, ctx.reply, token, secureCookie);
    return ctx.isWeb
      ? { status: true, msg: m.passwordChanged }
      : { status: true, msg: m.passwordChanged, unique_token: token };
  });
}
