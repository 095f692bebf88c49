import { accountMessages } from '@gama/core/contract/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { setSessionLostListener } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { clearStoredProfile } from '../lib/session.ts';
import { router } from './router.tsx';

const queryClient = createQueryClient();

// A 401 on a signed-in call means the server ended the session (logout elsewhere, password change, expiry).
setSessionLostListener((message) => {
  clearStoredProfile();
  queryClient.clear();
  toast.error(message || accountMessages.sessionExpired, { id: 'session-lost' });
  void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="top-right" duration={3000} visibleToasts={1} richColors closeButton={false} />
    </QueryClientProvider>
  );
}
