import type { ReactNode } from 'react';

/**
 * One entry of the route table. A route with `children` and no `path` is a layout: it draws its `Outlet` around
 * whichever child matched. `path: '*'` is the fallback, taken only when no other path matches.
 */
export interface RouteObject {
  path?: string;
  element: ReactNode;
  children?: RouteObject[];
}

/** As the browser sent it, minus trailing slashes; a malformed escape is compared as written. */
function normalise(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // Leave it encoded: it then matches no route and the not-found screen opens.
  }
  const trimmed = decoded.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}

/** Whether `pathname` is `path`, ignoring letter case and a trailing slash (react-router's defaults). */
export function samePath(path: string, pathname: string): boolean {
  return normalise(path) === normalise(pathname);
}

function find(routes: RouteObject[], test: (path: string) => boolean): RouteObject[] | null {
  for (const route of routes) {
    if (route.children) {
      const branch = find(route.children, test);
      if (branch) return [route, ...branch];
    } else if (route.path !== undefined && test(route.path)) {
      return [route];
    }
  }
  return null;
}

/**
 * The routes from the table's root to the one `pathname` opens, outermost first; null when nothing matches.
 * A named path always wins over the `*` fallback, wherever each sits in the table.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteObject[] | null {
  const wanted = normalise(pathname);
  return (
    find(routes, (path) => path !== '*' && normalise(path) === wanted) ?? find(routes, (path) => path === '*')
  );
}
