import { lazy, Suspense, useEffect, useState } from 'react';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { BrowserRouter, browserHistory, navigate, preloadRoutes } from '../lib/router/index.ts';
import { I18nRoot } from '../lib/i18n/I18nRoot.tsx';
import { onToasterWanted, toast } from '../lib/toast.ts';
import { setSessionLostListener } from '../lib/session-lost.ts';
import { clearStoredProfile } from '../lib/session.ts';
import { clearCachedAnswers } from '../lib/cached-answers.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { AppRoutes, routes } from './router.tsx';
import { ScrollRestoration } from './scroll-restoration.ts';

const Toasts = lazy(() => import('./Toasts.tsx'));

// The address's layouts and screen (the query client's among them) are requested together, side by side with
// the entry's own follow-up requests, rather than each when its parent renders; and so at every navigation (a
// sign-in on the landing would otherwise fetch the query client, the member layout and home one after another).
preloadRoutes(routes, window.location.pathname);
browserHistory().listen(({ location }) => preloadRoutes(routes, location.pathname));

// A 401 on a signed-in call means the server ended the session (logout elsewhere, password change, expiry).
setSessionLostListener((message) => {
  clearStoredProfile();
  clearCachedAnswers();
  toast.error(message, { id: 'session-lost' });
  navigate('/login', { replace: true });
});

/**
 * The toaster (sonner, about 10 KB gzip) is fetched at the first toast, not with the first screen: most visits
 * show none before the player acts. `lib/toast.ts` holds each toast until the toaster is up, so none is lost.
 */
function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToasterWanted(() => setWanted(true)), []);
  return wanted;
}

export function App() {
  const toasterWanted = useToasterWanted();
  return (
    <I18nRoot>
      <BrowserRouter>
        <ScrollRestoration />
        <RouteErrorBoundary>
          <Suspense fallback={<PageSkeleton />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </BrowserRouter>
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </I18nRoot>
  );
}
