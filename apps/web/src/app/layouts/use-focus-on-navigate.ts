import { useEffect, useRef } from 'react';
import { useLocation } from '../../lib/router/index.ts';

/**
 * A screen reader stays where it was when the route changes; moving focus to the new page's main region
 * announces it, as a full page load would.
 */
export function useFocusOnNavigate<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [pathname]);
  return ref;
}
