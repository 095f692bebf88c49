import { endpoints } from '@gama/core/endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from './api-client.ts';
import { forgetSession } from './session.ts';

/**
 * Ends the session on the server (the cookie goes with it) and forgets everything the console held; a
 * `message` (why the console signed out by itself) is shown on the sign-in screen.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (message?: string) => {
    try {
      await call(endpoints.operatorLogout, {});
    } catch {
      // The session may already be gone on the server; signing out locally is what matters now.
    }
    // Leave the desk first, then forget: cleared while the desk is still on screen, a part of it that renders
    // on its own (a polled count) would find no operator and throw mid-render. The navigation is committed at
    // once (flushSync): as a transition it may still be rendering when `navigate` resolves, and a desk that
    // re-rendered then threw in that render (React recovered by rendering again, error #520 in CI).
    await navigate('/sign-in', {
      replace: true,
      state: message ? { notice: message } : null,
      flushSync: true,
    });
    forgetSession(queryClient);
  };
}
