/**
 * What the fuzz suite knows about the server's routes: the routes come from the Fastify instance itself, and
 * each gets its auth class (who may call it) and its zod schemas from its endpoint catalogue entry, so a new
 * route is fuzzed as its entry describes it. A route with no entry has no class (the route-coverage test,
 * test/catalogue.test.ts, names it too) unless it is one of the apps' files (NOT_API in route-coverage.ts).
 */
import type { AnyEndpoint } from '@gama/core/endpoints/define';
import { allEndpoints, endpoints } from '@gama/core/endpoints';
import type { ZodType } from 'zod';
import type { RegisteredRoute } from '../../src/app.ts';
import { isNotApi } from '../route-coverage.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface RouteRef {
  method: Method;
  url: string;
}

const METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const isMethod = (method: string): method is Method => METHODS.includes(method);

/** The routes an instance registered (TestApp.routes), as the fuzz and BOLA suites walk them. */
export function routeRefs(routes: readonly RegisteredRoute[]): RouteRef[] {
  return routes.map(({ method, url }) => {
    if (!isMethod(method)) throw new Error(`${method} ${url}: a method the suites do not know`);
    return { method, url };
  });
}

/**
 * - public: legacy route anyone with the app key may call;
 * - player: personal legacy route, any signed-in player;
 * - betting: personal legacy route, signed-in player with betting_status "1";
 * - operator: /admin-api/* behind an operator session;
 * - operator-login: the sign-in steps, open by design;
 * - openapi: the OpenAPI documents and reference pages (domain docs, and their renderer's files), open by design;
 * - open: every other entry anyone may call (health, uploaded images, the development SMS outbox);
 * - static: the apps' files, which are not API and have no entry.
 */
export type AuthClass =
  'public' | 'player' | 'betting' | 'operator' | 'operator-login' | 'openapi' | 'open' | 'static';

export interface RouteSpec {
  auth: AuthClass;
  body?: ZodType;
  query?: ZodType;
  /** A success ends the session it was called with (logout, password change). */
  endsSession?: boolean;
}

/**
 * Entries whose success can end the fuzzing caller's own session: sign-out and password changes, and the
 * operator calls that take the fuzzing operator's own id among the path ids.
 */
const ENDS_SESSION: ReadonlySet<AnyEndpoint> = new Set<AnyEndpoint>([
  endpoints.logout,
  endpoints.changePassword,
  endpoints.operatorLogout,
  endpoints.operatorSessionEnd,
  endpoints.operatorResetPassword,
]);

/** The reference pages' renderer: files, but part of the open documentation. */
const DOCS_FILES = '/static/docs/*';

/** The catalogue entry of a route; HEAD is Fastify's automatic twin of a GET route (same handler, same rules). */
function entryOf(route: RouteRef): AnyEndpoint | undefined {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return allEndpoints.find((e) => e.path === route.url && e.method === method);
}

/** The auth class and schemas of a route, or undefined when the route has no catalogue entry. */
export function specFor(route: RouteRef): RouteSpec | undefined {
  const isGet = route.method === 'GET' || route.method === 'HEAD';
  if (isGet && route.url === DOCS_FILES) return { auth: 'openapi' };
  if (isNotApi(route)) return { auth: 'static' };
  const entry = entryOf(route);
  if (entry === undefined) return undefined;
  return {
    auth: entry.domain === 'docs' ? 'openapi' : entry.access,
    ...(entry.body ? { body: entry.body } : {}),
    ...(entry.query ? { query: entry.query } : {}),
    ...(ENDS_SESSION.has(entry) ? { endsSession: true } : {}),
  };
}
