/**
 * The catalogue and the server describe the same routes: every route Fastify registers has a catalogue entry
 * and is registered through `route()` with it, and every entry has its route. The apps' files are the one
 * exception: they are not API, so they are listed here, each with why.
 */
import type { AnyEndpoint } from '@gama/core/endpoints/define';

export interface RouteRef {
  method: string;
  url: string;
}

/** GET routes that are not API and so have no entry, with the reason. */
export const NOT_API: Readonly<Record<string, string>> = {
  '/static/*': 'apps/api/public: the demo images and other files the apps link to',
  '/static/docs/*': "the reference pages' renderer (Scalar's bundle), read by the docs pages",
  '/': 'the player app (only when apps/web/dist is built)',
  '/index.html': 'the player app (only when apps/web/dist is built)',
  '/login': 'the player app, with the drawn login screen (only when apps/web/dist is built)',
  '/app.html': "the player app's page for every other address (only when apps/web/dist is built)",
  '/*': "the player app's assets (only when apps/web/dist is built)",
  '/admin': 'a redirect to the console (only when apps/admin/dist is built)',
  '/admin/': 'the console (only when apps/admin/dist is built)',
  '/admin/index.html': 'the console (only when apps/admin/dist is built)',
  '/admin/*': "the console's assets (only when apps/admin/dist is built)",
};

export function isNotApi(route: RouteRef): boolean {
  return (route.method === 'GET' || route.method === 'HEAD') && Object.hasOwn(NOT_API, route.url);
}

const key = (method: string, url: string) => `${method} ${url}`;

/**
 * What is wrong between an instance's routes and the catalogue, one sentence each (empty when they agree).
 * `entries` are the catalogue by name; `registered` the entries the instance registered through `route()`.
 */
export function coverageProblems(
  routes: readonly RouteRef[],
  entries: Readonly<Record<string, AnyEndpoint>>,
  registered: ReadonlySet<AnyEndpoint>,
): string[] {
  const problems: string[] = [];
  const byRoute = new Map<string, string>();
  for (const [name, entry] of Object.entries(entries)) {
    const k = key(entry.method, entry.path);
    const other = byRoute.get(k);
    if (other !== undefined) problems.push(`catalogue entries ${other} and ${name} are both ${k}`);
    byRoute.set(k, name);
  }
  const served = new Set(routes.map((r) => key(r.method, r.url)));
  for (const r of routes) {
    if (isNotApi(r)) continue;
    // HEAD is Fastify's automatic twin of a GET route: the GET entry covers it.
    const k = key(r.method === 'HEAD' ? 'GET' : r.method, r.url);
    const name = byRoute.get(k);
    if (name === undefined) {
      problems.push(
        `route ${key(r.method, r.url)} has no catalogue entry (add one in packages/core/src/endpoints/<domain>/ and register it with route())`,
      );
    } else if (r.method !== 'HEAD' && !registered.has(entries[name] as AnyEndpoint)) {
      problems.push(`route ${k} is registered without route(app, endpoints.${name}, …)`);
    }
  }
  for (const [name, entry] of Object.entries(entries)) {
    if (!served.has(key(entry.method, entry.path))) {
      problems.push(`catalogue entry ${name} (${key(entry.method, entry.path)}) has no route`);
    }
  }
  return problems;
}
