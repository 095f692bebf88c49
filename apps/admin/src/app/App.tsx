import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { setSessionListeners } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { forgetSession } from '../lib/session.ts';
import { router } from './router.tsx';

const queryClient = createQueryClient();

const here = () => `${router.state.location.pathname}${router.state.location.search}`;

setSessionListeners({
  // The server ended the session (idle for too long, signed out elsewhere, disabled by an owner).
  lost: ({ message }) => {
    const from = here();
    forgetSession(queryClient);
    if (router.state.location.pathname === '/sign-in') return;
    toast.error(message, { id: 'session-lost' });
    void router.navigate('/sign-in', { replace: true, state: { from } });
  },
  // Two-factor became mandatory and this operator has not enrolled yet: nothing else answers until they do.
  enrol: () => {
    if (router.state.location.pathname !== '/enrol') void router.navigate('/enrol', { replace: true });
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="top-right" duration={4000} visibleToasts={3} richColors closeButton />
    </QueryClientProvider>
  );
}
