/**
 * What the fuzz suite knows about the server's routes: the list comes from the Fastify instance itself, and
 * each route gets an auth class (who may call it) and, where one exists, the zod schemas it validates with.
 * `/admin-api/*` routes are classed by rule, so a new operator route is fuzzed as it is; a new legacy route
 * has no class until someone writes down whether it is personal, and the suite fails until then.
 */
import {
  changePasswordRequest,
  checkMobileRequest,
  forgotCheckRequest,
  forgotPasswordRequest,
  headlineRequest,
  loginRequest,
  profileUpdateRequest,
  registerRequest,
  resendOtpRequest,
  verifyForgotOtpRequest,
} from '@gama/core/contract/accounts';
import { bidHistoryRequest, submitBidRequest, winHistoryRequest } from '@gama/core/contract/bids';
import {
  addUpiDetailsRequest,
  fundRequestAdd,
  sendWithdrawOtpRequest,
  transferCheckRequest,
  transferRequest,
  withdrawRequest,
} from '@gama/core/contract/funds';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { z } from 'zod';
import { allEndpoints } from '@gama/core/endpoints';
import { createMarketBody } from '../../src/modules/admin/schemas.ts';
import { chartRequest } from '@gama/core/endpoints/charts/index';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface RouteRef {
  method: Method;
  url: string;
}

/**
 * - public: legacy route anyone with the app key may call;
 * - player: personal legacy route, any signed-in player;
 * - betting: personal legacy route, signed-in player with betting_status "1";
 * - operator: /admin-api/* behind an operator token;
 * - operator-login, openapi (the OpenAPI documents and reference pages), health, static: open by design;
 * - dev-outbox: the development SMS outbox, registered only while the outbox provider is active.
 */
export type AuthClass =
  | 'public'
  | 'player'
  | 'betting'
  | 'operator'
  | 'operator-login'
  | 'openapi'
  | 'health'
  | 'static'
  | 'dev-outbox';

export interface RouteSpec {
  auth: AuthClass;
  body?: ZodType;
  query?: ZodType;
  /** A success ends the session it was called with (logout, password change). */
  endsSession?: boolean;
}

const outboxQuery = z.object({ mobile: z.string().regex(/^\d{10}$/) });

const LEGACY: Record<string, RouteSpec> = {
  '/api-user-login': { auth: 'public', body: loginRequest },
  '/api-check-mobile': { auth: 'public', body: checkMobileRequest },
  '/api-resend-otp': { auth: 'public', body: resendOtpRequest },
  '/api-user-registration': { auth: 'public', body: registerRequest },
  '/api-forget-check-mobile': { auth: 'public', body: forgotCheckRequest },
  '/api-verify-forgot-otp': { auth: 'public', body: verifyForgotOtpRequest },
  '/api-forgot-password': { auth: 'public', body: forgotPasswordRequest },
  '/api-user-logout': { auth: 'player', endsSession: true },
  '/api-change-password': { auth: 'player', body: changePasswordRequest, endsSession: true },
  '/api-profile-update': { auth: 'player', body: profileUpdateRequest },
  '/api-user-wallet-balance': { auth: 'player' },
  '/api-get-headline': { auth: 'public', body: headlineRequest },
  '/api-get-slider-images': { auth: 'public' },
  '/api-get-social-data': { auth: 'public' },
  '/api-how-to-play': { auth: 'public' },
  '/api-money-deposit-withdrawal-rule': { auth: 'public' },
  '/api-get-app-pages': { auth: 'public' },
  '/apiGetawayStatus': { auth: 'public' },
  '/api-admin-bank-details': { auth: 'public' },
  '/api-get-qr-pay': { auth: 'public' },
  '/api-wallet-transaction-history': { auth: 'betting' },
  '/api-last-fund-request-detail': { auth: 'betting' },
  '/api-fund-request-add': { auth: 'betting', body: fundRequestAdd },
  '/api-get-user-payment-details': { auth: 'betting' },
  '/api-send-withdraw-otp': { auth: 'betting', body: sendWithdrawOtpRequest },
  '/api-add-user-upi-details': { auth: 'betting', body: addUpiDetailsRequest },
  '/api-user-withdraw-fund-request': { auth: 'betting', body: withdrawRequest },
  '/api-user-withdraw-transaction-history': { auth: 'betting' },
  '/api-check-user-for-transfer-amt': { auth: 'betting', body: transferCheckRequest },
  '/api-user-transfer-wallet-balance': { auth: 'betting', body: transferRequest },
  '/api-market-chart': { auth: 'public', body: chartRequest },
};
for (const [group, prefix] of [
  ['main', ''],
  ['starline', 'starline-'],
  ['gali', 'galidisawar-'],
] as const) {
  if (group !== 'main') LEGACY[`/api-${prefix}game`] = { auth: 'public' };
  LEGACY[`/api-${prefix}game-rates`] = { auth: 'public' };
  LEGACY[`/api-${prefix}submit-bid`] = { auth: 'betting', body: submitBidRequest };
  LEGACY[`/api-${prefix}bid-history-data`] = { auth: 'betting', body: bidHistoryRequest };
  LEGACY[`/api-${prefix}wining-history-data`] = { auth: 'betting', body: winHistoryRequest };
}
LEGACY['/api-main-game'] = { auth: 'public' };

/** Schemas of the operator routes, by "METHOD url"; a route missing here is still fuzzed, with loose bodies. */
const ADMIN_SCHEMAS: Record<string, Omit<RouteSpec, 'auth'>> = {
  'POST /admin-api/logout': { endsSession: true },
  // These can end the fuzzing operator's own session (its id is among the path ids).
  'POST /admin-api/sessions/:id/end': { endsSession: true },
  'POST /admin-api/operators/:id/reset-password': { endsSession: true },
  'POST /admin-api/markets': { body: createMarketBody },
};

/** The auth class and schemas of a route, or undefined when nobody has said who may call it. */
export function specFor(route: RouteRef): RouteSpec | undefined {
  const { url } = route;
  // HEAD is Fastify's automatic twin of a GET route: same handler, same rules.
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  // The documents and reference pages (domain docs) are open by design.
  if (allEndpoints.some((e) => e.domain === 'docs' && e.path === url && e.method === method))
    return { auth: 'openapi' };
  // A catalogued route carries its own schemas and who may call it.
  const entry = allEndpoints.find((e) => e.path === url && e.method === method);
  if (entry?.access === 'operator-login')
    return { auth: 'operator-login', ...(entry.body ? { body: entry.body } : {}) };
  if (entry?.access === 'operator') {
    return {
      auth: 'operator',
      ...(entry.body ? { body: entry.body } : {}),
      ...(entry.query ? { query: entry.query } : {}),
      ...ADMIN_SCHEMAS[`${method} ${url}`],
    };
  }
  if (entry?.access === 'public' || entry?.access === 'player' || entry?.access === 'betting')
    return { auth: entry.access, ...(entry.body ? { body: entry.body } : {}) };
  if (url.startsWith('/admin-api/')) return { auth: 'operator', ...ADMIN_SCHEMAS[`${method} ${url}`] };
  if (url === '/healthz' && method === 'GET') return { auth: 'health' };
  if (url === '/api/dev/outbox' && method === 'GET') return { auth: 'dev-outbox', query: outboxQuery };
  // '/', '/index.html' and '/*' exist only when the player app has been built (apps/web/dist), the '/admin'
  // ones only when the console has (apps/admin/dist); the reference pages' renderer is '/static/docs/*'.
  if (
    [
      '*',
      '/static/*',
      '/static/docs/*',
      '/',
      '/index.html',
      '/*',
      '/admin',
      '/admin/',
      '/admin/index.html',
      '/admin/*',
      '/media/:file',
    ].includes(url) &&
    method === 'GET'
  )
    return { auth: 'static' };
  const legacy = LEGACY[url];
  return legacy && method === 'POST' ? legacy : undefined;
}

/**
 * Every route of the instance, read from `printRoutes({ commonPrefix: false })`: a tree whose children carry
 * the rest of their parent's path. Fastify has no public route list after `ready()`, and the app is built
 * inside buildApp, so an onRoute hook cannot be added before the routes are.
 */
export function listRoutes(app: FastifyInstance): RouteRef[] {
  const routes: RouteRef[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method: method as Method, url: path });
    }
  }
  return routes;
}
