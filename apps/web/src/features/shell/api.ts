import { endpoints } from '@gama/core/endpoints';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useState } from 'react';
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
  const logout = useSingleFlight(async () => {
    setPending(true);
    const error = await call(endpoints.logout).then(
      () => null,
      (failure: unknown) => failure,
    );
    setPending(false);
    if (error && !(error instanceof ApiError && error.httpStatus === 401)) {
      toast.error(errorMessage(error));
      return;
    }
    clearStoredProfile();
    clearCachedAnswers();
    void navigate('/login', { replace: true });
  });
  return { mutate: () => void logout(), isPending };
}
