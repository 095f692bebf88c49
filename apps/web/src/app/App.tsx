import { accountMessages } from '@gama/core/contract/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { I18nRoot } from '../lib/i18n/I18nRoot.tsx';
import { toast } from '../lib/toast.ts';
import { setSessionLostListener } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { clearStoredProfile } from '../lib/session.ts';
import { router } from './router.tsx';

const queryClient = createQueryClient();
// The header's height (--header-height) and a gap, plus the notch on phones that have one.
const TOAST_TOP = 'calc(56px + 8px + env(safe-area-inset-top, 0px))';

// A 401 on a signed-in call means the server ended the session (logout elsewhere, password change, expiry).
setSessionLostListener((message) => {
  clearStoredProfile();
  queryClient.clear();
  toast.error(message || accountMessages.sessionExpired, { id: 'session-lost' });
  void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <I18nRoot>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* Below the header, never over the wallet chip the player checks after every action. */}
        <Toaster
          position="top-right"
          offset={{ top: TOAST_TOP }}
          mobileOffset={{ top: TOAST_TOP }}
          duration={3000}
          visibleToasts={1}
          richColors
          closeButton={false}
        />
      </QueryClientProvider>
    </I18nRoot>
  );
}
