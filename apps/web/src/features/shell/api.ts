import { endpoints } from '@gama/core/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { clearStoredProfile } from '../../lib/session.ts';

/**
 * Logout asks the server to kill the session first: clearing only this browser would leave a live
 * session behind. A 401 means it is already gone, which is what we wanted anyway.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(endpoints.logout),
    onSettled: (_data, error) => {
      if (error && !(error instanceof ApiError && error.httpStatus === 401)) {
        toast.error(errorMessage(error));
        return;
      }
      clearStoredProfile();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });
}
