import { QueryClientProvider } from '@tanstack/react-query';
// From react-router/dom: it gives the router ReactDOM's flushSync, which `navigate(…, { flushSync: true })` needs.
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { setSessionListeners } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { forgetSession, meKey } from '../lib/session.ts';
import { router } from './router.tsx';

const queryClient = createQueryClient();

const BASENAME = '/admin';

/** Where the operator is, as a path inside the console (the router's state carries the basename). */
function here(): string {
  const { pathname, search } = router.state.location;
  const inside = pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) || '/' : pathname;
  return `${inside}${search}`;
}

setSessionListeners({
  // The server ended the session (idle for too long, signed out elsewhere, disabled by an owner).
  lost: ({ message, code }) => {
    const from = here();
    // Only a session this tab knew can be "lost"; a first visit simply goes to sign-in.
    const known = queryClient.getQueryData(meKey) !== undefined;
    if (from.startsWith('/sign-in')) {
      forgetSession(queryClient);
      return;
    }
    // The sign-in screen says why the operator is back there (30 idle minutes, signed out elsewhere); an idle
    // session says so even when this tab has just opened.
    const explain = known || code === 'SESSION_IDLE';
    // Leave the desk, committed at once, and only then forget who was signed in (see useSignOut).
    void router
      .navigate('/sign-in', {
        replace: true,
        state: explain ? { from, notice: message } : { from },
        flushSync: true,
      })
      .finally(() => forgetSession(queryClient));
  },
  // Two-factor became mandatory and this operator has not enrolled yet: nothing else answers until they do.
  enrol: () => {
    if (!here().startsWith('/enrol')) void router.navigate('/enrol', { replace: true });
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* On a phone the toasts sit below the top bar: a toast over the menu button pauses while a finger rests on it,
          and the operator could not reach the navigation until they swiped it away. */}
      <Toaster
        position="top-right"
        mobileOffset={{ top: 'calc(var(--topbar-height) + 8px)' }}
        duration={4000}
        visibleToasts={3}
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
