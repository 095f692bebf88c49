import { createContext, startTransition, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  browserHistory,
  navigate,
  type Location,
  type NavigateFunction,
  type RouterState,
} from './history.ts';

const RouterContext = createContext<RouterState | null>(null);

/**
 * The app's location, from the tab's history. A change renders as a transition, as react-router's
 * `BrowserRouter` did: the screen on display stays until the next one (and its lazy chunk) is ready, rather than
 * flashing a skeleton.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const history = browserHistory();
  const [state, setState] = useState(history.current);
  useLayoutEffect(() => history.listen((next) => startTransition(() => setState(next))), [history]);
  return <RouterContext.Provider value={state}>{children}</RouterContext.Provider>;
}

/** A fixed location, for the build's server render of the first paint. */
export function StaticRouter({ pathname, children }: { pathname: string; children: ReactNode }) {
  const location: Location = { pathname, search: '', hash: '', state: null, key: 'default' };
  return <RouterContext.Provider value={{ location, type: 'POP' }}>{children}</RouterContext.Provider>;
}

function useRouterState(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('A router hook was used outside BrowserRouter');
  return state;
}

export const useLocation = (): Location => useRouterState().location;

/** How the entry on screen was reached: POP for Back, Forward and the page load. */
export const useNavigationType = () => useRouterState().type;

export const useNavigate = (): NavigateFunction => navigate;

/** The address's query, and a way to change it on the same page. */
export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string>, options?: { replace?: boolean }) => void,
] {
  const { pathname, search } = useLocation();
  const set = (next: Record<string, string>, options?: { replace?: boolean }) =>
    navigate(`${pathname}?${new URLSearchParams(next).toString()}`, options);
  return [new URLSearchParams(search), set];
}
