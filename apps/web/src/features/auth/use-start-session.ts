import type { SessionResponse } from '@gama/core/endpoints/auth/index';
import { useCallback } from 'react';
import { clearCachedAnswers } from '../../lib/cached-answers.ts';
import { useNavigate } from '../../lib/router/index.ts';
import { storeProfile } from '../../lib/session.ts';

/** After login or registration: forget any previous player's cached data, remember who this is, go home. */
export function useStartSession() {
  const navigate = useNavigate();
  return useCallback(
    (session: SessionResponse) => {
      clearCachedAnswers();
      storeProfile({ user_name: session.user_name, mobile: session.mobile });
      void navigate('/imp', { replace: true });
    },
    [navigate],
  );
}
