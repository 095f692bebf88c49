/**
 * The browser's session history as the app's location store (what react-router's `createBrowserHistory` did):
 * every entry carries `{ usr, key, idx }` in `history.state`, the same shape react-router wrote, so entries made
 * before an update still restore their scroll position and `Page`'s back arrow still reads `idx`.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the screen that navigated here handed over (never in the address: a reload loses it). */
  state: unknown;
  /** The history entry's own id: scroll positions and the error screen are kept per entry. */
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface RouterState {
  location: Location;
  type: NavigationType;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** The part of `window` the store uses; tests hand in a stand-in. */
export interface HistoryWindow {
  history: Pick<History, 'state' | 'pushState' | 'replaceState' | 'go'>;
  location: Pick<globalThis.Location, 'pathname' | 'search' | 'hash' | 'assign'>;
  addEventListener(type: 'popstate', listener: () => void): void;
}

interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

export interface BrowserHistory {
  current(): RouterState;
  /** Called after every change, with the new state. Returns the unsubscribe function. */
  listen(listener: (state: RouterState) => void): () => void;
  navigate(to: string | number, options?: NavigateOptions): void;
}

const createKey = () => Math.random().toString(36).substring(2, 10);

function entryOf(value: unknown): Partial<EntryState> {
  return typeof value === 'object' && value !== null ? (value as Partial<EntryState>) : {};
}

export function createBrowserHistory(win: HistoryWindow): BrowserHistory {
  const listeners = new Set<(state: RouterState) => void>();
  const readLocation = (): Location => {
    const entry = entryOf(win.history.state);
    return {
      pathname: win.location.pathname,
      search: win.location.search,
      hash: win.location.hash,
      state: entry.usr ?? null,
      key: entry.key ?? 'default',
    };
  };

  const loaded = entryOf(win.history.state).idx;
  let index = typeof loaded === 'number' ? loaded : 0;
  // A page load (typed address, link from outside) has no index yet: it is the first entry of the app's history.
  if (typeof loaded !== 'number') win.history.replaceState({ ...entryOf(win.history.state), idx: index }, '');
  let state: RouterState = { location: readLocation(), type: 'POP' };

  const change = (type: NavigationType) => {
    state = { location: readLocation(), type };
    for (const listener of listeners) listener(state);
  };

  win.addEventListener('popstate', () => {
    const idx = entryOf(win.history.state).idx;
    index = typeof idx === 'number' ? idx : index;
    change('POP');
  });

  return {
    current: () => state,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, { replace = false, state: usr = null } = {}) {
      if (typeof to === 'number') {
        win.history.go(to);
        return;
      }
      if (replace) {
        win.history.replaceState({ usr, key: createKey(), idx: index }, '', to);
        change('REPLACE');
        return;
      }
      const next: EntryState = { usr, key: createKey(), idx: index + 1 };
      try {
        win.history.pushState(next, '', to);
      } catch {
        // iOS caps pushState at 100 calls per 30 s, and a state the browser cannot clone throws: load the page.
        win.location.assign(to);
        return;
      }
      index = next.idx;
      change('PUSH');
    },
  };
}

let browser: BrowserHistory | null = null;

/** The tab's history, made at first use: the build's server render never touches `window`. */
export function browserHistory(): BrowserHistory {
  browser ??= createBrowserHistory(window);
  return browser;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** Opens `to` (an absolute path, with its search and hash), or moves `to` steps through history if a number. */
export const navigate: NavigateFunction = (to, options) => browserHistory().navigate(to, options);
