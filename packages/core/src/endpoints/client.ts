/**
 * One typed client for every app: `call(endpoints.submitBid, body)` checks the body and the answer against
 * the catalogue entry at compile time, builds the path, query and legacy envelope, and turns every failure into
 * one `ApiError`. The transport details that differ between apps (headers, the legacy envelope, what a lost
 * session means) are options.
 */
import type { ErrorCode } from '../contract/errors.ts';
import { accountMessages } from '../contract/messages.ts';
import type { AnyEndpoint, Answer, CallInput } from './define.ts';
import { fillPath, pathParams } from './define.ts';

/** Client-side failures the server never sends: the request did not get a usable answer. */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE';

export const networkMessages = {
  offline: 'No internet connection. Please check your network and try again.',
  timeout: 'The server is taking too long. Please try again.',
} as const;

/** Every failed call becomes this one shape, whatever went wrong. */
export class ApiError extends Error {
  readonly code: ErrorCode | ClientErrorCode;
  readonly httpStatus: number;
  /** The server's id of the failed request (sent with server faults), for support to find it in the logs. */
  readonly requestId: string | undefined;

  constructor(message: string, code: ErrorCode | ClientErrorCode, httpStatus: number, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.requestId = requestId;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return accountMessages.somethingWrong;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Sent as the `Idempotency-Key` header. */
  idempotencyKey?: string;
}

export interface ClientConfig {
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Prefix for every path ('' for the same origin). */
  baseUrl?: string;
  /** Headers on every call. */
  headers?: () => Record<string, string>;
  /** Fields every legacy (`/api-*`) body carries: `env_type`, `app_key`. */
  legacyEnvelope?: () => Record<string, unknown>;
  timeoutMs?: number;
  /** Told about every failure the server answered, before it is thrown (e.g. a lost session on a 401). */
  onFailure?: (error: ApiError, endpoint: AnyEndpoint) => void;
}

const isLegacy = (e: AnyEndpoint) => e.access === 'public' || e.access === 'player' || e.access === 'betting';

function readFailure(body: unknown): { code: ErrorCode; msg: string; requestId: string | undefined } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { status, code, msg, request_id } = body as {
    status?: unknown;
    code?: unknown;
    msg?: unknown;
    request_id?: unknown;
  };
  if (status !== false || typeof msg !== 'string') return null;
  return {
    code: (typeof code === 'string' ? code : 'INTERNAL') as ErrorCode,
    msg,
    requestId: typeof request_id === 'string' ? request_id : undefined,
  };
}

function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Splits a call's one input object into the path, the query (GET) or the body (other methods). */
export function requestOf(
  endpoint: AnyEndpoint,
  input: Record<string, unknown> = {},
): { url: string; body: Record<string, unknown> | undefined } {
  const names = pathParams(endpoint.path);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (!names.includes(key)) rest[key] = value;
  const path = fillPath(endpoint.path, input);
  if (endpoint.method === 'GET') return { url: path + queryString(rest), body: undefined };
  return { url: path, body: rest };
}

export type Call = <E extends AnyEndpoint>(
  endpoint: E,
  input?: CallInput<E>,
  options?: CallOptions,
) => Promise<Answer<E>>;

export interface ApiClient {
  call: Call;
  /** The URL of a GET endpoint with its input (a CSV download, a link). */
  urlOf: <E extends AnyEndpoint>(endpoint: E, input?: CallInput<E>) => string;
}

export function createApiClient(config: ClientConfig = {}): ApiClient {
  const timeoutMs = config.timeoutMs ?? 20_000;
  const base = config.baseUrl ?? '';

  async function call<E extends AnyEndpoint>(
    endpoint: E,
    input?: CallInput<E>,
    options: CallOptions = {},
  ): Promise<Answer<E>> {
    const { url, body } = requestOf(endpoint, (input ?? {}) as Record<string, unknown>);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const headers: Record<string, string> = { Accept: 'application/json', ...config.headers?.() };
    if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(isLegacy(endpoint) ? { ...config.legacyEnvelope?.(), ...body } : body);
    }

    let response: Response;
    try {
      response = await (config.fetch ?? fetch)(base + url, {
        method: endpoint.method,
        credentials: 'same-origin',
        headers,
        ...(payload === undefined ? {} : { body: payload }),
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
      const error =
        failure !== null
          ? new ApiError(failure.msg, failure.code, response.status, failure.requestId)
          : new ApiError(accountMessages.somethingWrong, 'BAD_RESPONSE', response.status);
      config.onFailure?.(error, endpoint);
      throw error;
    }
    if (parsed === null) throw new ApiError(accountMessages.somethingWrong, 'BAD_RESPONSE', response.status);
    return parsed as Answer<E>;
  }

  return {
    call,
    urlOf: (endpoint, input) => base + requestOf(endpoint, (input ?? {}) as Record<string, unknown>).url,
  };
}
