import { sessionExpired } from '@gama/core/contract/failure-messages';
import { endpoints } from '@gama/core/endpoints';
import { createApiClient, errorMessage as englishErrorMessage } from '@gama/core/endpoints/client';
import { appKey } from './app-key.ts';
import { translateText } from './i18n/i18n.ts';
import { reportSessionLost } from './session-lost.ts';

export { ApiError, networkMessages } from '@gama/core/endpoints/client';

/** A failure's message (the server's spec text, or the client's own) in the player's language. */
export function errorMessage(error: unknown): string {
  return translateText(englishErrorMessage(error));
}
export type { ClientErrorCode } from '@gama/core/endpoints/client';

/**
 * The player app's client. Every call goes through the endpoint catalogue: `call(endpoints.x, body)`.
 * `X-Gama-Web` asks the server to keep the session token out of bodies and in an HttpOnly cookie only. A 401 on
 * a call made for a signed-in player (or an UNAUTHENTICATED answer from a public call that needed the session,
 * such as a payout-number code) means the server session is gone. Logout handles its own 401: the session being
 * gone already is what it asked for.
 */
export const { call, download, urlOf } = createApiClient({
  headers: () => ({ 'X-Gama-Web': '1' }),
  legacyEnvelope: () => ({ env_type: 'Prod', app_key: appKey() }),
  onFailure: (error, endpoint) => {
    if (error.httpStatus !== 401 || endpoint === endpoints.logout) return;
    if (endpoint.access === 'player' || endpoint.access === 'betting' || error.code === 'UNAUTHENTICATED') {
      reportSessionLost((error.code === 'UNAUTHENTICATED' && error.message) || sessionExpired);
    }
  },
});
