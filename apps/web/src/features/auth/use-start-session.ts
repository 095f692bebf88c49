import type { SessionResponse } from '@gama/core/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { storeProfile } from '../../lib/session.ts';

/** After login or registration: forget any previous player's cached data, remember who this is, go home. */
export function useStartSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (session: SessionResponse) => {
      queryClient.clear();
      storeProfile({ user_name: session.user_name, mobile: session.mobile });
      void navigate('/imp', { replace: true });
    },
    [queryClient, navigate],
  );
}
