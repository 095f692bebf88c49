import type { AnyEndpoint } from '@gama/core/endpoints/define';
import { ApiError, createApiClient, errorMessage as serverMessage } from '@gama/core/endpoints/client';

export { ApiError } from '@gama/core/endpoints/client';

/** The server's message, with its request id when it sent one (a fault), so support can find the request. */
export function errorMessage(error: unknown): string {
  const message = serverMessage(error);
  return error instanceof ApiError && error.requestId
    ? `${message} (request id ${error.requestId})`
    : message;
}

type SessionListener = (reason: { message: string; code: string }) => void;
let onSessionLost: SessionListener = () => {};
let onEnrolmentRequired: SessionListener = () => {};

/** The app layer decides where a lost session or a required enrolment leads; the client only reports it. */
export function setSessionListeners(listeners: { lost: SessionListener; enrol: SessionListener }): void {
  onSessionLost = listeners.lost;
  onEnrolmentRequired = listeners.enrol;
}

const signedInCall = (endpoint: AnyEndpoint) => endpoint.access === 'operator';

/**
 * The console's client: every call goes through the endpoint catalogue. `X-Gama-Web: 1` makes the server keep
 * the operator session in an HttpOnly cookie and leave the token out of answers, so the browser holds no
 * secret a script could read. A 401 on a signed-in call means the session ended on the server (30 minutes
 * idle, signed out elsewhere, disabled by an owner); a 401 on sign-in is only a wrong password.
 */
export const { call, urlOf } = createApiClient({
  headers: () => ({ 'X-Gama-Web': '1' }),
  onFailure: (error, endpoint) => {
    if (!signedInCall(endpoint)) return;
    if (error.httpStatus === 401) onSessionLost({ message: error.message, code: error.code });
    else if (error.code === 'TOTP_ENROLMENT_REQUIRED')
      onEnrolmentRequired({ message: error.message, code: error.code });
  },
});

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
