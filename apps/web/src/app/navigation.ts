import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

let navigateInApp: NavigateFunction | null = null;

/** Mounted once inside the router: hands its navigate function to code outside React (the API client's listeners). */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigateInApp = navigate;
    return () => {
      navigateInApp = null;
    };
  }, [navigate]);
  return null;
}

/** Opens `to` from outside React; before the router is up, a page load does the same. */
export function navigateOutside(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (navigateInApp) void navigateInApp(to, { replace });
  else if (replace) window.location.replace(to);
  else window.location.assign(to);
}
