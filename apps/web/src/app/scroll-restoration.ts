import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '../lib/router/index.ts';

const STORAGE_KEY = 'gama.scroll';

function storedPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * What react-router's `<ScrollRestoration>` did: Back and Forward return to
 * where the player was on that page, a new page opens at its top (or at its `#hash`). Positions are kept per
 * history entry for the tab's life (sessionStorage), so a reload or a return from another site finds them too.
 */
export function ScrollRestoration(): null {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const entry = useRef(location.key);

  // One listener for the whole visit: each scroll is written to the entry on screen. The entry changes in the
  // layout effect below, in the same task as the new page's DOM, before the browser reports the scroll that the
  // page change caused, so an old entry never gets the new page's position.
  useEffect(() => {
    positions.current ??= storedPositions();
    const kept = positions.current;
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const save = () => {
      kept[entry.current] = window.scrollY;
    };
    const persist = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
      } catch {
        // Storage full or blocked: positions last for this page load only.
      }
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    entry.current = location.key;
    positions.current ??= storedPositions();
    const saved = positions.current[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
