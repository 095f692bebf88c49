import { describe, expect, it } from 'vitest';
import { createBrowserHistory, type HistoryWindow, type RouterState } from './history.ts';

/** The session history of one tab, as the browser keeps it: entries, a pointer, popstate on Back and Forward. */
function fakeWindow(start: string, startState: unknown = null) {
  const entries: { url: URL; state: unknown }[] = [
    { url: new URL(start, 'https://gama.test'), state: startState },
  ];
  let at = 0;
  let popstate = () => {};
  const assigned: string[] = [];
  const current = () => entries[at] as { url: URL; state: unknown };
  const win: HistoryWindow = {
    history: {
      get state() {
        return current().state;
      },
      pushState(state: unknown, _title: string, url?: string | URL | null) {
        entries.splice(at + 1, entries.length, { url: new URL(url ?? current().url, current().url), state });
        at += 1;
      },
      replaceState(state: unknown, _title: string, url?: string | URL | null) {
        entries[at] = { url: new URL(url ?? current().url, current().url), state };
      },
      go(delta = 0) {
        const next = at + delta;
        if (next < 0 || next >= entries.length) return;
        at = next;
        popstate();
      },
    },
    location: {
      get pathname() {
        return current().url.pathname;
      },
      get search() {
        return current().url.search;
      },
      get hash() {
        return current().url.hash;
      },
      assign: (url: string | URL) => void assigned.push(String(url)),
    },
    addEventListener: (_type, listener) => {
      popstate = listener;
    },
  };
  return { win, entries: () => entries.length, assigned };
}

const idx = (state: unknown) => (state as { idx: number }).idx;

describe('createBrowserHistory', () => {
  it('numbers the loaded page 0, keeping what the entry already held', () => {
    const { win } = fakeWindow('/imp', { other: 1 });
    const history = createBrowserHistory(win);
    expect(win.history.state).toEqual({ other: 1, idx: 0 });
    expect(history.current()).toEqual({
      type: 'POP',
      location: { pathname: '/imp', search: '', hash: '', state: null, key: 'default' },
    });
  });

  it('keeps the index and key of an entry restored by a reload', () => {
    const { win } = fakeWindow('/imp7', { usr: { showToast: true }, key: 'k1', idx: 3 });
    const history = createBrowserHistory(win);
    expect(history.current().location).toMatchObject({ key: 'k1', state: { showToast: true } });
    history.navigate('/imp9');
    expect(idx(win.history.state)).toBe(4);
  });

  it('pushes a new entry with its state and tells each listener', () => {
    const { win, entries } = fakeWindow('/');
    const history = createBrowserHistory(win);
    const seen: RouterState[] = [];
    history.listen((state) => seen.push(state));
    history.navigate('/game?market=4#top', { state: { market: 4 } });
    expect(entries()).toBe(2);
    expect(idx(win.history.state)).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.type).toBe('PUSH');
    expect(seen[0]?.location).toMatchObject({
      pathname: '/game',
      search: '?market=4',
      hash: '#top',
      state: { market: 4 },
    });
    expect(seen[0]?.location.key).not.toBe('default');
  });

  it('replaces the entry on screen without growing history or moving the index', () => {
    const { win, entries } = fakeWindow('/');
    const history = createBrowserHistory(win);
    history.navigate('/login');
    const before = history.current().location.key;
    history.navigate('/imp', { replace: true });
    expect(entries()).toBe(2);
    expect(idx(win.history.state)).toBe(1);
    expect(history.current().type).toBe('REPLACE');
    expect(history.current().location.pathname).toBe('/imp');
    expect(history.current().location.key).not.toBe(before);
  });

  it('Back and Forward bring back each entry with its own key and state', () => {
    const { win } = fakeWindow('/imp');
    const history = createBrowserHistory(win);
    history.navigate('/game', { state: { market: 1 } });
    const game = history.current().location;
    history.navigate('/single');
    history.navigate(-1);
    expect(history.current()).toEqual({ type: 'POP', location: game });
    history.navigate(-1);
    expect(history.current().location.pathname).toBe('/imp');
    history.navigate(2);
    expect(history.current().location.pathname).toBe('/single');
    // A push after Back drops the entries ahead and continues the numbering from the entry on screen.
    history.navigate(-2);
    history.navigate('/charts');
    expect(idx(win.history.state)).toBe(1);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const { win } = fakeWindow('/');
    const history = createBrowserHistory(win);
    let calls = 0;
    const stop = history.listen(() => (calls += 1));
    history.navigate('/a');
    stop();
    history.navigate('/b');
    expect(calls).toBe(1);
  });

  it('loads the page when the browser refuses the push', () => {
    const { win, assigned } = fakeWindow('/');
    win.history.pushState = () => {
      throw new Error('SecurityError: too many calls');
    };
    const history = createBrowserHistory(win);
    history.navigate('/imp');
    expect(assigned).toEqual(['/imp']);
    expect(history.current().location.pathname).toBe('/');
  });
});
