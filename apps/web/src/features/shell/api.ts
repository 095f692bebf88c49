import { endpoints } from '@gama/core/endpoints';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { clearCachedAnswers } from '../../lib/cached-answers.ts';
import { clearStoredProfile } from '../../lib/session.ts';

/**
 * Logout asks the server to kill the session first: clearing only this browser would leave a live
 * session behind. A 401 means it is already gone, which is what we wanted anyway. The frame holds it (menu and
 * reality check), and the frame runs without the query client (decision 021): a plain call with its own state.
 */
export function useLogout(): { mutate: () => void; isPending: boolean } {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const inFlight = useRef(false);
  const mutate = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    void call(endpoints.logout)
      .then(
        () => null,
        (error: unknown) => error,
      )
      .then((error) => {
        inFlight.current = false;
        setPending(false);
        if (error && !(error instanceof ApiError && error.httpStatus === 401)) {
          toast.error(errorMessage(error));
          return;
        }
        clearStoredProfile();
        clearCachedAnswers();
        void navigate('/login', { replace: true });
      });
  }, [navigate]);
  return { mutate, isPending };
}
