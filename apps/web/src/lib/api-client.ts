import { accountMessages } from '@gama/core/contract/messages';
import type { ErrorCode } from '@gama/core/contract/errors';
import { endpoints } from '@gama/core/endpoints';
import { ApiError, createApiClient, networkMessages } from '@gama/core/endpoints/client';
import { appKey } from './app-key.ts';

export { ApiError, errorMessage, networkMessages } from '@gama/core/endpoints/client';
export type { ClientErrorCode } from '@gama/core/endpoints/client';

type SessionLostListener = (message: string) => void;
let onSessionLost: SessionLostListener = () => {};

/** The app layer decides what "session gone" means for navigation; the client only reports it. */
export function setSessionLostListener(listener: SessionLostListener): void {
  onSessionLost = listener;
}

/**
 * The player app's client. Every call goes through the endpoint catalogue: `call(endpoints.x, body)`.
 * `X-Gama-Web` asks the server to keep the session token out of bodies and in an HttpOnly cookie only. A 401 on
 * a call made for a signed-in player (or an UNAUTHENTICATED answer from a public call that needed the session,
 * such as a payout-number code) means the server session is gone. Logout handles its own 401: the session being
 * gone already is what it asked for.
 */
export const { call, urlOf } = createApiClient({
  headers: () => ({ 'X-Gama-Web': '1' }),
  legacyEnvelope: () => ({ env_type: 'Prod', app_key: appKey() }),
  onFailure: (error, endpoint) => {
    if (error.httpStatus !== 401 || endpoint === endpoints.logout) return;
    if (endpoint.access === 'player' || endpoint.access === 'betting' || error.code === 'UNAUTHENTICATED') {
      onSessionLost(error.code === 'UNAUTHENTICATED' ? error.message : accountMessages.sessionExpired);
    }
  },
});

interface PostOptions {
  /**
   * Calls made on behalf of a signed-in player. A 401 on these means the server session is gone;
   * on sign-in calls a 401 is just a wrong password and must not log anyone out.
   */
  session?: boolean;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 20_000;

function readFailure(body: unknown): { code: ErrorCode; msg: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { status, code, msg } = body as { status?: unknown; code?: unknown; msg?: unknown };
  if (status !== false || typeof msg !== 'string') return null;
  return { code: (typeof code === 'string' ? code : 'INTERNAL') as ErrorCode, msg };
}

/**
 * Untyped legacy POST, for calls whose catalogue entry has not landed yet (each use goes away as its domain
 * moves into the catalogue). The legacy contract: every call is a JSON POST carrying env_type and app_key. `X-Gama-Web` asks the
 * server to keep the session token out of the body and in an HttpOnly cookie only.
 */
export async function post<T>(path: string, body: object = {}, options: PostOptions = {}): Promise<T> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Gama-Web': '1' },
      body: JSON.stringify({ env_type: 'Prod', app_key: appKey(), ...body }),
      signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    if (timeout.aborted) throw new ApiError(networkMessages.timeout, 'TIMEOUT', 0);
    throw new ApiError(networkMessages.offline, 'NETWORK', 0);
  }

  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }

  const failure = readFailure(parsed);
  if (!response.ok || failure !== null) {
    if (response.status === 401 && options.session)
      onSessionLost(failure?.msg ?? accountMessages.sessionExpired);
    if (failure !== null) throw new ApiError(failure.msg, failure.code, response.status);
    throw new ApiError(accountMessages.somethingWrong, 'BAD_RESPONSE', response.status);
  }
  if (parsed === null) throw new ApiError(accountMessages.somethingWrong, 'BAD_RESPONSE', response.status);
  return parsed as T;
}
