import { accountMessages } from '@gama/core/contract/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, navigate } from '../lib/router/index.ts';
import { I18nRoot } from '../lib/i18n/I18nRoot.tsx';
import { onToasterWanted, toast } from '../lib/toast.ts';
import { setSessionLostListener } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { clearStoredProfile } from '../lib/session.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { AppRoutes } from './router.tsx';
import { ScrollRestoration } from './scroll-restoration.ts';

const Toasts = lazy(() => import('./Toasts.tsx'));

const queryClient = createQueryClient();

// A 401 on a signed-in call means the server ended the session (logout elsewhere, password change, expiry).
setSessionLostListener((message) => {
  clearStoredProfile();
  queryClient.clear();
  toast.error(message || accountMessages.sessionExpired, { id: 'session-lost' });
  navigate('/login', { replace: true });
});

/** Once the page has loaded and the browser is idle (or at the first toast, sooner), the toaster is fetched. */
function useToasterWhenIdle(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    onToasterWanted(want);
    const idle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(want, { timeout: 5000 })
        : setTimeout(want, 2000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => window.removeEventListener('load', idle);
  }, []);
  return wanted;
}

export function App() {
  const toasterWanted = useToasterWhenIdle();
  return (
    <I18nRoot>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ScrollRestoration />
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </BrowserRouter>
        {toasterWanted && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </QueryClientProvider>
    </I18nRoot>
  );
}
