/**
 * The player app's router: the part of react-router it used (about 3 KB instead of 14 KB gzip in the first
 * download). Plain paths only, matched ignoring case and a trailing slash; no loaders, params or basename.
 */
export {
  BrowserRouter,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from './context.tsx';
export { browserHistory, navigate, type NavigateFunction } from './history.ts';
export { lazyRoute, preloadRoutes, type Preloadable } from './lazy-route.ts';
export { Link, NavLink, type LinkProps } from './links.tsx';
export { matchRoutes, type RouteObject } from './match.ts';
export { Navigate, Outlet, useRoutes } from './routes.tsx';
