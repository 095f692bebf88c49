import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from './context.tsx';
import { navigate } from './history.ts';
import { matchRoutes, type RouteObject } from './match.ts';

const OutletContext = createContext<ReactNode>(null);

/** Where a layout draws the route inside it. */
export function Outlet() {
  return useContext(OutletContext);
}

/** The screen the address opens, inside each of its layouts; nothing when no route (not even `*`) matches. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const branch = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!branch) return null;
  return branch.reduceRight<ReactNode>(
    (outlet, route) => <OutletContext.Provider value={outlet}>{route.element}</OutletContext.Provider>,
    null,
  );
}

/** Opens `to` once rendered: a redirect in the route table or a gate. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}
