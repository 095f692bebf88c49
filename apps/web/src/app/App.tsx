import { lazy, Suspense, useEffect, useState } from 'react';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { BrowserRouter, navigate, preloadRoutes } from '../lib/router/index.ts';
import { I18nRoot } from '../lib/i18n/I18nRoot.tsx';
import { onToasterWanted, toast } from '../lib/toast.ts';
import { setSessionLostListener } from '../lib/session-lost.ts';
import { clearStoredProfile } from '../lib/session.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { AppRoutes, routes } from './router.tsx';
import { ScrollRestoration } from './scroll-restoration.ts';

const Toasts = lazy(() => import('./Toasts.tsx'));

// Requested with the entry, side by side with the chunks of the address's layouts and screen: the query client
// wraps every screen, so fetched only when it renders it would delay each of them by one round trip.
const queries = import('./QueryRoot.tsx');
const QueryRoot = lazy(() => queries);
preloadRoutes(routes, window.location.pathname);

// A 401 on a signed-in call means the server ended the session (logout elsewhere, password change, expiry).
setSessionLostListener((message) => {
  clearStoredProfile();
  void queries.then(({ queryClient }) => queryClient.clear());
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
            <QueryRoot>
              <AppRoutes />
            </QueryRoot>
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
